/// UIDs in the audit log: two uppercase hex digits a byte, no separators, so leading zero
/// bytes are kept (`04A22B1A5C6E80`, `00A1B2C3`).
enum AuditHex {
    private static let digits = Array("0123456789ABCDEF".utf8)

    /// `bytes` as uppercase hex.
    static func encode(_ bytes: [UInt8]) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes of hex text in either case; nil for an odd count or a non-hex character.
    static func decode(_ text: some StringProtocol) -> [UInt8]? {
        var bytes: [UInt8] = []
        var high: UInt8?
        for character in text {
            guard character.isASCII, let value = character.hexDigitValue else { return nil }
            if let first = high {
                bytes.append(first << 4 | UInt8(value))
                high = nil
            } else {
                high = UInt8(value)
            }
        }
        return high == nil ? bytes : nil
    }
}
