import PN532

/// What a `FieldWatcher` sees happen in the reader's field and to the reader.
public enum FieldEvent: Equatable, Sendable {
    /// The reader answered for the first time, on this device.
    case opened(String)
    /// Tags came into the field, each new to it (one presentation; more than one tag when
    /// several came at once, of one family or of several in one presence round). They are selected as the chip listed them.
    case arrived([ListedTarget])
    /// A tag that was in the field is no longer.
    case removed(ListedTarget)
    /// A tag has stayed in the field longer than `FieldWatcher.Timing.restingAfter`: reported
    /// once, then set aside (see `FieldWatcher`).
    case resting(ListedTarget)
    /// The reader stopped answering: what failed. The tags it had in its field are reported
    /// removed first.
    case lost(PN532Error)
    /// A recovery step (re-wake, RSTPD_N reset, reopen) that did not bring the reader back;
    /// the next comes after a backoff.
    case recoveryFailed(step: String, reason: PN532Error)
    /// The reader answers again, after this step.
    case recovered(step: String)
}
