import DoorControl
import Testing

@Suite("Door policy: lockout after repeated denials")
struct DoorPolicyLockoutTests {
    typealias F = PolicyFixtures

    /// 3 denials within 10 s lock out for 30 s.
    static let policy = F.policy(
        [User(name: "alice", credentials: [.uid(F.aliceUID)])],
        security: SecurityConfig(lockout: LockoutPolicy(denials: 3, window: .seconds(10), duration: .seconds(30))))

    static func present(_ uid: [UInt8], at seconds: Int64, _ state: inout DecisionState) -> Decision {
        policy.decide(F.tag(uid), at: F.wednesdayNoon, monotonic: .seconds(seconds), state: &state)
    }

    @Test func oneDenialFewerDoesNotLockOut() {
        var state = DecisionState()
        #expect(!Self.present(F.strangerUID, at: 0, &state).granted)
        #expect(!Self.present(F.strangerUID, at: 1, &state).granted)
        #expect(state.lockedOutUntil == nil)
        #expect(Self.present(F.aliceUID, at: 2, &state).granted)
    }

    @Test func theNthDenialLocksOutAndTheLockoutExpires() {
        var state = DecisionState()
        _ = Self.present(F.strangerUID, at: 0, &state)
        _ = Self.present(F.strangerUID, at: 1, &state)
        let third = Self.present(F.strangerUID, at: 2, &state)
        #expect(third.rule == "default deny")
        #expect(third.reason.hasSuffix("; 3 denials within 10 s: presentations are ignored for 30 s"))
        #expect(state.lockedOutSince == .seconds(2))
        #expect(state.lockedOutUntil == .seconds(32))
        let during = Self.present(F.aliceUID, at: 3, &state)
        #expect(during == Decision(granted: false, user: nil, rule: "lockout", reason: "locked out after 3 denials within 10 s (29 s left)"))
        #expect(!Self.present(F.aliceUID, at: 31, &state).granted)
        #expect(Self.present(F.aliceUID, at: 32, &state).granted)
    }

    @Test func denialsDuringALockoutDoNotExtendIt() {
        var state = DecisionState()
        for second in [0, 1, 2] as [Int64] { _ = Self.present(F.strangerUID, at: second, &state) }
        for second in [5, 10, 20, 25, 31] as [Int64] {
            #expect(Self.present(F.strangerUID, at: second, &state).rule == "lockout")
        }
        var twoTags = F.tag(F.strangerUID)
        twoTags.multipleTags = true
        #expect(Self.policy.decide(twoTags, at: F.wednesdayNoon, monotonic: .seconds(31), state: &state).rule == "multiple tags")
        #expect(state.lockedOutUntil == .seconds(32))
        #expect(Self.present(F.aliceUID, at: 32, &state).granted)
        _ = Self.present(F.strangerUID, at: 33, &state)
        _ = Self.present(F.strangerUID, at: 34, &state)
        #expect(state.lockedOutUntil == .seconds(32), "the denials before the lockout were not carried over")
    }

    @Test func theWindowIsInclusiveAndOlderDenialsDropOut() {
        var outside = DecisionState()
        for second in [0, 5, 11] as [Int64] { _ = Self.present(F.strangerUID, at: second, &outside) }
        #expect(outside.lockedOutUntil == nil)
        var inside = DecisionState()
        for second in [0, 5, 10] as [Int64] { _ = Self.present(F.strangerUID, at: second, &inside) }
        #expect(inside.lockedOutUntil == .seconds(40))
    }

    @Test func readErrorsDoNotCount() {
        var state = DecisionState()
        for second in 0..<5 as Range<Int64> {
            let torn = Presentation(uid: F.strangerUID, readError: "tag left")
            #expect(Self.policy.decide(torn, at: F.wednesdayNoon, monotonic: .seconds(second), state: &state).rule == "read error")
        }
        #expect(state.lockedOutUntil == nil)
    }

    @Test func withoutALockoutPolicyNothingLocksOut() {
        let policy = F.policy([])
        var state = DecisionState()
        for second in 0..<20 as Range<Int64> {
            #expect(policy.decide(F.tag(F.strangerUID), at: F.wednesdayNoon, monotonic: .seconds(second), state: &state).rule == "default deny")
        }
        #expect(state.lockedOutUntil == nil)
    }
}
