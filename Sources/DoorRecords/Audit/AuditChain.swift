import Basics
import Crypto
import JSONText

/// The audit log's tamper evidence: every line ends with a `"prev"` member holding the
/// SHA-256 of the previous line's bytes (without its newline), in uppercase hex; the first
/// line ever written holds 64 zeros. Rotation keeps the chain: the first line of a new file
/// links to the last line of the file rotated away. Changing, inserting or removing a line
/// breaks the link of the line after it; removing lines at the very end (or whole rotated
/// files at the start) is not seen by the chain itself.
public enum AuditChain {
    /// The link of the first line ever written.
    public static let genesis = [UInt8](repeating: 0, count: 32)

    /// The SHA-256 of a line's bytes (without its newline).
    public static func digest(_ line: some Collection<UInt8>) -> [UInt8] {
        Array(SHA256.hash(data: Array(line)))
    }

    /// `jsonLine` (an object written by `AuditEntry.jsonLine`) with `"prev"` added as its last member.
    public static func linked(_ jsonLine: String, previous: [UInt8]) -> String {
        var line = jsonLine
        if line.last == "}" { line.removeLast() }
        return line + ",\"prev\":\"" + Hex.encode(previous) + "\"}"
    }

    /// The link a line holds, when it holds one.
    public static func link(of line: some StringProtocol) -> [UInt8]? {
        guard case .string(let text)? = try? FlatJSON.object(line)["prev"] else { return nil }
        return Hex.bytes(text).flatMap { $0.count == 32 ? $0 : nil }
    }
}
