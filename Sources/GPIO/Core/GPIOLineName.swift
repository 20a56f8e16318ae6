/// A line as the board names it (`GPIO17`): the offset on the board's GPIO chip, never a
/// sysfs number.
public struct GPIOLineName: Equatable, CustomStringConvertible, Sendable {
    /// The offset on the chip (17 for GPIO17).
    public let offset: Int

    /// Parses `GPIO17` (any case); other spellings, including bare numbers, are refused.
    public init(_ text: String) throws(GPIOError) {
        let upper = text.uppercased()
        guard upper.hasPrefix("GPIO"), let offset = Int(upper.dropFirst(4)), offset >= 0, offset < 1024,
            String(offset) == upper.dropFirst(4)
        else { throw .invalidLineName(text) }
        self.offset = offset
    }

    public var description: String { "GPIO\(offset)" }
}
