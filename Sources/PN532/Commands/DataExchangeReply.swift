/// The reply to InDataExchange: `41 Status DataIn…`.
public struct DataExchangeReply: Hashable, Sendable {
    /// The status; `data` is the target's answer only when it is a success.
    public var status: PN532Status
    /// The bytes the target answered, without its framing.
    public var data: [UInt8]

    /// Creates a reply from its fields.
    public init(status: PN532Status, data: [UInt8] = []) {
        self.status = status
        self.data = data
    }

    /// Reads an InDataExchange response payload.
    public init(payload: [UInt8]) throws(ReplyError) {
        (status, data) = try readStatusAndData(payload, replyTo: .inDataExchange)
    }

    /// The response payload, response code first.
    public var payload: [UInt8] {
        [CommandCode.inDataExchange.responseCode, status.rawValue] + data
    }
}
