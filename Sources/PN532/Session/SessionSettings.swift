import NFCCore
/// Timeouts and retry counts of a session.
public struct SessionSettings: Sendable {
    /// How long to wait for the ACK after a command has left, before resending it. UM0701
    /// §6.2.3: the chip ACKs within 15 ms.
    public var acknowledgementWindow: Duration = .milliseconds(30)
    /// How many times a command is sent before giving up for lack of an ACK.
    public var sendAttempts = 3
    /// How many NACKs are sent for corrupt responses before giving up.
    public var nackAttempts = 3
    /// The response deadline for commands that do not say otherwise.
    public var responseTimeout: Duration = .seconds(1)

    /// The defaults.
    public init() {}
}
