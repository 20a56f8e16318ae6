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
        #expect(decision.tokenUpdate == TokenUpdate(token: SignedToken(user: "alice", issued: 1_772_000_000, counter: 8), uid: F.aliceUID))
    }

    @Test func aStaleCounterIsDeniedEqualAndGreaterAreAccepted() throws {
        let policy = F.policy(Self.users, security: Self.rolling)
        var state = DecisionState(counters: [DecisionState.CounterKey(user: "alice", uid: F.aliceUID): 7])
        let stale = policy.decide(F.tag(F.aliceUID, try F.token("alice", counter: 4, on: F.aliceUID)), at: F.wednesdayNoon, monotonic: .zero, state: &state)
        #expect(stale == Decision(granted: false, user: "alice", rule: "signed token", reason: "token refused: counter 4 is older than 7: a copy of an earlier state"))
        for counter: UInt32 in [7, 9] {
            let decision = policy.decide(F.tag(F.aliceUID, try F.token("alice", counter: counter, on: F.aliceUID)), at: F.wednesdayNoon, monotonic: .zero, state: &state)
            #expect(decision.granted)
            #expect(decision.tokenUpdate?.token.counter == counter + 1)
        }
        #expect(state.lastCounter(user: "alice", uid: F.aliceUID) == 7, "nothing is recorded before a write is confirmed")
    }

    @Test func theCounterAdvancesOnlyWhenTheWriteIsConfirmed() throws {
        let policy = F.policy(Self.users, security: Self.rolling)
        var state = DecisionState()
        let first = policy.decide(F.tag(F.aliceUID, try F.token("alice", counter: 0, on: F.aliceUID)), at: F.wednesdayNoon, monotonic: .zero, state: &state)
        let update = try #require(first.tokenUpdate)
        #expect(policy.decide(F.tag(F.aliceUID, try F.token("alice", counter: 0, on: F.aliceUID)), at: F.wednesdayNoon, monotonic: .zero, state: &state).granted,
            "an unconfirmed (failed or torn) write leaves the old token valid")
        state.confirmTokenWrite(update)
        #expect(state.lastCounter(user: "alice", uid: F.aliceUID) == 1)
        let old = policy.decide(F.tag(F.aliceUID, try F.token("alice", counter: 0, on: F.aliceUID)), at: F.wednesdayNoon, monotonic: .zero, state: &state)
        #expect(!old.granted)
        #expect(old.reason == "token refused: counter 0 is older than 1: a copy of an earlier state")
        #expect(policy.decide(F.tag(F.aliceUID, try F.token("alice", counter: 1, on: F.aliceUID)), at: F.wednesdayNoon, monotonic: .zero, state: &state).granted)
        state.confirmTokenWrite(TokenUpdate(token: SignedToken(user: "alice", issued: 0, counter: 0), uid: F.aliceUID))
        #expect(state.lastCounter(user: "alice", uid: F.aliceUID) == 1, "a lower counter never replaces a higher one")
    }

    @Test func countersArePerUserAndTag() throws {
        let policy = F.policy(Self.users, security: Self.rolling)
        var state = DecisionState(counters: [DecisionState.CounterKey(user: "alice", uid: F.aliceUID): 7])
        let otherTag = policy.decide(F.tag(F.bobUID, try F.token("alice", counter: 0, on: F.bobUID)), at: F.wednesdayNoon, monotonic: .zero, state: &state)
        #expect(otherTag.granted)
    }

    @Test func anExhaustedCounterIsDenied() throws {
        let decision = F.decide(F.policy(Self.users, security: Self.rolling), F.tag(F.aliceUID, try F.token("alice", counter: .max, on: F.aliceUID)))
        #expect(!decision.granted)
        #expect(decision.reason == "the token's counter is exhausted: issue a new token")
    }
}
