import JSONText
import Basics
import NFCCore
import PN532Reader
import PN532

#if canImport(Glibc)
import Glibc
#endif

/// `scan --watch`: one event when a tag of any family is presented and one when it leaves,
/// from `NFCReader`'s field watcher. The chip waits for a type A tag itself and the other
/// families are polled between its waits; a tag that stays does not trigger again; the field
/// is listed every 100 ms while tags are in it, and a tag that joins one already present is
/// a presentation too.
struct TagWatcher {
    let session: PN532Session
    /// The device string JSON events name.
    let device: String
    let json: Bool
    let count: Int?
    let timeout: Duration?

    /// How long one wait on the field lasts when there is no timeout.
    private static let slice: Duration = .seconds(1)
    private static let timing = FieldWatcher.Timing(presenceInterval: .milliseconds(100))

    func run() throws(PN532Error) {
        let watcher = FieldWatcher(session: session, timing: Self.timing)
        let end = timeout.map { session.link.now + $0 }
        var presentations = 0
        while end.map({ session.link.now < $0 }) ?? true {
            for event in try watcher.next(until: end ?? session.link.now + Self.slice) {
                switch event {
                case .arrived(let targets):
                    for target in targets { report("present", target) }
                    presentations += 1
                    if let count, presentations >= count { return }
                case .removed(let target):
                    report("removed", target)
                default:
                    break
                }
            }
        }
    }

    /// Prints an event at once, also when standard output is a pipe (block-buffered).
    private func report(_ event: String, _ target: ListedTarget) {
        print(json ? CardText.json(target, device: device, event: event).text : "\(event)  \(CardText.line(target))")
        fflush(nil)
    }
}
