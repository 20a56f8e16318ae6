import PN532

extension DeviceSpec {
    /// The bus the PN532 is on.
    public var link: LinkKind {
        switch self {
        case .uart: .uart
        case .i2c: .i2c
        case .spi: .spi
        case .plugged(let device): device.link
        }
    }

    /// True for a PN532 on I2C (i2c-dev or a simulated bus): the one bus with an IRQ line
    /// to wait on, and no UART rate.
    public var isOnI2C: Bool { link == .i2c }

    /// True for a PN532 on SPI (spidev or a simulated bus): an IRQ line to wait on, no UART rate.
    public var isOnSPI: Bool { link == .spi }

    /// True for a real i2c-dev or spidev PN532, whose IRQ pin a GPIO line can be wired to.
    public var takesInterruptLine: Bool {
        switch self {
        case .i2c, .spi: true
        default: false
        }
    }

    /// True for a simulated chip (not hardware) on the simulator's UART model: `sim`, not
    /// `sim-i2c`.
    public var isSimulator: Bool {
        if case .plugged(let device) = self { return device.isSimulated && device.link == .uart }
        return false
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

    /// This device with `bitsPerSecond` as its UART rate (other devices unchanged); nil when
    /// that is no rate the PN532 runs at.
    public func withRate(bitsPerSecond: Int) -> DeviceSpec? {
        BaudRate(bitsPerSecond: bitsPerSecond).map(withRate)
    }
}
