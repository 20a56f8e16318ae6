import DoorControl
import NDEF
import PN532
import PN532Simulator
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
}
