import DoorControl
import NFCCore
import Testing

@Suite("Door policy: lockout of a tag after repeated denials, and a global rate limit")
struct DoorPolicyLockoutTests {
    typealias F = PolicyFixtures

    /// 3 denials of one tag within 10 s lock that tag out for 30 s; 6 of any tags lock all out.
    static let policy = F.policy(
        [User(name: "alice", credentials: [.uid(F.aliceUID)])],
        security: SecurityConfig(lockout: LockoutPolicy(denials: 3, window: .seconds(10), duration: .seconds(30), globalDenials: 6)))

    static func present(_ uid: [UInt8], at seconds: Int64, _ state: inout DecisionState) -> Decision {
        policy.decide(F.tag(uid), at: F.wednesdayNoon, monotonic: .seconds(seconds), state: &state)
    }

    /// A stranger's UID numbered `n`.
    static func stranger(_ n: UInt8) -> [UInt8] {
        [0x04, 0x99, 0x88, 0x77, 0x66, 0x55, n]
    }

    @Test func oneDenialFewerDoesNotLockOut() {
        var state = DecisionState()
        #expect(!Self.present(F.strangerUID, at: 0, &state).granted)
        #expect(!Self.present(F.strangerUID, at: 1, &state).granted)
        #expect(state.tagLockedOut(F.strangerUID, at: .seconds(2)) == nil)
        #expect(Self.present(F.aliceUID, at: 2, &state).granted)
    }

    @Test func theNthDenialLocksThatTagOutOnlyAndTheLockoutExpires() {
        var state = DecisionState()
        _ = Self.present(F.strangerUID, at: 0, &state)
        _ = Self.present(F.strangerUID, at: 1, &state)
        let third = Self.present(F.strangerUID, at: 2, &state)
        #expect(third.rule == "default deny")
        #expect(third.reason.hasSuffix("; 3 denials of this tag within 10 s: it is ignored for 30 s"))
        #expect(state.tagLockedOut(F.strangerUID, at: .seconds(3)) == .seconds(32))
        #expect(Self.present(F.strangerUID, at: 3, &state) == Decision(granted: false, user: nil, rule: "lockout", reason: "this tag is locked out after 3 denials within 10 s (29 s left)"))
        #expect(Self.present(F.aliceUID, at: 4, &state).granted, "a stranger's taps do not keep alice out")
        #expect(Self.present(F.strangerUID, at: 31, &state).rule == "lockout")
        #expect(Self.present(F.strangerUID, at: 32, &state).rule == "default deny")
        #expect(state.lockedOutUntil == nil)
    }

    @Test func fiveStrangersDoNotKeepEveryoneOutButAFloodDoes() {
        var state = DecisionState()
        for n in 0..<5 as Range<UInt8> { _ = Self.present(Self.stranger(n), at: Int64(n), &state) }
        #expect(Self.present(F.aliceUID, at: 5, &state).granted)
        let sixth = Self.present(Self.stranger(5), at: 6, &state)
        #expect(sixth.reason.hasSuffix("; 6 denials within 10 s: presentations are ignored for 30 s"))
        #expect(state.lockedOutUntil == .seconds(36))
        #expect(Self.present(F.aliceUID, at: 7, &state) == Decision(granted: false, user: nil, rule: "lockout", reason: "locked out after 6 denials within 10 s (29 s left)"))
        #expect(Self.present(F.aliceUID, at: 36, &state).granted)
    }

    @Test func denialsDuringALockoutDoNotExtendIt() {
        var state = DecisionState()
        for second in [0, 1, 2] as [Int64] { _ = Self.present(F.strangerUID, at: second, &state) }
        for second in [5, 10, 20, 25, 31] as [Int64] {
            #expect(Self.present(F.strangerUID, at: second, &state).rule == "lockout")
        }
        #expect(state.tagLockedOut(F.strangerUID, at: .seconds(31)) == .seconds(32))
        #expect(Self.present(F.strangerUID, at: 32, &state).rule == "default deny")
        _ = Self.present(F.strangerUID, at: 33, &state)
        #expect(state.tagLockedOut(F.strangerUID, at: .seconds(33)) == nil, "the denials before the lockout were not carried over")
    }

    @Test func theWindowIsInclusiveAndOlderDenialsDropOut() {
        var outside = DecisionState()
        for second in [0, 5, 11] as [Int64] { _ = Self.present(F.strangerUID, at: second, &outside) }
        #expect(outside.tagLockedOut(F.strangerUID, at: .seconds(11)) == nil)
        var inside = DecisionState()
        for second in [0, 5, 10] as [Int64] { _ = Self.present(F.strangerUID, at: second, &inside) }
        #expect(inside.tagLockedOut(F.strangerUID, at: .seconds(10)) == .seconds(40))
    }

    @Test func unreadableTagsAndTwoTagsCount() {
        var state = DecisionState()
        for second in 0..<2 as Range<Int64> {
            let torn = Presentation(uid: F.strangerUID, readError: "tag left")
            #expect(Self.policy.decide(torn, at: F.wednesdayNoon, monotonic: .seconds(second), state: &state).rule == "read error")
        }
        var twoTags = F.tag(F.strangerUID)
        twoTags.multipleTags = true
        #expect(Self.policy.decide(twoTags, at: F.wednesdayNoon, monotonic: .seconds(2), state: &state).rule == "multiple tags")
        #expect(Self.present(F.strangerUID, at: 3, &state).rule == "lockout")
    }

    @Test func withoutALockoutPolicyNothingLocksOut() {
        let policy = F.policy([])
        var state = DecisionState()
        for second in 0..<20 as Range<Int64> {
            #expect(policy.decide(F.tag(F.strangerUID), at: F.wednesdayNoon, monotonic: .seconds(second), state: &state).rule == "default deny")
        }
        #expect(state.lockedOutUntil == nil)
        #expect(state.tagLockedOut(F.strangerUID, at: .seconds(20)) == nil)
    }

    @Test func theDenialsOfManyTagsStayBounded() {
        var state = DecisionState()
        let policy = F.policy([], security: SecurityConfig(lockout: LockoutPolicy(denials: 2, window: .seconds(1), duration: .seconds(1), globalDenials: 1000)))
        for n in 0..<2000 {
            let uid: [UInt8] = [0x04, UInt8(n & 0xFF), UInt8(n >> 8), 0, 0, 0, 1]
            _ = policy.decide(F.tag(uid), at: F.wednesdayNoon, monotonic: .milliseconds(Int64(n) * 10), state: &state)
        }
        #expect(state.trackedTagCount <= 256)
    }
}
