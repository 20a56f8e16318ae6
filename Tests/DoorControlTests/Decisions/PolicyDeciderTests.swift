import DoorControl
import NDEF
import PN532
import Testing

@Suite("Policy decider: the engine's view of the policy")
struct PolicyDeciderTests {
    typealias F = PolicyFixtures

    @Test func aConfirmedCounterIsSavedAndSurvivesARestart() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let store = CounterStore(path: directory.file("counters"))
        let policy = F.policy([User(name: "alice", credentials: [.signedToken])], security: SecurityConfig(rollingCounter: true, lockout: nil))
        let decider = PolicyDecider(policy: policy, state: DecisionState(counters: try store.load()), store: store, localTime: { F.wednesdayNoon })
        let decision = decider.decide(F.tag(F.aliceUID, try F.token("alice", counter: 4, on: F.aliceUID)), at: LinkTime(nanoseconds: 0))
        let update = try #require(decision.tokenUpdate)
        let record = try decider.tokenRecord(for: update)
        #expect(try SignedToken(record: record, uid: F.aliceUID, key: F.key).counter == 5)
        #expect(try store.load().isEmpty, "nothing is saved before the write is confirmed")
        decider.confirm(update)
        #expect(try store.load() == [DecisionState.CounterKey(user: "alice", uid: F.aliceUID): 5])

        let restarted = PolicyDecider(policy: policy, state: DecisionState(counters: try store.load()), store: store, localTime: { F.wednesdayNoon })
        let replay = restarted.decide(F.tag(F.aliceUID, try F.token("alice", counter: 4, on: F.aliceUID)), at: LinkTime(nanoseconds: 0))
        #expect(replay.reason == "token refused: counter 4 is older than 5: a copy of an earlier state")
    }

    @Test func aStoreThatCannotBeWrittenIsReportedAndTheCounterStillHolds() throws {
        let policy = F.policy([User(name: "alice", credentials: [.signedToken])], security: SecurityConfig(rollingCounter: true, lockout: nil))
        let decider = PolicyDecider(policy: policy, state: DecisionState(), store: CounterStore(path: "/nonexistent/dir/counters"), localTime: { F.wednesdayNoon })
        var errors: [CounterStoreError] = []
        decider.onStoreError = { errors.append($0) }
        decider.confirm(TokenUpdate(token: SignedToken(user: "alice", issued: 0, counter: 3), uid: F.aliceUID))
        #expect(errors.count == 1)
        #expect(decider.state.lastCounter(user: "alice", uid: F.aliceUID) == 3)
    }

    @Test func theLocalTimeAndMonotonicClockReachThePolicy() {
        let schedule = WeeklySchedule(windows: [.init(days: [.wednesday], start: 0, end: 720)])
        let policy = F.policy(
            [User(name: "alice", credentials: [.uid(F.aliceUID)], schedule: schedule)],
            security: SecurityConfig(lockout: LockoutPolicy(denials: 1, window: .seconds(1), duration: .seconds(10))))
        let decider = PolicyDecider(policy: policy, state: DecisionState(), store: nil, localTime: { F.wednesdayNoon })
        #expect(decider.decide(F.tag(F.aliceUID), at: LinkTime(nanoseconds: 2_000_000_000)).reason.hasSuffix("outside schedule Wed 00:00-12:00; 1 denial within 1 s: presentations are ignored for 10 s"))
        #expect(decider.state.lockedOutUntil == .seconds(12))
        decider.reload(F.policy([User(name: "alice", credentials: [.uid(F.aliceUID)])]))
        #expect(decider.decide(F.tag(F.aliceUID), at: LinkTime(nanoseconds: 11_000_000_000)).rule == "lockout", "a reload keeps the lockout")
        #expect(decider.decide(F.tag(F.aliceUID), at: LinkTime(nanoseconds: 12_000_000_000)).granted)
    }
}
