extension Frame {
    /// What the frame is, in the words of a trace: `ACK`, `NACK`, `syntax error`,
    /// `GetFirmwareVersion` for a command, `GetFirmwareVersion response` for its answer.
    public var summary: String {
        switch self {
        case .ack: return "ACK"
        case .nack: return "NACK"
        case .error: return "syntax error"
        case .information(.hostToChip, let payload):
            return payload.first.flatMap { CommandCode(rawValue: $0)?.name } ?? "unknown command"
        case .information(.chipToHost, let payload):
            return payload.first.flatMap { CommandCode(responseCode: $0)?.name }.map { $0 + " response" } ?? "unknown response"
        }
    }
}
