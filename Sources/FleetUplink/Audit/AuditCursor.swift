import Basics
import DoorRecords
import JSONText

/// Where the uplink is in the audit log: the last line whose publication the broker
/// acknowledged, named by its number in the whole log (`line`), its file's rotation sequence
/// number (`seq`) and the SHA-256 of its bytes (the `prev` link the line after it carries).
/// The digest is what lets the uplink tell, after a restart, that the line it finds under
/// that number is the one it published: a log rewritten or replaced under the cursor is
/// detected (`AuditFollowerError.cursorNotInLog`) rather than skipped or resent from an
/// unrelated place.
///
/// On disk (`AuditCursorFile`) it is one JSON line:
/// `{"format":"pn532ctl-audit-cursor/1","line":N,"seq":S,"hash":"<64 hex digits>"}`.
public struct AuditCursor: Equatable, Sendable {
    /// The `format` member of the file.
    public static let format = "pn532ctl-audit-cursor/1"

    /// The line's number in the whole log (from 1).
    public var line: Int
    /// The rotation sequence number of the file it was written to (from 1).
    public var sequence: Int
    /// The SHA-256 of the line's bytes, without its newline.
    public var digest: [UInt8]

    /// The cursor at a line.
    public init(line: Int, sequence: Int, digest: [UInt8]) {
        self.line = line
        self.sequence = sequence
        self.digest = digest
    }

    /// The cursor at `line`.
    public init(_ line: AuditFollower.Line) {
        self.init(line: line.position.line, sequence: line.position.sequence, digest: line.digest)
    }

    /// The file's text: one JSON line with its newline.
    public var fileText: String {
        "{\"format\":\"\(Self.format)\",\"line\":\(line),\"seq\":\(sequence),\"hash\":\"\(Hex.encode(digest))\"}\n"
    }

    /// Reads the file's text.
    ///
    /// - Throws: `AuditCursor.DecodeError` saying what is wrong (without the file's name).
    public init(fileText bytes: [UInt8]) throws(DecodeError) {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw DecodeError("it is not UTF-8 text") }
        let members: [String: FlatJSON.Value]
        do throws(FlatJSON.ParseError) { members = try FlatJSON.object(text) } catch { throw DecodeError("it is not a JSON object (\(error))") }
        guard case .string(Self.format)? = members["format"] else { throw DecodeError("its \"format\" is not \"\(Self.format)\"") }
        guard case .number(let lineText)? = members["line"], let line = ASCIINumber.parse(lineText, as: Int.self), line >= 1 else {
            throw DecodeError("its \"line\" is not a line number (1 or more)")
        }
        guard case .number(let sequenceText)? = members["seq"], let sequence = ASCIINumber.parse(sequenceText, as: Int.self), sequence >= 1 else {
            throw DecodeError("its \"seq\" is not a rotation sequence number (1 or more)")
        }
        guard case .string(let hash)? = members["hash"], hash.utf8.count == 64, let digest = Hex.bytes(hash), digest.count == 32 else {
            throw DecodeError("its \"hash\" is not a SHA-256 in 64 hex digits")
        }
        self.init(line: line, sequence: sequence, digest: digest)
    }

    /// Why a cursor file's text is not a cursor.
    public struct DecodeError: Error, Equatable, Sendable, CustomStringConvertible {
        /// What is wrong.
        public var description: String

        init(_ description: String) {
            self.description = description
        }
    }
}
