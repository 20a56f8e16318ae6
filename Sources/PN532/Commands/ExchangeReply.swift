/// The reply to InDataExchange (`41 Status DataIn…`) or InCommunicateThru
/// (`43 Status DataIn…`): the chip's status and what the target answered.
public struct ExchangeReply: Hashable, Sendable {
    /// The command answered: `.inDataExchange` or `.inCommunicateThru`.
    public var command: CommandCode
    /// The status; `data` is the target's answer only when it is a success. InDataExchange
    /// sets its MI bit when more of the answer follows; InCommunicateThru reports `01` when
    /// the target did not answer.
    public var status: PN532Status
    /// The bytes the target answered, without its framing.
    public var data: [UInt8]

    /// Creates a reply from its fields.
    public init(command: CommandCode, status: PN532Status, data: [UInt8] = []) {
        self.command = command
        self.status = status
        self.data = data
    }

    /// Reads a response payload to `command`.
    public init(payload: [UInt8], command: CommandCode) throws(ReplyError) {
        var reader = try ReplyReader(payload, replyTo: command)
        self.command = command
        status = PN532Status(rawValue: try reader.byte("status"))
        data = reader.rest()
    }

    /// The response payload, response code first.
    public var payload: [UInt8] {
        [command.responseCode, status.rawValue] + data
    }
}
