import NFCCore
import PN532

#if canImport(Glibc)
import Glibc
#endif

/// `scan --watch`: one event when a tag is presented and one when it leaves. The chip waits
/// for a tag itself (MaxRetries FF) in one-second slices; a tag that stays does not trigger
/// again; the field is checked every 100 ms with one retry (a tag still active from the
/// last poll ignores the first REQA), and a tag that joins one already present is a
/// presentation too.
struct TagWatcher {
    let session: PN532Session
    let json: Bool
    let count: Int?
    let timeout: Duration?

    private static let slice: Duration = .seconds(1)
    private static let presenceInterval: Duration = .milliseconds(100)

    func run() throws(PN532Error) {
        let end = timeout.map { session.link.now + $0 }
        var presentations = 0
        var present: [PassiveTarget] = []
        while end.map({ session.link.now < $0 }) ?? true {
            if present.isEmpty {
                try session.setPassiveActivationRetries(0xFF)
                present = try poll(timeout: min(Self.slice, remaining(until: end)))
                for target in present { report("present", target) }
                presentations += present.isEmpty ? 0 : 1
                if let count, presentations >= count { return }
            } else {
                try idle(min(Self.presenceInterval, remaining(until: end)))
                try session.setPassiveActivationRetries(0x01)
                let now = try poll(timeout: Self.slice)
                for target in present where !now.contains(where: { $0.uid == target.uid }) { report("removed", target) }
                let arrived = now.filter { target in !present.contains(where: { $0.uid == target.uid }) }
                for target in arrived { report("present", target) }
                present = now
                presentations += arrived.isEmpty ? 0 : 1
                if let count, presentations >= count { return }
            }
        }
    }

    private func poll(timeout: Duration) throws(PN532Error) -> [PassiveTarget] {
        do throws(PN532Error) {
            return try session.listPassiveTargets(timeout: timeout)
        } catch {
            guard case .timeout = error.kind else { throw error }
            return []
        }
    }

    /// Waits on the link (real time on a device, virtual time on the simulator).
    private func idle(_ duration: Duration) throws(PN532Error) {
        do throws(LinkError) { _ = try session.link.read(until: session.link.now + duration) } catch {
            throw PN532Error(.link(error), command: nil, device: session.link.name)
        }
    }

    private func remaining(until end: MonotonicTime?) -> Duration {
        guard let end else { return Self.slice }
        return max(.milliseconds(1), end - session.link.now)
    }

    /// Prints an event at once, also when standard output is a pipe (block-buffered).
    private func report(_ event: String, _ target: PassiveTarget) {
        print(json ? TargetText.json(target, event: event).text : "\(event)  \(TargetText.line(target))")
        fflush(nil)
    }
}
