import Basics
import Credentials
import DoorControl
import PN532Simulator
import TestSupport
import Testing

/// `ultralight_aes` credentials at the door, on the in-process simulator's Ultralight AES keyed
/// as provisioning leaves it (`ultralight-aes:keys=test,master=HEX`: DataProtKey AN10922(master,
/// UID), a published genuine UID and signature): it opens for its user; its perfect clone,
/// another site's card and an NTAG showing its UID are denied.
@Suite("Door: Ultralight AES keyed credential against attacks")
struct UltralightAESKeyedCardAttackTests {
    static let master = AESKey((0..<16).map { UInt8(0x40 + $0) })!
    static let otherMaster = AESKey([UInt8](repeating: 0x33, count: 16))!

    /// Carol's card, keyed from `master`.
    static func carolsCard(master: AESKey = master) -> SimulatedTag {
        SimulatedTag.ultralightAESKeyed(master: master.bytes)
    }

    /// A door whose user carol has an `ultralight_aes` credential for the card's UID; two
    /// denials of one tag lock it out.
    static func door(master: AESKey = master) -> (VirtualDoor, PolicyDecider) {
        let uid = carolsCard().uid
        var config = DoorConfig(
            reader: ReaderConfig(device: "sim"), relay: RelayConfig(output: LineConfig(line: "GPIO17")),
            security: SecurityConfig(lockout: LockoutPolicy(denials: 2, window: .seconds(60), duration: .seconds(60))),
            users: [User(name: "carol", credentials: [.keyed(.ultralightAES, uid)])])
        let keyed = KeyedCardConfig(family: .ultralightAES, keyNumber: 0, masterKeys: [KeyedCardConfig.MasterKey(version: nil, path: "/unused")])
        config.ultralightAES = keyed
        let policy = DoorPolicy(
            config: config, tokenKey: nil, originalityKey: .nxpNTAG21x, keyedCards: [KeyedCardKeys(config: keyed, masters: [(nil, master)])])
        let decider = PolicyDecider(policy: policy, state: DecisionState(), store: nil, localTime: { PolicyFixtures.wednesdayNoon })
        let door = VirtualDoor(allowed: [], decider: decider)
        door.engine.reader.keyedCards = policy.proofRequests
        return (door, decider)
    }

    @Test("the keyed Ultralight AES opens for its user: proven DataProtKey, genuine NXP signature (secp192r1)")
    func keyedCardOpens() throws {
        let (door, _) = Self.door()
        let decision = try #require(KeyedCardAttackTests.present([Self.carolsCard()], to: door).first)
        #expect(decision.granted, "\(decision.reason)")
        #expect(decision.user == "carol")
        #expect(decision.rule == "users[0] \"carol\" credentials[0] ultralight_aes")
        #expect(decision.reason == "Ultralight AES 045E4CC2451390 proved key 0, genuine")
        #expect(door.outputs.relay.contains { $0.on })
    }

    @Test("its perfect clone (same UID, pages, signature; no key) is denied as a clone, counted, with an alarm")
    func perfectCloneDenied() throws {
        var original = Self.carolsCard()
        let copied = original.ultralightAESClone()
        let clone = try #require(copied)
        let (door, decider) = Self.door()
        let decisions = KeyedCardAttackTests.present([clone, clone], to: door)
        #expect(decisions.count == 2)
        #expect(decisions.allSatisfy { !$0.granted })
        #expect(decisions[0].rule == "credentials.ultralight_aes")
        #expect(decisions[0].reason.hasPrefix("clone: a card shows UID 045E4CC2451390 of \"carol\"'s Ultralight AES and fails its key: authentication failed"), "\(decisions[0].reason)")
        #expect(decisions[0].alarm != nil)
        #expect(decider.state.tagLockedOut(clone.uid, at: door.now.sinceOrigin) != nil)
        #expect(!door.outputs.relay.contains { $0.on })
    }

    @Test("a card keyed from another site's master key is denied")
    func anotherSitesCardDenied() throws {
        let (door, _) = Self.door()
        let decision = try #require(KeyedCardAttackTests.present([Self.carolsCard(master: Self.otherMaster)], to: door).first)
        #expect(!decision.granted)
        #expect(decision.reason.hasPrefix("clone:"), "\(decision.reason)")
    }

    @Test("an NTAG213 showing the Ultralight AES user's UID is denied as a clone")
    func ntagWithTheUID() throws {
        let (door, _) = Self.door()
        let impostor = SimulatedTag(product: .ntag213, uid: Self.carolsCard().uid)
        let decision = try #require(KeyedCardAttackTests.present([impostor], to: door).first)
        #expect(!decision.granted)
        #expect(decision.rule == "credentials.ultralight_aes")
        #expect(decision.reason.contains("of \"carol\"'s Ultralight AES without proving its key"), "\(decision.reason)")
        #expect(decision.alarm != nil)
    }
}
