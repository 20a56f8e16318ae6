import Credentials
import Crypto
import DoorControl
import NDEF
import Testing

@Suite("Door policy: version 2 tokens, revocation, bounded credentials, the clock")
struct DoorPolicyTokenV2Tests {
    typealias F = PolicyFixtures

    static let users = [User(name: "alice", credentials: [.signedToken])]
    /// Site hq, key id 2, door in groups front and staff.
    static let security = SecurityConfig(lockout: nil, keyID: 2, site: "hq", groups: ["front", "staff"])

    static func token(site: String = "hq", keyID: UInt8 = 2, groups: [String] = [], expires: UInt32 = 0, issued: UInt32 = 1_772_000_000, format: SignedToken.Format = .v2, uid: [UInt8] = F.aliceUID) throws -> NDEFRecord {
        try SignedToken(user: "alice", issued: issued, counter: 0, site: site, keyID: keyID, groups: groups, expires: expires, format: format).record(uid: uid, key: F.key)
    }

    static func decide(_ record: NDEFRecord, users: [User] = users, security: SecurityConfig = security, at local: LocalTime = F.wednesdayNoon) -> Decision {
        var state = DecisionState()
        return F.policy(users, security: security).decide(F.tag(F.aliceUID, record), at: local, monotonic: .zero, state: &state)
    }

    @Test func theSiteKeyIDAndGroupsMustMatch() throws {
        #expect(Self.decide(try Self.token()).granted, "no groups: every door of the site")
        #expect(Self.decide(try Self.token(groups: ["lab", "staff"])).granted)
        #expect(Self.decide(try Self.token(site: "branch")).reason == "token refused: issued for site \"branch\"; this door is site \"hq\"")
        #expect(Self.decide(try Self.token(keyID: 1)).reason == "token refused: signed under key id 1; this door's key is key id 2")
        #expect(Self.decide(try Self.token(groups: ["lab"])).reason == "token refused: opens door groups lab; this door is in front, staff")
    }

    @Test func anExpiredTokenIsRefusedAndAnExpiryNeedsATrustedClock() throws {
        var local = F.wednesdayNoon
        local.epochSeconds = 1_772_600_000
        #expect(Self.decide(try Self.token(expires: 1_772_600_000), at: local).granted)
        #expect(Self.decide(try Self.token(expires: 1_772_599_999), at: local).reason == "token refused: expired at 1772599999 (seconds since 1970)")
        #expect(!Self.decide(try Self.token(expires: 1_900_000_000)).granted, "no wall-clock seconds: an expiry cannot be checked")
        local.isSynchronised = false
        #expect(Self.decide(try Self.token(expires: 1_900_000_000), at: local).reason.contains("the clock cannot be trusted"))
        var relaxed = Self.security
        relaxed.requireSynchronisedClock = false
        #expect(Self.decide(try Self.token(expires: 1_900_000_000), security: relaxed, at: local).granted)
    }

    @Test func version1TokensOnlyWhenTheConfigurationSaysSo() throws {
        let legacy = try Self.token(site: "", keyID: 0, format: .v1)
        #expect(Self.decide(legacy).reason.hasPrefix("token refused: a version 1 token (no site, key id or expiry under its MAC)"))
        var accepting = Self.security
        accepting.acceptV1Tokens = true
        #expect(Self.decide(legacy, security: accepting).granted)
    }

    @Test func aRevokedTagAndTokensIssuedBeforeTheCutOffAreRefused() throws {
        var revoking = Self.security
        revoking.revokedUIDs = [F.aliceUID]
        let revoked = Self.decide(try Self.token(), security: revoking)
        #expect(revoked == Decision(granted: false, user: nil, rule: "security.revoked_uids", reason: "the tag 04112233445566 is revoked (security.revoked_uids)"))
        var state = DecisionState()
        let uidUser = F.policy([User(name: "alice", credentials: [.uid(F.aliceUID)])], security: revoking)
        #expect(!uidUser.decide(F.tag(F.aliceUID), at: F.wednesdayNoon, monotonic: .zero, state: &state).granted, "a revoked UID opens by no credential")
        let cutOff = [User(name: "alice", credentials: [.signedToken], tokensIssuedAfter: 1_772_000_000)]
        #expect(Self.decide(try Self.token(), users: cutOff).reason.hasSuffix("not after tokens_issued_after = 1772000000 of user \"alice\": revoked"))
        #expect(Self.decide(try Self.token(issued: 1_772_000_001), users: cutOff).granted)
    }

    @Test func onlyTheFirstRecordsAreMatched() throws {
        let policy = F.policy([User(name: "guest", credentials: [.textEquals("code 7")])])
        let guesses = try (0..<40).map { try NDEFRecord.text(TextPayload(text: "code \($0)")) }
        var state = DecisionState()
        let many = policy.decide(Presentation(uid: F.strangerUID, message: NDEFMessage(records: guesses)), at: F.wednesdayNoon, monotonic: .zero, state: &state)
        #expect(!many.granted, "a tag listing 40 codes tests only the first 4")
        let few = policy.decide(Presentation(uid: F.strangerUID, message: NDEFMessage(records: Array(guesses[4...7]))), at: F.wednesdayNoon, monotonic: .zero, state: &state)
        #expect(few.granted)
    }

    @Test func anUnsynchronisedClockDeniesDateAndScheduleBoundUsersOnly() {
        let schedule = WeeklySchedule(windows: [.init(days: [.wednesday], start: 0, end: 1440)])
        let users = [
            User(name: "shift", credentials: [.uid(F.aliceUID)], schedule: schedule),
            User(name: "plain", credentials: [.uid(F.bobUID)]),
        ]
        var unset = F.wednesdayNoon
        unset.isSynchronised = false
        var state = DecisionState()
        let policy = F.policy(users)
        let bound = policy.decide(F.tag(F.aliceUID), at: unset, monotonic: .zero, state: &state)
        #expect(!bound.granted)
        #expect(bound.alarm == "the system clock is not synchronised: users bound to dates or a schedule are refused until it is (security.require_synchronised_clock)")
        #expect(policy.decide(F.tag(F.bobUID), at: unset, monotonic: .zero, state: &state).granted)
        #expect(policy.decide(F.tag(F.aliceUID), at: F.wednesdayNoon, monotonic: .zero, state: &state).granted)
        let relaxed = F.policy(users, security: SecurityConfig(lockout: nil, requireSynchronisedClock: false))
        #expect(relaxed.decide(F.tag(F.aliceUID), at: unset, monotonic: .zero, state: &state).granted)
    }
}
