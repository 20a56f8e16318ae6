/// The settings start-up gives the chip that no command reads back, so they are always sent:
/// the SetParameters flags, the RF timeouts and the retries of tag commands.
public struct ChipDefaults: Hashable, Sendable {
    /// SetParameters: the power-on flags (automatic ATR_RES and RATS), no NAD, no DID, frames
    /// with preamble and postamble.
    public var parameters: ParameterFlags = [.automaticATRResponse, .automaticRATS]
    /// RFConfiguration item 02: the power-on ATR_RES timeout (102.4 ms) and communication
    /// timeout (51.2 ms), which a tag's EEPROM write fits in and which ends a silent tag's
    /// command well before the session's own deadline.
    public var atrResponseTimeout: RFTimeout = .defaultATRResponse
    /// The communication timeout of item 02.
    public var communicationTimeout: RFTimeout = .defaultCommunication
    /// RFConfiguration item 04, MaxRtyCOM: tag commands are not retried by the chip (a tag that
    /// does not answer is reported at once, status 01).
    public var communicationRetries: UInt8 = 0

    /// The power-on values.
    public init() {}

    /// The commands that set them, in order.
    var commands: [Command] {
        [
            .setParameters(parameters),
            .rfConfiguration(.timings(atrResponse: atrResponseTimeout, communication: communicationTimeout)),
            .rfConfiguration(.maxRetryCOM(communicationRetries)),
        ]
    }
}
