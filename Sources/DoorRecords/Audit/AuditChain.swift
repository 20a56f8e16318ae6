import Basics
import Crypto
import JSONText

/// The audit log's tamper evidence. Every line ends with
/// `"seq":S,"line":N,"prev":"<hex>"` and, when the door holds an audit key, `"mac":"<hex>"`:
///
/// - `seq`, the rotation sequence number of the file the line was written to (1 for the
///   first file, one more at each rotation);
/// - `line`, the line's number in the whole log (from 1, never restarting at a rotation), so
///   lines cut from the end of a rotated file, or a whole rotated file, leave a gap;
/// - `prev`, the SHA-256 of the previous line's bytes (without its newline), in uppercase hex
///   (64 zeros for the first line ever written; across a rotation the last line of the file
///   rotated away);
/// - `mac`, HMAC-SHA256 of the line's bytes up to `mac` (the line without its `mac` member)
///   under the forward-secure key of line `line` (`AuditKey`).
///
/// Logs written before `seq` and `line` existed hold only `prev`; they still read, and
/// `door log --verify` checks their hash chain and says they are unkeyed.
public enum AuditChain {
    /// The link of the first line ever written.
    public static let genesis = [UInt8](repeating: 0, count: 32)

    /// Where a line stands: its file's rotation sequence number and its number in the log.
    public struct Position: Equatable, Sendable {
        /// The rotation sequence number of its file.
        public var sequence: Int
        /// The line's number in the whole log, from 1.
        public var line: Int

        /// A position.
        public init(sequence: Int, line: Int) {
            self.sequence = sequence
            self.line = line
        }
    }

    /// What a line's chain members say.
    public struct Link: Equatable, Sendable {
        /// Its position; nil in a line written before positions existed.
        public var position: Position?
        /// The SHA-256 of the line before it.
        public var previous: [UInt8]
        /// Its MAC, when the door held a key.
        public var mac: [UInt8]?
    }

    /// The SHA-256 of a line's bytes (without its newline).
    public static func digest(_ line: some Collection<UInt8>) -> [UInt8] {
        Array(SHA256.hash(data: Array(line)))
    }

    /// `jsonLine` (an object written by `AuditEntry.jsonLine`) with `seq`, `line` and `prev`
    /// added as its last members.
    public static func linked(_ jsonLine: String, previous: [UInt8], at position: Position) -> String {
        var line = jsonLine
        if line.last == "}" { line.removeLast() }
        return line + ",\"seq\":\(position.sequence),\"line\":\(position.line),\"prev\":\"" + Hex.encode(previous) + "\"}"
    }

    /// A linked line with `mac` added as its last member.
    public static func sealed(_ linkedLine: String, mac: [UInt8]) -> String {
        var line = linkedLine
        if line.last == "}" { line.removeLast() }
        return line + ",\"mac\":\"" + Hex.encode(mac) + "\"}"
    }

    /// The bytes a line's MAC covers: the line without its `mac` member (the line itself when it has none).
    public static func macCovered(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard line.count > macMemberLength + 1 else { return line }
        let start = line.index(line.endIndex, offsetBy: -(macMemberLength + 1))
        guard line[start...].starts(with: Array(",\"mac\":\"".utf8)) else { return line }
        return line[..<start] + [UInt8(ascii: "}")]
    }

    /// The bytes `sealed` adds: `,"mac":"` + 64 hex digits + `"`.
    public static let macMemberLength = 8 + 64 + 1

    /// The chain members a line holds, when it holds a valid `prev`.
    public static func link(of line: some StringProtocol) -> Link? {
        guard let members = try? FlatJSON.object(line),
              case .string(let text)? = members["prev"],
              let previous = Hex.bytes(text), previous.count == 32
        else { return nil }
        var link = Link(previous: previous)
        if case .number(let sequence)? = members["seq"], case .number(let number)? = members["line"],
           let sequence = ASCIINumber.parse(sequence, as: Int.self), let number = ASCIINumber.parse(number, as: Int.self),
           sequence >= 1, number >= 1 {
            link.position = Position(sequence: sequence, line: number)
        }
        if case .string(let mac)? = members["mac"], let bytes = Hex.bytes(mac), bytes.count == 32 { link.mac = bytes }
        return link
    }
}
