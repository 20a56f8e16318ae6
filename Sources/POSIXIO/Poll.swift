import Basics
import CLinux
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// Waiting on descriptors: ppoll(2) with a timeout in nanoseconds.
public enum Poll {
    /// Waits until one of `entries` has an event or `timeout` has passed (`nil`: no timeout;
    /// negative counts as zero). Returns how many entries have events, 0 on timeout. A signal
    /// that interrupts the wait also returns 0 with no events set: the caller looks at its
    /// deadline and its signals again, as after a timeout.
    ///
    /// - Throws: the `Errno` of ppoll(2) other than EINTR.
    @discardableResult
    public static func wait(_ entries: inout [pollfd], timeout: Duration?) throws(Errno) -> Int {
        let nanoseconds = timeout.map { max(0, $0.nanoseconds) } ?? -1
        for index in entries.indices { entries[index].revents = 0 }
        let ready = clinux_poll_nanoseconds(&entries, UInt(entries.count), nanoseconds)
        if ready >= 0 { return Int(ready) }
        let code = Errno.latest
        guard code == .interrupted else { throw code }
        for index in entries.indices { entries[index].revents = 0 }
        return 0
    }

    /// One entry asking for `events` on `descriptor`.
    public static func entry(_ descriptor: Int32, _ events: Int32) -> pollfd {
        pollfd(fd: descriptor, events: Int16(truncatingIfNeeded: events), revents: 0)
    }
}

extension pollfd {
    /// True when the last wait reported any event on this entry (readable, priority data,
    /// hang-up or error).
    public var hasEvents: Bool { revents != 0 }
}
