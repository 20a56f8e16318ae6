import Basics
import NFCCore
import PN532
import PN532Reader

/// What a session's reader thread holds: the open reader, the field watcher on its chip, the
/// connected tag. Touched only on that thread.
final class ReaderWorker: @unchecked Sendable {
    /// The open reader; nil before `begin()` and after the session ends.
    private(set) var reader: ReaderDevice?
    /// The watcher of the open reader's field: arrivals, tags that stay, removals.
    private(set) var watcher: FieldWatcher?
    /// The open reader's chip session.
    var chip: PN532Session? { reader?.session }
    /// The connected tag.
    var connected: ConnectedTag?
    /// The link time at which the session times out.
    var deadline = MonotonicTime(nanoseconds: .max)

    /// How the watcher times its presence checks: a reported tag is looked for every 200 ms
    /// while it stays in the field.
    static let timing = FieldWatcher.Timing(presenceInterval: .milliseconds(200))

    /// Takes the opened `reader` and watches its field, polling `otherFamilies` between its
    /// waits for a type A tag; the session times out `timeout` from now on the reader's clock.
    func watch(_ reader: ReaderDevice, timeout: Duration, otherFamilies: [PassiveModulation]) {
        self.reader = reader
        watcher = FieldWatcher(session: reader.session, timing: Self.timing, otherFamilies: otherFamilies)
        deadline = reader.session.link.now + timeout
    }

    /// Closes the reader: a pending InListPassiveTarget cancelled, the chip left at 115200
    /// with the field off, the link closed. Errors are dropped: the session is over.
    func close() {
        try? reader?.close()
        reader = nil
        watcher = nil
        connected = nil
    }
}
