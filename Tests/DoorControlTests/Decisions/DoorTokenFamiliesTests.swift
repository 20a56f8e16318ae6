import Credentials
import DoorControl
import NDEF
import NFCCore
import NFCTags
import PN532
import PN532Simulator
import TagProtocols
import TestSupport
import Testing

/// The door's token rule on a FeliCa (Type 3) and a DESFire with the NDEF application (Type 4)
/// of the in-process simulator: the token, issued through the tag's layer as `token issue`
/// does, grants; with rolling counters each grant writes the next counter back through the
/// layer and a copy of an earlier state is refused. A token crafted for a random UID (a
/// phone's) never grants.
@Suite("Door tokens on Type 3 and Type 4 tags")
struct DoorTokenFamiliesTests {
    typealias F = PolicyFixtures

    /// The families: the simulator's card and the poll that lists it.
    static let cards: [(TagProduct, PassiveModulation)] = [(.felica12FC, .felica212), (.felicaLiteS, .felica212), (.desfireNDEF, .typeA106)]

    /// A factory-fresh `product` holding alice's token in both slots, written through its layer,
    /// and the identifier the token is bound to.
    static func aliceCard(_ product: TagProduct, _ modulation: PassiveModulation) throws -> (tag: SimulatedTag, uid: [UInt8]) {
        let field = try SimulatedSession(product)
        let target = try field.firstTarget(modulation)
        let uid = target.info.identifier
        let tag = try #require(try ActivatedTag(target.info, over: TargetExchange(session: field.session, target: target)).ndef)
        let message = NDEFMessage(records: [.uri("https://example.com/a")]).replacingToken(with: try F.token("alice", on: uid))
        try tag.writeNDEFMessage(message)
        return (try #require(field.chip.field.first), uid)
    }

    /// The token counters `tag` holds, read through its layer.
    static func counters(_ tag: SimulatedTag, _ modulation: PassiveModulation, uid: [UInt8]) throws -> [UInt32] {
        let field = try SimulatedSession([tag])
        let target = try field.firstTarget(modulation)
        let ndef = try #require(try ActivatedTag(target.info, over: TargetExchange(session: field.session, target: target)).ndef)
        return try ndef.readNDEFMessage().tokenRecords.map { try SignedToken(record: $0, uid: uid, key: F.key).counter }
    }

    /// Presents `tag` to a fresh door deciding with `decider`: the decisions, whether the
    /// relay energised, and the tag as it left.
    static func present(_ tag: SimulatedTag, to decider: PolicyDecider) throws -> (decisions: [Decision], opened: Bool, tag: SimulatedTag) {
        let door = VirtualDoor(allowed: [], decider: decider)
        door.present(tag, at: 0.1)
        door.run(until: 2)
        let after = try #require(door.chip.field.first ?? door.chip.departedTags.last)
        return (door.journal.decisions.map(\.0), door.outputs.relay.contains { $0.on }, after)
    }

    static func decider(rolling: Bool, in directory: ScratchDirectory) -> PolicyDecider {
        let policy = F.policy([User(name: "alice", credentials: [.signedToken])], security: SecurityConfig(rollingCounter: rolling, lockout: nil))
        return PolicyDecider(policy: policy, state: DecisionState(), store: CounterStore(path: directory.file("counters")), localTime: { F.wednesdayNoon })
    }

    @Test(arguments: cards)
    func aTokenGrantsWithoutRollingCounters(_ product: TagProduct, _ modulation: PassiveModulation) throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let (tag, uid) = try Self.aliceCard(product, modulation)
        let decider = Self.decider(rolling: false, in: directory)
        for _ in 0..<2 {
            let presented = try Self.present(tag, to: decider)
            let decision = try #require(presented.decisions.first)
            #expect(decision.granted, "\(decision.reason)")
            #expect(decision.user == "alice")
            #expect(presented.opened)
            #expect(try Self.counters(presented.tag, modulation, uid: uid) == [0, 0], "nothing is written back")
        }
    }

    @Test(arguments: cards)
    func rollingCountersAreWrittenBackAndACopyIsRefused(_ product: TagProduct, _ modulation: PassiveModulation) throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let card = try Self.aliceCard(product, modulation)
        let uid = card.uid
        var tag = card.tag
        let decider = Self.decider(rolling: true, in: directory)
        let copy = tag
        for use in 1...3 {
            let presented = try Self.present(tag, to: decider)
            let decision = try #require(presented.decisions.first)
            #expect(decision.granted, "use \(use): \(decision.reason)")
            #expect(presented.opened)
            #expect(try Self.counters(presented.tag, modulation, uid: uid).max() == UInt32(use), "the counter written back is the next one")
            tag = presented.tag
        }
        let copied = try Self.present(copy, to: decider)
        #expect(copied.decisions.first?.granted == false)
        #expect(!copied.opened)
        #expect(copied.decisions.first?.alarm?.contains("two tags hold this token") == true)
    }

    @Test func aTokenCraftedForARandomUIDNeverGrants() throws {
        let phone: [UInt8] = [0x08, 0x5A, 0x11, 0xC4]
        let record = try SignedToken(user: "alice", issued: 1_772_000_000, counter: 0).record(anyUID: phone, key: F.key)
        for rolling in [false, true] {
            let policy = F.policy([User(name: "alice", credentials: [.signedToken])], security: SecurityConfig(rollingCounter: rolling, lockout: nil))
            let decision = F.decide(policy, Presentation(uid: phone, product: "ISO-DEP device with a random UID (phone or payment card)", message: NDEFMessage(records: [record])))
            #expect(!decision.granted)
            #expect(decision.rule == "signed token")
            #expect(decision.reason.hasPrefix("token refused: the tag's UID is random (4 bytes starting 08"))
        }
        #expect(throws: TokenError.randomUID(phone)) { try SignedToken(user: "alice", issued: 1, counter: 0).record(uid: phone, key: F.key) }
    }
}
