import PN532
import PN532Simulator

extension DeviceSpec {
    /// True for a PN532 on I2C (i2c-dev or the simulated bus): the one bus with an IRQ line
    /// to wait on, and no UART rate.
    public var isOnI2C: Bool {
        switch self {
        case .i2c, .simulatorI2C: true
        case .simulator, .uart: false
        }
    }

    /// True for a real i2c-dev PN532, whose IRQ pin a GPIO line can be wired to.
    public var takesInterruptLine: Bool {
        if case .i2c = self { return true }
        return false
    }

    /// True for the in-process simulator (not behind its I2C model).
    public var isSimulator: Bool {
        if case .simulator = self { return true }
        return false
    }

    /// The tags a simulator device string puts in the field; none for a real device.
    public var simulatedTags: [TagSpec] {
        switch self {
        case .simulator(let tags), .simulatorI2C(let tags): tags
        case .uart, .i2c: []
        }
    }

    /// True when `text` is a UART device string that states its rate (`uart:/dev/PATH:BAUD`).
    public static func statesRate(_ text: String) -> Bool {
        guard text.unicodeScalars.starts(with: "uart:".unicodeScalars) else { return false }
        return text.unicodeScalars.filter { $0 == ":" }.count > 1
    }

    /// This device with `rate` as its UART rate; other devices unchanged.
    public func withRate(_ rate: BaudRate) -> DeviceSpec {
        guard case .uart(let path, _) = self else { return self }
        return .uart(path: path, rate: rate)
    }
}
