import PN532

/// What one operation cost on the in-process simulator: the session's counts, the modelled
/// time on the virtual clock, and the floor for the same commands.
struct OperationCost {
    /// Round trips, bytes, resends and NACKs of the operation alone.
    var statistics: SessionStatistics
    /// How far the link's virtual clock moved.
    var modelled: Duration
    /// The least any host needs for the same commands.
    var floor: Floor

    /// Modelled time over the floor's time.
    var ratio: Double {
        Double(modelled.nanoseconds) / Double(max(1, floor.time.nanoseconds))
    }
}

extension SessionStatistics {
    /// The counts accumulated since `earlier`.
    func since(_ earlier: SessionStatistics) -> SessionStatistics {
        var delta = SessionStatistics()
        delta.commands = commands - earlier.commands
        delta.bytesSent = bytesSent - earlier.bytesSent
        delta.bytesReceived = bytesReceived - earlier.bytesReceived
        delta.resends = resends - earlier.resends
        delta.nacks = nacks - earlier.nacks
        return delta
    }
}
