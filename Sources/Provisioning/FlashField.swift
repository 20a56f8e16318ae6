import Basics
import NFCCore
import PN532Reader
import PN532

/// The reader's field during a flash run, on one session for the whole run, through
/// `NFCReader`'s field watcher: waits for exactly one tag and for a tag to leave, asking
/// `isInterrupted` between waits so that Ctrl-C is noticed within a fraction of a second.
final class FlashField {
    private let session: PN532Session
    private let watcher: FieldWatcher
    private let isInterrupted: () -> Bool
    /// The tag `waitForOneTag` returned last, until it is seen to leave.
    private var handedOut: [UInt8]?

    /// How long one wait on the field lasts before the loop looks at signals.
    private static let slice: Duration = .milliseconds(250)
    private static let timing = FieldWatcher.Timing(presenceInterval: .milliseconds(100))

    init(session: PN532Session, isInterrupted: @escaping () -> Bool) {
        self.session = session
        self.isInterrupted = isInterrupted
        watcher = FieldWatcher(session: session, timing: Self.timing)
    }

    /// Waits until exactly one tag is in the field and returns it, selected. Two tags: calls
    /// `moreThanOne` once and waits until one is taken away. Nil when interrupted.
    func waitForOneTag(moreThanOne: () -> Void) throws(PN532Error) -> ListedTarget? {
        if let last = handedOut, watcher.field.contains(where: { $0.info.identifier == last }) {
            // Not seen to leave: it may have left while it was written, or still be there.
            watcher.listAgain()
            _ = try watcher.next(until: session.link.now)
        }
        handedOut = nil
        var announced = false
        while !isInterrupted() {
            if watcher.field.count == 1 {
                handedOut = watcher.field[0].info.identifier
                return watcher.field[0]
            }
            if watcher.field.count > 1, !announced {
                moreThanOne()
                announced = true
            }
            _ = try watcher.next(until: session.link.now + Self.slice)
        }
        return nil
    }

    /// Waits until the tag identified by `uid` (UID, IDm, PUPI or JEWELID) is no longer in the field; false when interrupted.
    func waitForRemoval(of uid: [UInt8]) throws(PN532Error) -> Bool {
        while !isInterrupted() {
            if !watcher.field.contains(where: { $0.info.identifier == uid }) { return true }
            _ = try watcher.next(until: session.link.now + Self.slice)
        }
        return false
    }
}
