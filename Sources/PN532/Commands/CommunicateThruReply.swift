/// The reply to InCommunicateThru: `43 Status DataIn…`.
public struct CommunicateThruReply: Hashable, Sendable {
    /// The status; `01` when the target did not answer.
    public var status: PN532Status
    /// The bytes the target answered, as received.
    public var data: [UInt8]

    /// Creates a reply from its fields.
    public init(status: PN532Status, data: [UInt8] = []) {
        self.status = status
        self.data = data
    }

    /// Reads an InCommunicateThru response payload.
    public init(payload: [UInt8]) throws(ReplyError) {
        (status, data) = try readStatusAndData(payload, replyTo: .inCommunicateThru)
    }

    /// The response payload, response code first.
    public var payload: [UInt8] {
        [CommandCode.inCommunicateThru.responseCode, status.rawValue] + data
    }
}
