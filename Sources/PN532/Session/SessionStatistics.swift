/// Counts of what a session did: the figures benchmarks report.
public struct SessionStatistics: Hashable, Sendable {
    /// Commands that got their response (host round trips).
    public var commands = 0
    /// Bytes written to the link.
    public var bytesSent = 0
    /// Bytes read from the link.
    public var bytesReceived = 0
    /// Commands sent again because no ACK came.
    public var resends = 0
    /// NACKs sent for corrupt responses.
    public var nacks = 0

    /// All zero.
    public init() {}
}
