import Basics
import Credentials
import Crypto
import DoorControl
import NDEF
import NFCCore
import PN532

/// Grants one UID.
final class UIDDecider: DoorDecider {
    let uid: [UInt8]
    init(uid: [UInt8]) { self.uid = uid }

    func decide(_ presentation: Presentation, at now: MonotonicTime) -> Decision {
        Decision(granted: presentation.uid == uid, user: "alice", rule: "uid", reason: "")
    }

    func tokenMessage(for update: TokenUpdate, replacing message: NDEFMessage?) throws -> NDEFMessage { throw TokenError.notAToken }
    func confirm(_ update: TokenUpdate) {}
    func writeFailed(_ update: TokenUpdate, at now: MonotonicTime) -> String? { nil }
}

/// Grants a tag holding one URI.
final class URIDecider: DoorDecider {
    let uri: String
    init(uri: String) { self.uri = uri }

    func decide(_ presentation: Presentation, at now: MonotonicTime) -> Decision {
        let found = presentation.message?.records.contains { $0.wellKnownTypeURIPayload() == uri } ?? false
        return Decision(granted: found, user: "alice", rule: "uri", reason: "")
    }

    func tokenMessage(for update: TokenUpdate, replacing message: NDEFMessage?) throws -> NDEFMessage { throw TokenError.notAToken }
    func confirm(_ update: TokenUpdate) {}
    func writeFailed(_ update: TokenUpdate, at now: MonotonicTime) -> String? { nil }
}

/// Grants a valid signed token and, with `rolling`, advances its counter on the tag first.
final class TokenDecider: DoorDecider {
    let key: SymmetricKey
    let rolling: Bool
    init(key: SymmetricKey, rolling: Bool) {
        self.key = key
        self.rolling = rolling
    }

    func decide(_ presentation: Presentation, at now: MonotonicTime) -> Decision {
        for record in presentation.message?.records ?? [] {
            guard let token = try? SignedToken(record: record, uid: presentation.uid, key: key) else { continue }
            var next = token
            next.counter += 1
            return Decision(
                granted: true, user: token.user, rule: "token", reason: "",
                tokenUpdate: rolling ? TokenUpdate(token: next, uid: presentation.uid) : nil)
        }
        return Decision(granted: false, user: nil, rule: "token", reason: "no valid token")
    }

    func tokenMessage(for update: TokenUpdate, replacing message: NDEFMessage?) throws -> NDEFMessage {
        TokenSlots.message(message, writing: try update.token.record(uid: update.uid, key: key), into: update.slot)
    }

    func confirm(_ update: TokenUpdate) {}
    func writeFailed(_ update: TokenUpdate, at now: MonotonicTime) -> String? { nil }
}
