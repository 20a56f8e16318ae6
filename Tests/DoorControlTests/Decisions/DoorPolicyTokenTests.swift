import Credentials
import Crypto
import DoorControl
import NDEF
import Testing

@Suite("Door policy: signed tokens and rolling counters")
struct DoorPolicyTokenTests {
    typealias F = PolicyFixtures

    static let users = [
        User(name: "alice", credentials: [.signedToken]),
        User(name: "bob", credentials: [.uid(F.bobUID), .signedToken]),
    ]
    static let rolling = SecurityConfig(rollingCounter: true, lockout: nil)

    @Test func aTokenForTheUserOnItsTagGrants() throws {
        let decision = F.decide(F.policy(Self.users), F.tag(F.aliceUID, .uri("https://a"), try F.token("alice", counter: 3, on: F.aliceUID)))
        #expect(decision == Decision(granted: true, user: "alice", rule: "users[0] \"alice\" credentials[0] token", reason: "signed token for \"alice\", counter 3"))
    }

    @Test func aTokenCopiedOntoAnotherTagIsDenied() throws {
        let copy = F.tag(F.strangerUID, try F.token("alice", on: F.aliceUID))
        let decision = F.decide(F.policy(Self.users), copy)
        #expect(!decision.granted)
        #expect(decision.rule == "signed token")
        #expect(decision.reason.hasPrefix("token refused: the token's MAC is wrong"))
    }

    @Test func aTamperedMACIsDeniedEvenWhereAWeakerCredentialMatches() throws {
        let record = try F.token("bob", on: F.bobUID)
        var payload = record.payload
        payload[payload.count - 1] ^= 0x01
        let tampered = try NDEFRecord(format: .nfcExternal, type: record.type, payload: payload)
        let decision = F.decide(F.policy(Self.users), F.tag(F.bobUID, tampered))
        #expect(!decision.granted, "bob's UID credential must not rescue a forged token")
        #expect(decision.rule == "signed token")
        #expect(decision.reason.contains("MAC"))
        #expect(F.decide(F.policy(Self.users), F.tag(F.bobUID)).granted, "the UID alone still grants")
    }

    @Test func anotherSitesKeyIsDenied() throws {
        let otherKey = SymmetricKey(data: Array("another site's key, 32 bytes..!".utf8))
        let decision = F.decide(F.policy(Self.users), F.tag(F.aliceUID, try F.token("alice", on: F.aliceUID, signingKey: otherKey)))
        #expect(!decision.granted)
        #expect(decision.rule == "signed token")
    }

    @Test func aTokenForAnotherUserDoesNotGrant() throws {
        let policy = F.policy([User(name: "alice", credentials: [.signedToken])])
        let decision = F.decide(policy, F.tag(F.aliceUID, try F.token("mallory", on: F.aliceUID)))
        #expect(!decision.granted)
        #expect(decision.rule == "default deny")
        let bobs = F.decide(F.policy(Self.users), F.tag(F.aliceUID, try F.token("bob", on: F.aliceUID)))
        #expect(bobs.user == "bob", "a valid token names its own user, whatever tag it is on")
        #expect(bobs.rule == "users[1] \"bob\" credentials[1] token")
    }

    @Test func withoutAKeyTokensMatchNothing() throws {
        let decision = F.decide(F.policy(Self.users, tokenKey: nil), F.tag(F.aliceUID, try F.token("alice", on: F.aliceUID)))
        #expect(!decision.granted)
        #expect(decision.rule == "default deny")
    }

    @Test func aGrantCarriesTheNextCounterOnlyWithRollingCounters() throws {
        let tag = F.tag(F.aliceUID, try F.token("alice", counter: 7, on: F.aliceUID))
        #expect(F.decide(F.policy(Self.users), tag).tokenUpdate == nil)
        let decision = F.decide(F.policy(Self.users, security: Self.rolling), tag)
        #expect(decision.granted)
        #expect(decision.tokenUpdate == TokenUpdate(token: SignedToken(user: "alice", issued: 1_772_000_000, counter: 8), uid: F.aliceUID, slot: 1, base: 7))
    }

    static func counters(confirmed: UInt32, issued: UInt32) -> [DecisionState.CounterKey: DecisionState.TokenCounter] {
        [DecisionState.CounterKey(user: "alice", uid: F.aliceUID): DecisionState.TokenCounter(generation: 1_772_000_000, confirmed: confirmed, issued: issued)]
    }

    @Test func onlyTheConfirmedCounterIsAcceptedAndTheNextFollowsTheLastIssued() throws {
        let policy = F.policy(Self.users, security: Self.rolling)
        var state = DecisionState(counters: Self.counters(confirmed: 7, issued: 9))
        let decision = policy.decide(F.tag(F.aliceUID, try F.token("alice", counter: 7, on: F.aliceUID)), at: F.wednesdayNoon, monotonic: .zero, state: &state)
        #expect(decision.granted)
        #expect(decision.tokenUpdate?.token.counter == 10, "a number issued once (9) is never issued again")
        #expect(state.lastCounter(user: "alice", uid: F.aliceUID) == 7, "nothing is recorded before a write is confirmed")
        for counter: UInt32 in [4, 8, 10] {
            var fresh = DecisionState(counters: Self.counters(confirmed: 7, issued: 9))
            let refused = policy.decide(F.tag(F.aliceUID, try F.token("alice", counter: counter, on: F.aliceUID)), at: F.wednesdayNoon, monotonic: .zero, state: &fresh)
            #expect(!refused.granted, "counter \(counter)")
            #expect(refused.alarm != nil)
            #expect(fresh.counter(user: "alice", uid: F.aliceUID)?.conflict == true)
        }
    }

    @Test func theCounterAdvancesOnlyWhenTheWriteIsConfirmed() throws {
        let policy = F.policy(Self.users, security: Self.rolling)
        var state = DecisionState()
        let first = policy.decide(F.tag(F.aliceUID, try F.token("alice", counter: 0, on: F.aliceUID)), at: F.wednesdayNoon, monotonic: .zero, state: &state)
        let update = try #require(first.tokenUpdate)
        state.issue(update)
        #expect(policy.decide(F.tag(F.aliceUID, try F.token("alice", counter: 0, on: F.aliceUID)), at: F.wednesdayNoon, monotonic: .zero, state: &state).granted,
            "an unconfirmed (failed or torn) write leaves the old token valid")
        state.confirmTokenWrite(update)
        #expect(state.lastCounter(user: "alice", uid: F.aliceUID) == 1)
        #expect(policy.decide(F.tag(F.aliceUID, try F.token("alice", counter: 1, on: F.aliceUID)), at: F.wednesdayNoon, monotonic: .zero, state: &state).granted)
        let old = policy.decide(F.tag(F.aliceUID, try F.token("alice", counter: 0, on: F.aliceUID)), at: F.wednesdayNoon, monotonic: .zero, state: &state)
        #expect(!old.granted)
        #expect(old.reason.hasPrefix("token refused: \"alice\"'s token on tag 04112233445566 shows counter 0 but the counter confirmed last is 1"))
    }

    @Test func countersArePerUserAndTag() throws {
        let policy = F.policy(Self.users, security: Self.rolling)
        var state = DecisionState(counters: Self.counters(confirmed: 7, issued: 7))
        let otherTag = policy.decide(F.tag(F.bobUID, try F.token("alice", counter: 0, on: F.bobUID)), at: F.wednesdayNoon, monotonic: .zero, state: &state)
        #expect(otherTag.granted)
    }

    @Test func twoSlotsAreReadAndTheOneNotHoldingTheConfirmedCounterIsWritten() throws {
        let policy = F.policy(Self.users, security: Self.rolling)
        var state = DecisionState(counters: Self.counters(confirmed: 7, issued: 8))
        let tag = F.tag(F.aliceUID, try F.token("alice", counter: 7, on: F.aliceUID), try F.token("alice", counter: 8, on: F.aliceUID))
        let decision = policy.decide(tag, at: F.wednesdayNoon, monotonic: .zero, state: &state)
        #expect(decision.tokenUpdate?.slot == 1)
        #expect(decision.tokenUpdate?.token.counter == 9)
        let swapped = F.tag(F.aliceUID, try F.token("alice", counter: 8, on: F.aliceUID), try F.token("alice", counter: 7, on: F.aliceUID))
        #expect(policy.decide(swapped, at: F.wednesdayNoon, monotonic: .zero, state: &state).tokenUpdate?.slot == 0)
        let whole = try F.token("alice", counter: 8, on: F.aliceUID)
        var bytes = whole.payload
        bytes[3] ^= 0xFF
        let torn = try NDEFRecord(format: .nfcExternal, type: whole.type, payload: bytes)
        let oneTorn = F.tag(F.aliceUID, torn, try F.token("alice", counter: 7, on: F.aliceUID))
        let accepted = policy.decide(oneTorn, at: F.wednesdayNoon, monotonic: .zero, state: &state)
        #expect(accepted.granted, "a torn slot is ignored when the other holds the confirmed counter")
        #expect(accepted.tokenUpdate?.slot == 0)
        let three = F.tag(F.aliceUID, try F.token("alice", counter: 7, on: F.aliceUID), try F.token("alice", counter: 7, on: F.aliceUID), try F.token("alice", counter: 7, on: F.aliceUID))
        #expect(policy.decide(three, at: F.wednesdayNoon, monotonic: .zero, state: &state).reason.contains("at most 2 token slots"))
    }

    @Test func anExhaustedCounterIsDenied() throws {
        let decision = F.decide(F.policy(Self.users, security: Self.rolling), F.tag(F.aliceUID, try F.token("alice", counter: .max, on: F.aliceUID)))
        #expect(!decision.granted)
        #expect(decision.reason == "the token's counter is exhausted: issue a new token")
    }
}
