import Credentials
import Crypto
import DoorControl
import NDEF
import Originality

/// Configurations, tags and times the decision tests share.
enum PolicyFixtures {
    static let key = SymmetricKey(data: Array("a site key of thirty-two bytes!!".utf8))
    static let aliceUID: [UInt8] = [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]
    static let bobUID: [UInt8] = [0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0xF6]
    static let strangerUID: [UInt8] = [0x04, 0x99, 0x88, 0x77, 0x66, 0x55, 0x44]
    /// Wednesday 2026-03-04, 12:00.
    static let wednesdayNoon = LocalTime(date: CivilDate(year: 2026, month: 3, day: 4), weekday: .wednesday, minute: 720)

    /// A configuration with `users` and `security` (no lockout unless given).
    static func config(_ users: [User], security: SecurityConfig = SecurityConfig(lockout: nil)) -> DoorConfig {
        DoorConfig(reader: ReaderConfig(device: "sim"), relay: RelayConfig(output: LineConfig(line: "GPIO17")), security: security, users: users)
    }

    /// A policy for `users` with the site key and the test originality key.
    static func policy(_ users: [User], security: SecurityConfig = SecurityConfig(lockout: nil), tokenKey: SymmetricKey? = key) -> DoorPolicy {
        DoorPolicy(config: config(users, security: security), tokenKey: tokenKey, originalityKey: security.originalityKey.publicKey)
    }

    /// The decision on a fresh state.
    static func decide(_ policy: DoorPolicy, _ presentation: Presentation, at local: LocalTime = wednesdayNoon) -> Decision {
        var state = DecisionState()
        return policy.decide(presentation, at: local, monotonic: .zero, state: &state)
    }

    /// A presentation of `uid` holding `records`.
    static func tag(_ uid: [UInt8], _ records: NDEFRecord...) -> Presentation {
        Presentation(uid: uid, product: "NTAG215", message: records.isEmpty ? nil : NDEFMessage(records: records))
    }

    /// A token record for `user` on `uid`, signed with `signingKey`.
    static func token(_ user: String, counter: UInt32 = 0, on uid: [UInt8], signingKey: SymmetricKey = key) throws -> NDEFRecord {
        try SignedToken(user: user, issued: 1_772_000_000, counter: counter).record(uid: uid, key: signingKey)
    }
}
