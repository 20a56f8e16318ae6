import Basics
import NDEF
import NFCCore

/// `audit.on_failure = "deny"` in front of the door's decider: a grant is written to the
/// audit log before the door acts on it, and becomes a denial when the log cannot take it.
/// With `"continue"` decisions pass unchanged (a lost line only raises the alarm).
package final class AuditGate: DoorDecider {
    private let decider: DoorDecider
    private let journal: DaemonJournal

    /// A gate writing `decider`'s grants to `journal` first.
    package init(_ decider: DoorDecider, journal: DaemonJournal) {
        self.decider = decider
        self.journal = journal
    }

    package func decide(_ presentation: Presentation, at now: MonotonicTime) -> Decision {
        let decision = decider.decide(presentation, at: now)
        guard decision.granted, journal.onFailure == .deny, !journal.writeBeforeActing(decision, presentation) else { return decision }
        return Decision(
            granted: false, user: decision.user, rule: "audit",
            reason: "the audit log cannot record the grant (audit.on_failure = \"deny\"); not opened")
    }

    package func tokenMessage(for update: TokenUpdate, replacing message: NDEFMessage?) throws -> NDEFMessage {
        try decider.tokenMessage(for: update, replacing: message)
    }

    package func confirm(_ update: TokenUpdate) {
        decider.confirm(update)
    }

    package func writeFailed(_ update: TokenUpdate, at now: MonotonicTime) -> String? {
        decider.writeFailed(update, at: now)
    }
}
