import Credentials
import DoorControl
import NDEF
import PN532
import PN532Simulator
import TestSupport
import Testing

@Suite("Rolling counters: a tag pulled away at every command of the write-back")
struct CounterTearTests {
    typealias F = PolicyFixtures

    /// A door over the in-process simulator deciding with `decider`.
    static func door(_ decider: PolicyDecider) -> VirtualDoor {
        VirtualDoor(allowed: [], decider: decider)
    }

    /// Presents `tag` to a fresh door; returns the decisions, whether the relay energised and
    /// the tag as it left (or stays).
    static func present(_ tag: SimulatedTag, to decider: PolicyDecider, tearAfter commands: Int? = nil) throws -> (decisions: [Decision], opened: Bool, tag: SimulatedTag) {
        let door = door(decider)
        door.chip.removeTagAfterCommands = commands
        door.present(tag, at: 0.1)
        door.run(until: 2)
        let after = try #require(door.chip.field.first ?? door.chip.departedTags.last)
        return (door.journal.decisions.map(\.0), door.outputs.relay.contains { $0.on }, after)
    }

    @Test func everyTearLeavesAValidTokenAndNeverOpens() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let policy = F.policy([User(name: "alice", credentials: [.signedToken])], security: SecurityConfig(rollingCounter: true, lockout: nil))
        let decider = PolicyDecider(policy: policy, state: DecisionState(), store: CounterStore(path: directory.file("counters")), localTime: { F.wednesdayNoon })
        let slots = NDEFMessage(records: [.uri("https://example.com/a")]).replacingToken(with: try F.token("alice", on: F.aliceUID))
        var tag = VirtualDoor.tag(uid: F.aliceUID, records: slots.records)
        var tears = 0
        for commands in 0..<60 {
            let torn = try Self.present(tag, to: decider, tearAfter: commands)
            let decision = try #require(torn.decisions.first)
            #expect(torn.opened == decision.granted, "the relay follows the decision (tear after \(commands) commands)")
            let next = try Self.present(torn.tag, to: decider)
            let accepted = try #require(next.decisions.first)
            #expect(accepted.granted, "after a tear at command \(commands) the tag still opens: \(accepted.reason)")
            #expect(next.opened)
            tag = next.tag
            if decision.granted { break }
            tears += 1
        }
        #expect(tears > 8, "the tears covered reading, writing and reading back (\(tears) commands)")
        let counter = try #require(decider.state.counter(user: "alice", uid: F.aliceUID))
        #expect(!counter.conflict)
    }

    /// A decider with rolling counters in `directory`.
    static func rollingDecider(_ directory: ScratchDirectory) -> PolicyDecider {
        let policy = F.policy([User(name: "alice", credentials: [.signedToken])], security: SecurityConfig(rollingCounter: true, lockout: nil))
        return PolicyDecider(policy: policy, state: DecisionState(), store: CounterStore(path: directory.file("counters")), localTime: { F.wednesdayNoon })
    }

    static func aliceTag() throws -> SimulatedTag {
        let slots = NDEFMessage(records: [.uri("https://example.com/a")]).replacingToken(with: try F.token("alice", on: F.aliceUID))
        return VirtualDoor.tag(uid: F.aliceUID, records: slots.records)
    }

    @Test func thePrePlayOverTheSimulatorFails() throws {
        // The command after which the tag must leave so that the write lands and its read-back
        // fails, found on a twin door: the last tear that still denies.
        var readBackTear: Int?
        for commands in 0..<60 {
            let twin = try ScratchDirectory()
            defer { twin.remove() }
            let torn = try Self.present(try Self.aliceTag(), to: Self.rollingDecider(twin), tearAfter: commands)
            if torn.decisions.first?.granted == true { break }
            readBackTear = commands
        }
        let tear = try #require(readBackTear)

        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let decider = Self.rollingDecider(directory)
        var alarms: [String] = []
        decider.onAlarm = { alarms.append($0) }
        var alice = try Self.aliceTag()
        var copy = alice
        let before = copy.memory
        for attempt in 0..<5 {
            let tried = try Self.present(copy, to: decider, tearAfter: tear)
            #expect(tried.decisions.first?.granted == false, "attempt \(attempt): a write-back that is not read back never opens")
            #expect(!tried.opened)
            copy = tried.tag
        }
        #expect(copy.memory != before, "the copy did receive the writes")
        for use in 0..<3 {
            let used = try Self.present(alice, to: decider)
            #expect(used.decisions.first?.granted == true, "use \(use): alice is not refused: \(used.decisions.first?.reason ?? "")")
            alice = used.tag
        }
        let copied = try Self.present(copy, to: decider)
        #expect(copied.decisions.first?.granted == false)
        #expect(!copied.opened)
        #expect(copied.decisions.first?.alarm?.contains("two tags hold this token") == true)
        #expect(alarms.count == 1)
    }
}
