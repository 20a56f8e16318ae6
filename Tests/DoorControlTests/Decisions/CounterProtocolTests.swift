import Basics
import Credentials
import DoorControl
import NFCCore
#if canImport(Glibc)
import Glibc
#endif
import NDEF
import PN532
import TestSupport
import Testing

@Suite("Rolling counters: the protocol no tear, failed read-back, copy or replay gets ahead of")
struct CounterProtocolTests {
    typealias F = PolicyFixtures

    static let users = [User(name: "alice", credentials: [.signedToken]), User(name: "#alice", credentials: [.signedToken])]

    /// A decider with rolling counters saved in `directory`, no lockout unless given.
    static func decider(_ directory: ScratchDirectory, lockout: LockoutPolicy? = nil) -> PolicyDecider {
        let policy = F.policy(users, security: SecurityConfig(rollingCounter: true, lockout: lockout))
        return PolicyDecider(policy: policy, state: DecisionState(), store: CounterStore(path: directory.file("counters")), localTime: { F.wednesdayNoon })
    }

    /// A tag as the decider sees it: its UID and NDEF message, both slots written by `token issue`.
    struct Tag {
        var uid: [UInt8]
        var message: NDEFMessage?

        init(user: String = "alice", uid: [UInt8] = F.aliceUID) throws {
            self.uid = uid
            message = NDEFMessage(records: [.uri("https://example.com")]).replacingToken(with: try F.token(user, on: uid))
        }
    }

    /// How a write-back ends.
    enum WriteBack {
        /// Written and read back.
        case verified
        /// Written, but the read-back failed (a copy that makes it fail, or a tag pulled just after).
        case unverified
        /// Nothing reached the tag.
        case lost
    }

    /// Presents `tag` at `second`, carries out the write-back as `outcome` says, and returns
    /// whether the door opened (as `DoorEngine` does).
    @discardableResult
    static func present(_ tag: inout Tag, to decider: PolicyDecider, at second: Int64, _ outcome: WriteBack = .verified) throws -> Decision {
        let now = MonotonicTime(nanoseconds: second * 1_000_000_000)
        var decision = decider.decide(Presentation(uid: tag.uid, message: tag.message), at: now)
        guard decision.granted, let update = decision.tokenUpdate else { return decision }
        let message = try decider.tokenMessage(for: update, replacing: tag.message)
        if outcome != .lost { tag.message = message }
        if outcome == .verified {
            decider.confirm(update)
        } else {
            _ = decider.writeFailed(update, at: now)
            decision.granted = false
        }
        return decision
    }

    @Test func thePrePlayOfTheIssueFails() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let decider = Self.decider(directory)
        var alice = try Tag()
        var copy = alice
        var alarms: [String] = []
        decider.onAlarm = { alarms.append($0) }
        for second in 0..<5 as Range<Int64> {
            #expect(!(try Self.present(&copy, to: decider, at: second, .unverified)).granted, "a write-back that is not read back never opens")
        }
        for second in 10..<13 as Range<Int64> {
            let decision = try Self.present(&alice, to: decider, at: second)
            #expect(decision.granted, "alice is not refused after the copy's tries: \(decision.reason)")
        }
        let copied = try Self.present(&copy, to: decider, at: 20)
        #expect(!copied.granted)
        #expect(copied.alarm?.contains("two tags hold this token") == true)
        #expect(alarms.count == 1)
        let counter = try #require(decider.state.counter(user: "alice", uid: F.aliceUID))
        #expect(counter.conflict)
        #expect(!(try Self.present(&alice, to: decider, at: 21)).granted, "the token is refused until it is reissued")
        var reissued = try Tag()
        reissued.message = NDEFMessage(records: []).replacingToken(with: try SignedToken(user: "alice", issued: 1_772_000_100, counter: 0).record(uid: F.aliceUID, key: F.key))
        #expect(try Self.present(&reissued, to: decider, at: 22).granted, "a newer token on the tag ends the conflict")
        #expect(!(try Self.present(&copy, to: decider, at: 23)).granted, "the older generation stays refused")
    }

    @Test func aCopyUsedFirstIsFoundOutWhenTheOriginalComesBack() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let decider = Self.decider(directory)
        var alice = try Tag()
        try Self.present(&alice, to: decider, at: 0)
        var copy = alice
        #expect(try Self.present(&copy, to: decider, at: 1).granted, "a perfect copy of the current state opens once (the limit of NTAG tokens)")
        let original = try Self.present(&alice, to: decider, at: 2)
        #expect(!original.granted)
        #expect(original.alarm != nil, "the conflict raises the alarm")
        #expect(!(try Self.present(&copy, to: decider, at: 3)).granted, "and the copy is refused from then on")
    }

    @Test func aReplayOfAnEarlierStateIsAConflict() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let decider = Self.decider(directory)
        var alice = try Tag()
        let earlier = alice
        for second in 0..<3 as Range<Int64> { #expect(try Self.present(&alice, to: decider, at: second).granted) }
        var replay = earlier
        #expect(!(try Self.present(&replay, to: decider, at: 5)).granted)
        #expect(decider.state.counter(user: "alice", uid: F.aliceUID)?.conflict == true)
    }

    @Test func aLostOrUnverifiedWriteLeavesTheTagUsable() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let decider = Self.decider(directory)
        var alice = try Tag()
        for (second, outcome) in [(0, .lost), (1, .unverified), (2, .lost), (3, .unverified), (4, .unverified)] as [(Int64, WriteBack)] {
            #expect(!(try Self.present(&alice, to: decider, at: second, outcome)).granted)
        }
        #expect(try Self.present(&alice, to: decider, at: 5).granted)
        #expect(try Self.present(&alice, to: decider, at: 6).granted)
        let counter = try #require(decider.state.counter(user: "alice", uid: F.aliceUID))
        #expect(counter.confirmed == counter.issued, "issued numbers are never reused: \(counter)")
        #expect(counter.confirmed == 7)
    }

    @Test func failedWriteBacksCountTowardTheTagsLockout() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let decider = Self.decider(directory, lockout: LockoutPolicy(denials: 3, window: .seconds(30), duration: .seconds(60)))
        var copy = try Tag()
        for second in 0..<3 as Range<Int64> { try Self.present(&copy, to: decider, at: second, .unverified) }
        let locked = try Self.present(&copy, to: decider, at: 3)
        #expect(locked.rule == "lockout")
        var bob = try Tag(user: "#alice", uid: F.bobUID)
        #expect(try Self.present(&bob, to: decider, at: 4).granted, "another tag is not locked out")
    }

    @Test func countersSurviveARestartWithAnyUserName() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let decider = Self.decider(directory)
        var hash = try Tag(user: "#alice", uid: F.bobUID)
        let earlier = hash
        for second in 0..<2 as Range<Int64> { #expect(try Self.present(&hash, to: decider, at: second).granted) }
        let loaded = try CounterStore(path: directory.file("counters")).load()
        #expect(loaded[DecisionState.CounterKey(user: "#alice", uid: F.bobUID)]?.confirmed == 2, "a user named #alice is no comment")
        let restarted = PolicyDecider(
            policy: F.policy(Self.users, security: SecurityConfig(rollingCounter: true, lockout: nil)),
            state: DecisionState(counters: loaded), store: CounterStore(path: directory.file("counters")), localTime: { F.wednesdayNoon })
        var replay = earlier
        #expect(!(try Self.present(&replay, to: restarted, at: 10)).granted, "the earlier state is refused after a restart")
    }

    @Test func theIssuedCounterIsSavedBeforeItIsWritten() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let decider = Self.decider(directory)
        let alice = try Tag()
        let decision = decider.decide(Presentation(uid: alice.uid, message: alice.message), at: MonotonicTime(nanoseconds: 0))
        let update = try #require(decision.tokenUpdate)
        _ = try decider.tokenMessage(for: update, replacing: alice.message)
        let saved = try CounterStore(path: directory.file("counters")).load()
        #expect(saved[DecisionState.CounterKey(user: "alice", uid: F.aliceUID)] == DecisionState.TokenCounter(generation: 1_772_000_000, confirmed: 0, issued: 1))
    }

    @Test func aFailedSaveRefusesTokenGrantsAndRaisesTheAlarm() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let store = CounterStore(path: directory.file("gone/counters"))
        let policy = F.policy(Self.users + [User(name: "bob", credentials: [.uid(F.strangerUID)])], security: SecurityConfig(rollingCounter: true, lockout: nil))
        let decider = PolicyDecider(policy: policy, state: DecisionState(), store: store, localTime: { F.wednesdayNoon })
        var alarms: [String] = []
        decider.onAlarm = { alarms.append($0) }
        var alice = try Tag()
        let before = alice.message
        #expect(throws: CounterStoreError.self) { try Self.present(&alice, to: decider, at: 0) }
        #expect(alice.message == before, "nothing is written when the counter cannot be saved first")
        #expect(alarms.count == 1)
        #expect(decider.storeFailure != nil)
        #expect(decider.decide(Presentation(uid: F.strangerUID), at: MonotonicTime(nanoseconds: 1)).granted, "users without tokens are not affected")
        #expect(mkdir(directory.file("gone"), 0o700) == 0)
        #expect(try Self.present(&alice, to: decider, at: 2).granted, "once the file can be saved again, tokens grant")
        #expect(decider.storeFailure == nil)
    }
}
