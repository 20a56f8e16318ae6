/// What may wake the PN532 from PowerDown: the WakeUpEnable byte.
public struct WakeUpSources: OptionSet, Hashable, Sendable {
    public var rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let int0 = WakeUpSources(rawValue: 0x01)
    public static let int1 = WakeUpSources(rawValue: 0x02)
    /// An external RF field.
    public static let rfLevelDetector = WakeUpSources(rawValue: 0x08)
    /// The high speed UART.
    public static let hsu = WakeUpSources(rawValue: 0x10)
    public static let spi = WakeUpSources(rawValue: 0x20)
    /// The P32 and P34 GPIO pins.
    public static let gpio = WakeUpSources(rawValue: 0x40)
    public static let i2c = WakeUpSources(rawValue: 0x80)
}
