/// Reads the fields of a response payload in order, throwing ``ReplyError``s that name the
/// command and keep the payload.
struct ReplyReader {
    let command: CommandCode
    let payload: [UInt8]
    private(set) var position = 0

    /// Starts reading `payload` after checking that it begins with `command`'s response code.
    init(_ payload: [UInt8], replyTo command: CommandCode) throws(ReplyError) {
        self.command = command
        self.payload = payload
        let code = try byte("response code")
        guard code == command.responseCode else {
            throw error(.wrongResponseCode(code))
        }
    }

    /// How many bytes are left.
    var remaining: Int {
        payload.count - position
    }

    mutating func byte(_ field: String) throws(ReplyError) -> UInt8 {
        try bytes(1, field)[0]
    }

    mutating func bytes(_ count: Int, _ field: String) throws(ReplyError) -> [UInt8] {
        guard remaining >= count else {
            throw error(.tooShort(field: field, needed: count, available: remaining))
        }
        defer { position += count }
        return Array(payload[position..<(position + count)])
    }

    /// Every byte left.
    mutating func rest() -> [UInt8] {
        defer { position = payload.count }
        return Array(payload[position...])
    }

    /// Checks that the whole payload has been read.
    func finish() throws(ReplyError) {
        guard remaining == 0 else {
            throw error(.inconsistentLength(expected: position))
        }
    }

    func error(_ reason: ReplyError.Reason) -> ReplyError {
        ReplyError(command: command, payload: payload, reason: reason)
    }
}
