import NFCCore

/// The most GET RESPONSE and Le-correction rounds one command may take: a card that still
/// announces more after this many is answering without end.
public let maximumResponseRounds = 256

extension TagExchange {
    /// Sends `command` to an ISO-DEP card and returns its response.
    ///
    /// A `61 xx` answer (more bytes waiting) is followed by GET RESPONSE (`00 C0 00 00 xx`) and
    /// the parts joined; a `6C xx` answer (wrong Le) sends the command again once with Le =
    /// xx. Both are bounded (``maximumResponseRounds`` rounds, 65536 answer bytes in all).
    ///
    /// - Throws: ``ISO7816Error``: `.commandTooLong` before sending anything when the reader
    ///   cannot carry the command; `.exchange` when the link fails; `.malformedResponse`,
    ///   `.endlessResponse`, `.responseTooLong` for an answer that breaks the protocol (more
    ///   data than Le asked for in a single answer; 256 without Le).
    public func exchange(_ command: CommandAPDU) throws(ISO7816Error) -> ResponseAPDU {
        let limit = CommandAPDU.maximumExpectedLength
        var asked = command.expectedLength ?? 256
        var response = try transmit(command)
        var data: [UInt8] = []
        var rounds = 0
        var corrected = false
        while true {
            if let length = response.status.correctExpectedLength, !corrected {
                corrected = true
                asked = length
                response = try transmit(try command.expecting(length))
            } else if let count = response.status.bytesAvailable {
                data += response.data
                asked = limit
                guard data.count <= limit else { throw .responseTooLong(byteCount: data.count, limit: limit) }
                response = try transmit(try CommandAPDU(instruction: 0xC0, p1: 0x00, p2: 0x00, expectedLength: count))
            } else {
                break
            }
            rounds += 1
            guard rounds < maximumResponseRounds else { throw .endlessResponse(rounds: rounds) }
        }
        data += response.data
        guard data.count <= asked else { throw .responseTooLong(byteCount: data.count, limit: asked) }
        return ResponseAPDU(data: data, status: response.status)
    }

    /// One command, one answer, decoded.
    private func transmit(_ command: CommandAPDU) throws(ISO7816Error) -> ResponseAPDU {
        let bytes = command.bytes
        guard bytes.count <= maximumCommandLength else { throw .commandTooLong(length: bytes.count, limit: maximumCommandLength) }
        let answer: [UInt8]
        do throws(TagExchangeError) { answer = try exchange(bytes, answer: .frame) } catch { throw .exchange(error) }
        return try ResponseAPDU(bytes: answer)
    }
}
