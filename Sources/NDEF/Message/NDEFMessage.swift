/// An NDEF message: one or more records.
///
/// This is Core NFC's `NFCNDEFMessage`. A message with no records is what an empty NDEF TLV
/// (`03 00`) holds: it encodes to zero bytes.
public struct NDEFMessage: Hashable, Sendable {
    /// The records, in order.
    public var records: [NDEFRecord]

    /// Creates a message from its records.
    public init(records: [NDEFRecord]) {
        self.records = records
    }

    /// The empty message, as held by a freshly formatted tag.
    public static let empty = NDEFMessage(records: [])

    /// The encoded size in bytes, without chunking: what has to fit the tag's capacity.
    public var length: Int {
        records.reduce(0) { $0 + $1.length }
    }

    /// Decodes a message from its bytes.
    ///
    /// - Parameter mode: `.strict` (default) rejects every violation of the NDEF rules;
    ///   `.lenient` accepts the flag and type-name-format mistakes tags in the wild have, but
    ///   never structural ones (lengths beyond the data, truncation).
    /// - Throws: `NDEFError` with the byte offset and the reason.
    public init(decoding bytes: [UInt8], mode: DecodingMode = .strict) throws(NDEFError) {
        var decoder = MessageDecoder(bytes: bytes, mode: mode)
        self.init(records: try decoder.decode())
    }

    /// The message's bytes.
    ///
    /// - Parameter maximumChunkSize: when given, payloads longer than this are split into
    ///   chunks (CF flag) of at most this many payload bytes. Must be at least 1.
    public func encoded(maximumChunkSize: Int? = nil) -> [UInt8] {
        precondition(maximumChunkSize.map { $0 > 0 } ?? true, "chunk size must be positive")
        var out: [UInt8] = []
        out.reserveCapacity(length)
        for (index, record) in records.enumerated() {
            record.encode(
                into: &out,
                messageBegin: index == 0,
                messageEnd: index == records.count - 1,
                maximumChunkSize: maximumChunkSize)
        }
        return out
    }
}

/// How strictly to decode NDEF data.
public enum DecodingMode: Hashable, Sendable {
    /// Every NDEF rule enforced.
    case strict
    /// Flag and type-name-format mistakes tolerated; invalid text replaced, not rejected.
    /// Structural errors are still errors.
    case lenient
}
