import Synchronization

/// What the samples' UIKit calls stand for: a screen that records the alerts, the table's
/// reloads and the end of the session, and lets the test wait for that end.
///
/// Apple's samples call UIKit (`UIAlertController`, `tableView.reloadData()`, often through
/// `DispatchQueue.main.async`); here those lines call this instead, so that the Core NFC code
/// around them stays as Apple wrote it.
final class Screen: Sendable {
    private struct State {
        var alerts: [String] = []
        var reloads = 0
        var ended = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    /// The alerts shown, in order (the session's `alertMessage` at the end, or an alert's message).
    var alerts: [String] { state.withLock { $0.alerts } }
    /// How often the table was reloaded.
    var reloads: Int { state.withLock { $0.reloads } }

    /// `self.present(UIAlertController(title:message:…))`.
    func present(alert message: String) {
        state.withLock { $0.alerts.append(message) }
    }

    /// `self.tableView.reloadData()`.
    func reloadData() {
        state.withLock { $0.reloads += 1 }
    }

    /// The session ended (the sample's `self.session = nil`): the test may look.
    func sessionEnded() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.ended = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Returns once the session has ended.
    func waitUntilSessionEnds() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ended = state.withLock { state -> Bool in
                if !state.ended { state.waiter = continuation }
                return state.ended
            }
            if ended { continuation.resume() }
        }
    }
}
