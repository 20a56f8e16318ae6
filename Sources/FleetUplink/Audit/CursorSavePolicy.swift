/// When the uplink writes its audit cursor: after `acknowledgements` lines acknowledged or
/// `interval` after the last save, whichever comes first, and always at stop. Between saves a
/// restart sends those lines again (a collector drops them by `line`); each save is an fsync,
/// so saving at every acknowledgement would cost the SD card a write per line.
public struct CursorSavePolicy {
    /// Lines acknowledged that make a save due.
    public let acknowledgements: Int
    /// Time after the last save that makes a save due (when the cursor moved).
    public let interval: Duration

    private var unsaved = 0
    private var lastSave: ContinuousClock.Instant

    /// A policy whose first interval starts at `start`.
    public init(acknowledgements: Int, interval: Duration, start: ContinuousClock.Instant) {
        self.acknowledgements = max(1, acknowledgements)
        self.interval = interval
        lastSave = start
    }

    /// Counts `count` lines the cursor moved by.
    public mutating func advanced(by count: Int) {
        unsaved += max(0, count)
    }

    /// True when the cursor moved and a save is due at `now`.
    public func isDue(at now: ContinuousClock.Instant) -> Bool {
        guard unsaved > 0 else { return false }
        return unsaved >= acknowledgements || now - lastSave >= interval
    }

    /// Records a save at `now`.
    public mutating func saved(at now: ContinuousClock.Instant) {
        unsaved = 0
        lastSave = now
    }
}
