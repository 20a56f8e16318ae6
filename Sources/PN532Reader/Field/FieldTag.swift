import NFCCore
import PN532

/// A tag the field watcher reported, as a client that speaks no chip command sees it: what
/// its activation said, and a way to reach it.
public struct FieldTag {
    /// The activation bytes (UID, ATQA/SAK/ATS, IDm/PMm, ATQB, JEWELID).
    public var info: TargetInfo { target.info }
    private let target: ListedTarget
    private let session: PN532Session?

    /// `target` as listed over `session` (nil: the reader is down).
    init(_ target: ListedTarget, session: PN532Session?) {
        self.target = target
        self.session = session
    }

    /// An exchange that sends tag commands to it over the session it was listed on; nil when
    /// the reader was down.
    public func exchange() -> (any TagExchange)? {
        session.map { TargetExchange(session: $0, target: target) }
    }
}

extension FieldWatcher {
    /// Whether FeliCa, type B and Jewel are polled between the waits for a type A tag (all of
    /// them, one activation attempt each), or type A is watched alone. A change takes effect
    /// at the next wait for a tag.
    public var pollsOtherFamilies: Bool {
        get { !otherFamilies.isEmpty }
        set { otherFamilies = newValue ? PN532Session.otherModulations : [] }
    }

    /// `target`, from one of this watcher's events, over its current session.
    public func tag(_ target: ListedTarget) -> FieldTag {
        FieldTag(target, session: session)
    }
}
