/// What the door's reader reports.
public enum ReaderEvent: Equatable, Sendable {
    /// A tag came into the field and was read (one event per presentation).
    case presented(Presentation)
    /// The tag of the last presentation left the field.
    case removed(uid: [UInt8])
    /// A tag has stayed on the reader longer than `Timing.restingAfter`: reported once, then
    /// set aside, so that cards that come later are decided on their own.
    case resting(uid: [UInt8], after: Duration)
    /// The reader answered for the first time, on this device.
    case opened(String)
    /// The reader stopped answering, and why.
    case lost(String)
    /// A recovery step that did not bring it back yet, and when the next comes.
    case recoveryFailed(step: String, reason: String)
    /// The reader answers again, after which step.
    case recovered(step: String)
}
