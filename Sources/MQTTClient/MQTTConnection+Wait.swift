import Basics
import POSIXIO

#if canImport(Glibc)
import Glibc
#endif

extension MQTTConnection {
    /// Services the connection until `done` returns true for one of its events (then true),
    /// or `deadline` passes (then false). For short-lived clients such as `fleet publish`;
    /// a daemon polls `socket` in its own loop.
    package func wait(until deadline: MonotonicTime, for done: (MQTTEvent) -> Bool) -> Bool {
        while true {
            for event in drainEvents() where done(event) { return true }
            let now = MonotonicTime.monotonicNow()
            guard now < deadline else { return false }
            let until = min(deadline, serviceDeadline ?? deadline)
            var entries: [pollfd] = socket.map { [Poll.entry($0, Int32(POLLIN) | (wantsWrite ? Int32(POLLOUT) : 0))] } ?? []
            let ready = (try? Poll.wait(&entries, timeout: max(.zero, until - now))) ?? 0
            let readable = ready > 0 && entries.first.map { $0.revents & Int16(POLLIN | POLLERR | POLLHUP) != 0 } == true
            let writable = ready > 0 && entries.first.map { $0.revents & Int16(POLLOUT) != 0 } == true
            service(readable: readable, writable: writable)
        }
    }
}
