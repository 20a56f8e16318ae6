/// UIDs as configuration files write them: hex, colons between bytes optional, any case;
/// printed fixed-width, uppercase and colon-separated so a leading zero is never lost.
public enum UIDNotation {
    /// The UID lengths ISO 14443-A allows: single, double and triple size.
    public static let lengths = [4, 7, 10]

    /// `04:A2:2B:1A:5C:6E:80`.
    public static func format(_ uid: [UInt8]) -> String {
        hex(uid, separator: ":")
    }

    /// Every byte as two uppercase hex digits, `separator` between bytes.
    public static func hex(_ bytes: [UInt8], separator: String) -> String {
        let digits = Array("0123456789ABCDEF")
        return bytes.map { String([digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]]) }.joined(separator: separator)
    }

    /// The bytes of `04A22B1A5C6E80` or `04:a2:2b:1a:5c:6e:80`, or why the text is not a UID.
    public static func parse(_ text: String) -> Result<[UInt8], UIDNotationError> {
        let groups = text.split(separator: ":", omittingEmptySubsequences: false)
        let pairs: [Substring]
        if groups.count == 1 {
            guard text.count.isMultiple(of: 2) else { return .failure(UIDNotationError("has an odd number of hex digits")) }
            pairs = stride(from: 0, to: text.count, by: 2).map { offset in
                let start = text.index(text.startIndex, offsetBy: offset)
                return text[start..<text.index(start, offsetBy: 2)]
            }
        } else {
            guard groups.allSatisfy({ $0.count == 2 }) else { return .failure(UIDNotationError("must have two hex digits between colons")) }
            pairs = groups
        }
        var bytes: [UInt8] = []
        for pair in pairs {
            guard pair.allSatisfy(\.isHexDigit), let byte = UInt8(pair, radix: 16) else {
                return .failure(UIDNotationError("\"\(pair)\" is not a hex byte"))
            }
            bytes.append(byte)
        }
        guard lengths.contains(bytes.count) else {
            return .failure(UIDNotationError("is \(bytes.count) bytes; a UID has 4, 7 or 10"))
        }
        return .success(bytes)
    }
}

/// Why a UID's text was refused.
public struct UIDNotationError: Error, Equatable, Sendable {
    /// The reason, to follow the UID in a message.
    public var reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}
