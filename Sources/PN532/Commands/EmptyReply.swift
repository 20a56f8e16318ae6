/// A reply with no data, only the response code: to SAMConfiguration, RFConfiguration,
/// SetParameters, SetSerialBaudRate and WriteRegister.
public struct EmptyReply: Hashable, Sendable {
    /// The command answered.
    public var command: CommandCode

    /// Creates the reply to `command`.
    public init(command: CommandCode) {
        self.command = command
    }

    /// Checks that `payload` is exactly `command`'s response code.
    public init(payload: [UInt8], command: CommandCode) throws(ReplyError) {
        let reader = try ReplyReader(payload, replyTo: command)
        try reader.finish()
        self.command = command
    }

    /// The response payload: the response code alone.
    public var payload: [UInt8] {
        [command.responseCode]
    }
}
