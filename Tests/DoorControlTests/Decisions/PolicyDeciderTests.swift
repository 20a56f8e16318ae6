import Basics
import Credentials
import DoorControl
import NDEF
import NFCCore
import PN532
import TestSupport
import Testing

@Suite("Policy decider: the engine's view of the policy")
struct PolicyDeciderTests {
    typealias F = PolicyFixtures

    @Test func aConfirmedCounterIsSavedAndSurvivesARestart() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let store = CounterStore(path: directory.file("counters"))
        let policy = F.policy([User(name: "alice", credentials: [.signedToken])], security: SecurityConfig(rollingCounter: true, lockout: nil))
        let decider = PolicyDecider(policy: policy, state: DecisionState(counters: try store.load(beginAfresh: true)), store: store, localTime: { F.wednesdayNoon })
        let message = NDEFMessage(records: [try F.token("alice", counter: 4, on: F.aliceUID)])
        let decision = decider.decide(Presentation(uid: F.aliceUID, message: message), at: MonotonicTime(nanoseconds: 0))
        let update = try #require(decision.tokenUpdate)
        let written = try decider.tokenMessage(for: update, replacing: message)
        #expect(written.records.count == 2, "the second slot is added")
        #expect(try SignedToken(record: written.records[0], uid: F.aliceUID, key: F.key).counter == 4)
        #expect(try SignedToken(record: written.records[1], uid: F.aliceUID, key: F.key).counter == 5)
        let key = DecisionState.CounterKey(user: "alice", uid: F.aliceUID)
        #expect(try store.load()[key] == DecisionState.TokenCounter(generation: 1_772_000_000, confirmed: 4, issued: 5), "issued is saved before the write")
        decider.confirm(update)
        #expect(try store.load()[key] == DecisionState.TokenCounter(generation: 1_772_000_000, confirmed: 5, issued: 5))

        let restarted = PolicyDecider(policy: policy, state: DecisionState(counters: try store.load()), store: store, localTime: { F.wednesdayNoon })
        let replay = restarted.decide(Presentation(uid: F.aliceUID, message: message), at: MonotonicTime(nanoseconds: 0))
        #expect(!replay.granted)
        #expect(replay.alarm != nil)
    }

    @Test func aReloadThatTurnsCountersOnReadsAndKeepsThem() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let store = CounterStore(path: directory.file("counters"))
        let users = [User(name: "alice", credentials: [.signedToken])]
        let decider = PolicyDecider(policy: F.policy(users), state: DecisionState(), store: store, localTime: { F.wednesdayNoon })
        decider.reload(F.policy(users, security: SecurityConfig(rollingCounter: true, lockout: nil)))
        let message = NDEFMessage(records: [try F.token("alice", counter: 0, on: F.aliceUID)])
        let update = try #require(decider.decide(Presentation(uid: F.aliceUID, message: message), at: MonotonicTime(nanoseconds: 0)).tokenUpdate)
        _ = try decider.tokenMessage(for: update, replacing: message)
        decider.confirm(update)
        #expect(try store.load()[DecisionState.CounterKey(user: "alice", uid: F.aliceUID)]?.confirmed == 1, "counters enabled by a reload are saved")
    }

    @Test func theLocalTimeAndMonotonicClockReachThePolicy() {
        let schedule = WeeklySchedule(windows: [.init(days: [.wednesday], start: 0, end: 720)])
        let policy = F.policy(
            [User(name: "alice", credentials: [.uid(F.aliceUID)], schedule: schedule)],
            security: SecurityConfig(lockout: LockoutPolicy(denials: 1, window: .seconds(1), duration: .seconds(10))))
        let decider = PolicyDecider(policy: policy, state: DecisionState(), store: nil, localTime: { F.wednesdayNoon })
        #expect(decider.decide(F.tag(F.aliceUID), at: MonotonicTime(nanoseconds: 2_000_000_000)).reason.hasSuffix("outside schedule Wed 00:00-12:00; 1 denial of this tag within 1 s: it is ignored for 10 s"))
        #expect(decider.state.tagLockedOut(F.aliceUID, at: .seconds(2)) == .seconds(12))
        decider.reload(F.policy([User(name: "alice", credentials: [.uid(F.aliceUID)])]))
        #expect(decider.decide(F.tag(F.aliceUID), at: MonotonicTime(nanoseconds: 11_000_000_000)).rule == "lockout", "a reload keeps the lockout")
        #expect(decider.decide(F.tag(F.aliceUID), at: MonotonicTime(nanoseconds: 12_000_000_000)).granted)
    }
}
