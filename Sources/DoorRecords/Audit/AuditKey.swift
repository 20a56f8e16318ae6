import Basics
import Crypto

/// The audit log's forward-secure MAC key: the key of line `line` is
/// K(line) = HMAC-SHA256(K(line − 1), "pn532ctl audit next"), starting from a random initial
/// key. The door MACs each line with the key of its number, then evolves the key and
/// overwrites the old one (in memory and in its key file, `AuditKeyFile`), so someone who
/// takes the door later holds only keys of lines not yet written: the lines before cannot be
/// rewritten without the verifier, who holds the initial key, seeing it.
public struct AuditKey: Equatable, Sendable {
    /// The number of the line this key MACs.
    public private(set) var line: Int
    /// The key's 32 bytes.
    package private(set) var bytes: [UInt8]

    /// The length of a key.
    public static let length = 32
    private static let label = Array("pn532ctl audit next".utf8)

    /// A key for line `line`; nil unless `bytes` is 32 bytes long and `line` at least 1.
    public init?(line: Int, bytes: [UInt8]) {
        guard bytes.count == Self.length, line >= 1 else { return nil }
        self.init(checkedLine: line, bytes: bytes)
    }

    private init(checkedLine line: Int, bytes: [UInt8]) {
        self.line = line
        self.bytes = bytes
    }

    /// A new random initial key for line `line` (1 when less).
    public static func random(line: Int) -> AuditKey {
        AuditKey(checkedLine: max(1, line), bytes: SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) })
    }

    /// The MAC of a line's text (without its `mac` member): HMAC-SHA256 under this key.
    public func mac(_ text: some Collection<UInt8>) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: Array(text), using: SymmetricKey(data: bytes)))
    }

    /// Evolves the key to the next line's, overwriting the old key's bytes in place.
    public mutating func advance() {
        let next = mac(Self.label)
        bytes.withUnsafeMutableBufferPointer { old in
            for index in old.indices { old[index] = next[index] }
        }
        line += 1
    }

    /// Evolves the key up to line `target` (nothing when it is at or past it already), unless
    /// that takes more than `limit` steps (a hostile line number): then false, the key unchanged.
    @discardableResult
    public mutating func advance(to target: Int, limit: Int = AuditKey.verifierSteps) -> Bool {
        guard target - line <= limit else { return false }
        while line < target { advance() }
        return true
    }

    /// The most steps a verifier evolves a key: 2^28 lines (a line a second for 8 years; a
    /// few minutes of HMAC).
    public static let verifierSteps = 1 << 28

    /// Overwrites the key's bytes with zeros.
    public mutating func erase() {
        bytes.withUnsafeMutableBufferPointer { old in
            for index in old.indices { old[index] = 0 }
        }
    }

    /// The key as its file holds it: `pn532ctl-audit-key 1 <line> <64 hex digits>` and a newline.
    public var fileText: String {
        "\(Self.header) \(line) \(Hex.encode(bytes))\n"
    }

    static let header = "pn532ctl-audit-key 1"

    /// Reads `fileText`; nil for anything else.
    public init?(fileText: some StringProtocol) {
        var text = Substring(fileText)
        if text.last == "\n" { text.removeLast() }
        guard text.hasPrefix(Self.header + " ") else { return nil }
        let fields = text.dropFirst(Self.header.count + 1).split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 2, let line = ASCIINumber.parse(fields[0], as: Int.self), let bytes = Hex.bytes(String(fields[1])) else { return nil }
        self.init(line: line, bytes: bytes)
    }
}
