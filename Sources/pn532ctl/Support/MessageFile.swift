import Basics
import FileInput
import NFCCore
import Type2

/// A file holding an NDEF message, binary or as hex text, bounded by the largest tag we
/// write: a message that no tag can hold is refused before it is decoded.
enum MessageFile {
    /// How the file's bytes are written.
    enum Format {
        /// Hex text when the file holds only hex digits, white space and ':'; else binary.
        case auto
        /// Hex text.
        case hex
        /// The message's bytes.
        case binary
    }

    /// The memory of the largest tag we write, in bytes (NTAG216: 231 pages, 924 bytes): no
    /// NDEF message, record payload or data area read from a file can be larger.
    static let largestTag = Type2Product.allCases.map { $0.pageCount * 4 }.max() ?? 0

    /// The most bytes an NDEF message (or a record's payload, or a data area) read from a
    /// file may have.
    static let messageLimit = InputLimit(bytes: largestTag, for: "an NDEF message (the memory of the largest tag, an NTAG216)")

    /// The most bytes the file may have: hex text takes up to four characters a byte
    /// (two digits, a separator, line breaks).
    static let fileLimit = InputLimit(bytes: 4 * largestTag, for: "an NDEF message file (hex text of the largest tag's memory)")

    /// The message bytes of `path` (`-`: standard input).
    ///
    /// - Throws: 66/77/74 when the file cannot be read, 65 when it is larger than `fileLimit`,
    ///   is not hex when hex is asked for, or decodes to more than `messageLimit` bytes.
    static func read(_ path: String, format: Format = .auto) throws(CLIError) -> [UInt8] {
        let raw = try FileIO.read(path, limit: fileLimit)
        // A binary message begins with a header whose MB bit is set (a byte of 0x80 or more):
        // a file of plain ASCII text is hex, and a typo in it is an error, never binary.
        let isHex = switch format {
        case .auto: Hex.looksLikeHex(raw) || isPlainText(raw)
        case .hex: true
        case .binary: false
        }
        let bytes: [UInt8]
        do throws(CLIError) { bytes = isHex ? try Hex.decode(String(decoding: raw, as: UTF8.self)) : raw } catch {
            throw CLIError(message: "\(path == "-" ? "standard input" : path): hex text: \(error.message)", exitCode: error.exitCode)
        }
        guard bytes.count <= messageLimit.bytes else {
            throw FileIO.cliError(FileInputError(name: path == "-" ? "standard input" : path, .tooLarge(messageLimit)))
        }
        return bytes
    }

    /// True when `bytes` are printable ASCII and line breaks only.
    private static func isPlainText(_ bytes: [UInt8]) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy { (0x20...0x7E).contains($0) || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }
}
