/// An ISO/IEC 7816-4 response APDU: the answer data, then the status word SW1 SW2.
public struct ResponseAPDU: Hashable, Sendable {
    /// The answer data, without the status word.
    public var data: [UInt8]
    /// The status word.
    public var status: StatusWord

    /// A response of `data` and `status`.
    public init(data: [UInt8], status: StatusWord) {
        self.data = data
        self.status = status
    }

    /// Decodes the bytes a card answered.
    ///
    /// - Throws: ``ISO7816Error/malformedResponse(byteCount:)`` for fewer than two bytes (no
    ///   status word).
    public init(bytes: [UInt8]) throws(ISO7816Error) {
        guard bytes.count >= 2 else { throw .malformedResponse(byteCount: bytes.count) }
        data = Array(bytes.dropLast(2))
        status = StatusWord(bytes[bytes.count - 2], bytes[bytes.count - 1])
    }

    /// The data, then SW1 SW2.
    public var bytes: [UInt8] {
        data + [status.sw1, status.sw2]
    }
}
