import Basics
import NDEF
import NFCCore

/// Decides on presentations for the engine: the policy with its state, the local time and
/// the counter store behind it.
public protocol DoorDecider: AnyObject {
    /// The decision on `presentation` at `now` (the loop's monotonic clock).
    func decide(_ presentation: Presentation, at now: MonotonicTime) -> Decision
    /// The message to write back for a grant with a counter update (`message` is the tag's),
    /// once the counter it issues is saved; throws when it cannot be (the grant is refused).
    func tokenMessage(for update: TokenUpdate, replacing message: NDEFMessage?) throws -> NDEFMessage
    /// Records that `update` is on the tag, verified.
    func confirm(_ update: TokenUpdate)
    /// Records that writing `update` failed or could not be verified (it counts toward the
    /// tag's lockout); returns the lockout it started, in words, if any.
    func writeFailed(_ update: TokenUpdate, at now: MonotonicTime) -> String?
}

/// Where the engine reports what happened: the audit log and the operational log.
public protocol DoorJournal: AnyObject {
    /// Records one entry.
    func record(_ entry: JournalEntry)
}

/// One thing that happened at the door.
public enum JournalEntry: Equatable, Sendable {
    /// A tag was decided on.
    case decision(Decision, Presentation)
    /// The tag of a presentation left.
    case removed(uid: [UInt8])
    /// The door changed state.
    case note(DoorNote)
    /// The reader was lost, failed a recovery step, or came back.
    case reader(ReaderEvent)
    /// An output could not be driven.
    case outputFailed(String)
}

/// The lines the controller drives.
public protocol DoorOutputs: AnyObject {
    /// Drives one output; throws when the line cannot be written.
    func apply(_ action: DoorAction) throws
}
