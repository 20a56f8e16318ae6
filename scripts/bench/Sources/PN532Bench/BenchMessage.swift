import NDEF

/// One-record NDEF messages of an exact encoded length, in two variants that differ in the
/// record header, type and every payload byte, so that writing one over the other changes
/// every page both cover (except the TLV header when the length is the same).
enum BenchMessage {
    /// The message that is written and read: a MIME record `text/plain` of `A5` bytes.
    case new
    /// What the tag held before: an external record `example.com:old` of `5A` bytes.
    case old

    /// The message of this variant whose encoding is `length` bytes long.
    ///
    /// - Throws: `BenchError` when no one-record message has that length (just above the
    ///   short-record limit) or the record is invalid.
    func message(length: Int) throws -> NDEFMessage {
        let (format, type, fill): (TypeNameFormat, String, UInt8) = switch self {
        case .new: (.media, "text/plain", 0xA5)
        case .old: (.nfcExternal, "example.com:old", 0x5A)
        }
        let shortPayload = length - 3 - type.utf8.count
        let payloadCount = shortPayload < 256 ? shortPayload : shortPayload - 3
        guard payloadCount >= 0, shortPayload < 256 || payloadCount >= 256 else {
            throw BenchError("no one-record \(type) message is \(length) bytes long")
        }
        let payload = [UInt8](repeating: fill, count: payloadCount)
        let message = NDEFMessage(records: [try NDEFRecord(format: format, type: Array(type.utf8), payload: payload)])
        guard message.encoded().count == length else { throw BenchError("built \(message.encoded().count) bytes, not \(length)") }
        return message
    }
}
