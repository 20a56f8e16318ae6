import PN532
import PN532Reader
import PN532Simulator

extension DeviceSpec {
    /// The in-process simulator with `tags` in its field (`sim`, `sim:TAG,…`).
    public static func simulator(_ tags: [TagSpec]) -> DeviceSpec {
        .plugged(SimulatorDevice(link: .uart, tags: tags))
    }

    /// The in-process simulator behind a simulated I2C bus (`sim-i2c`, `sim-i2c:TAG,…`).
    public static func simulatorI2C(_ tags: [TagSpec]) -> DeviceSpec {
        .plugged(SimulatorDevice(link: .i2c, tags: tags))
    }

    /// The in-process simulator behind a simulated SPI bus (`sim-spi`, `sim-spi:TAG,…`).
    public static func simulatorSPI(_ tags: [TagSpec]) -> DeviceSpec {
        .plugged(SimulatorDevice(link: .spi, tags: tags))
    }

    /// The simulated `chip` a program drives (its field, its clock), on the simulator's UART
    /// model: touch the chip only while no reader on it is in use.
    public static func simulating(_ chip: SimulatedPN532) -> DeviceSpec {
        .plugged(SimulatedChipDevice(chip: chip))
    }

    /// The tags a simulator device string puts in the field; none for another device.
    public var simulatedTags: [TagSpec] {
        guard case .plugged(let device) = self, let simulator = device as? SimulatorDevice else { return [] }
        return simulator.tags
    }
}

extension ReaderDevice {
    /// Opens the in-process simulator on `chip` (a chip a test or a scenario drives: its
    /// field, its clock).
    public static func open(simulating chip: SimulatedPN532, trace: ((TraceEvent) -> Void)? = nil) throws(ReaderError) -> ReaderDevice {
        try open(.simulating(chip), trace: trace)
    }
}
