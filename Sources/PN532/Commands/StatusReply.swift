/// A reply that is only a status byte: to InDeselect, InRelease, InSelect and PowerDown.
public struct StatusReply: Hashable, Sendable {
    /// The command answered.
    public var command: CommandCode
    /// The status.
    public var status: PN532Status

    /// Creates a reply from its fields.
    public init(command: CommandCode, status: PN532Status) {
        self.command = command
        self.status = status
    }

    /// Reads a response payload to `command` that must be exactly its code and a status.
    public init(payload: [UInt8], command: CommandCode) throws(ReplyError) {
        var reader = try ReplyReader(payload, replyTo: command)
        self.command = command
        status = PN532Status(rawValue: try reader.byte("status"))
        try reader.finish()
    }

    /// The response payload, response code first.
    public var payload: [UInt8] {
        [command.responseCode, status.rawValue]
    }
}
