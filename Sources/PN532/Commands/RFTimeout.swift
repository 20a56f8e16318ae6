/// A timeout of RFConfiguration's timings item: code 0 means none, code n (1 … 16) means
/// 100 µs × 2ⁿ⁻¹, from 100 µs to about 3.28 s.
public struct RFTimeout: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The code sent to the PN532, 0 … 0x10.
    public let rawValue: UInt8

    /// The timeout of `rawValue`, or `nil` for codes above 0x10.
    public init?(rawValue: UInt8) {
        guard rawValue <= 0x10 else { return nil }
        self.rawValue = rawValue
    }

    private init(code: UInt8) {
        rawValue = code
    }

    /// No timeout.
    public static let none = RFTimeout(code: 0x00)
    /// 51.2 ms, the PN532's default communication timeout.
    public static let defaultCommunication = RFTimeout(code: 0x0A)
    /// 102.4 ms, the PN532's default ATR_RES timeout.
    public static let defaultATRResponse = RFTimeout(code: 0x0B)

    /// The duration in microseconds, or `nil` for no timeout.
    public var microseconds: Int? {
        rawValue == 0 ? nil : 100 << (Int(rawValue) - 1)
    }

    public var description: String {
        guard let microseconds else { return "no timeout" }
        return microseconds < 1000 ? "\(microseconds) µs" : "\(Double(microseconds) / 1000) ms"
    }
}
