import Basics
import Credentials
import DoorControl
import EV2SecureMessaging
import ISO7816
import NFCCore
import PN532
import PN532Simulator
import TestSupport
import Testing

/// `ntag424` credentials at the door, on the in-process simulator: the keyed NTAG 424 DNA
/// opens for its user; its perfect clone, a wrong-key card, a stalling card and cards of other
/// families showing its UID are denied, and the denials count toward the lockout.
@Suite("Door: NTAG 424 DNA keyed credential against attacks")
struct KeyedCardAttackTests {
    /// A real NTAG 424 DNA's UID and NXP originality signature (reference §9.7).
    static let uid: [UInt8] = [0x04, 0x77, 0x28, 0x82, 0x4D, 0x65, 0x80]
    static let signature = Hex.bytes(
        "9C7068636A285FEBA1E2406654009DCE6E8A9C9CE318BE0262ED162519B970B32FB802858420D667D12CEBCD32BB4BC8AFE21C753A5A6C26")!
    static let master = AESKey((0..<16).map { UInt8(truncatingIfNeeded: 0xA0 + $0 * 7) })!
    static let nextMaster = AESKey((0..<16).map { UInt8(0x31 &+ $0 &* 13) })!
    static let keyNumber: UInt8 = 2

    /// Alice's card as provisioning leaves it: key 2 = AN10922(`master`, UID ‖ 02), version 1.
    static func aliceCard(master: AESKey = master, version: UInt8 = 1, signed: Bool = true) -> SimulatedTag {
        var tag = SimulatedTag.ntag424Keyed(uid: uid)
        let key = KeyDiversification.ntag424CardKey(master: master, uid: uid, keyNumber: keyNumber)!
        tag.ntag424?.setKey(Int(keyNumber), to: key.bytes, version: version)
        if signed { tag.ntag424?.signature = signature }
        return tag
    }

    /// A door whose only user, alice, has an `ntag424` credential; two denials of one tag
    /// lock it out.
    static func door(
        masters: [(version: UInt8?, key: AESKey)] = [(nil, master)], requireGenuine: Bool = true, uidKey: (keyNumber: UInt8, key: AESKey)? = nil
    ) -> (VirtualDoor, PolicyDecider) {
        var config = DoorConfig(
            reader: ReaderConfig(device: "sim"), relay: RelayConfig(output: LineConfig(line: "GPIO17")),
            security: SecurityConfig(lockout: LockoutPolicy(denials: 2, window: .seconds(60), duration: .seconds(60))),
            users: [User(name: "alice", credentials: [.ntag424(uid)])])
        let keyed = KeyedCardConfig(
            keyNumber: keyNumber, masterKeys: masters.map { KeyedCardConfig.MasterKey(version: $0.version, path: "/unused") },
            uidKey: uidKey.map { ($0.keyNumber, "/unused") }, requireGenuine: requireGenuine)
        config.ntag424 = keyed
        let keys = KeyedCardKeys(config: keyed, masters: masters, uidKey: uidKey?.key)
        let policy = DoorPolicy(config: config, tokenKey: nil, originalityKey: .nxpNTAG21x, keyedCards: [keys])
        let decider = PolicyDecider(policy: policy, state: DecisionState(), store: nil, localTime: { PolicyFixtures.wednesdayNoon })
        let door = VirtualDoor(allowed: [], decider: decider)
        door.engine.reader.keyedCards = policy.proofRequests
        return (door, decider)
    }

    /// Presents each tag in turn (one a second, each removed after half a second) and returns
    /// the decisions.
    static func present(_ tags: [SimulatedTag], to door: VirtualDoor) -> [Decision] {
        for (index, tag) in tags.enumerated() {
            door.present(tag, at: Double(index) + 1)
            door.remove(tag.uid, at: Double(index) + 1.5)
        }
        door.run(until: Double(tags.count) + 1)
        return door.journal.decisions.map(\.0)
    }

    @Test("the keyed card opens for its user, proven by its real UID and a genuine signature")
    func keyedCardOpens() throws {
        let (door, _) = Self.door()
        let decisions = Self.present([Self.aliceCard()], to: door)
        let decision = try #require(decisions.first)
        #expect(decision.granted)
        #expect(decision.user == "alice")
        #expect(decision.rule == "users[0] \"alice\" credentials[0] ntag424")
        #expect(decision.reason == "NTAG 424 DNA 047728824D6580 proved key 2, genuine")
        #expect(door.outputs.relay.contains { $0.on })
    }

    @Test("its perfect clone (same UID, NDEF, signature; no key) is denied as a clone, and counted")
    func perfectCloneDenied() throws {
        var original = Self.aliceCard()
        let copied = original.ntag424Clone()
        let clone = try #require(copied)
        let (door, decider) = Self.door()
        let decisions = Self.present([clone, clone, clone], to: door)
        #expect(decisions.count == 3)
        #expect(decisions.allSatisfy { !$0.granted })
        #expect(decisions[0].reason.hasPrefix("clone: a card shows UID 047728824D6580 of \"alice\"'s NTAG 424 DNA and fails its key: authentication failed"))
        #expect(decisions[0].alarm != nil)
        #expect(decisions[1].reason.contains("it is ignored for 60 s"), "the second denial locks the tag out")
        #expect(decisions[2].rule == "lockout")
        #expect(decider.state.tagLockedOut(Self.uid, at: door.now.sinceOrigin) != nil)
        #expect(!door.outputs.relay.contains { $0.on })
        let audit = door.auditLines.joined(separator: "\n")
        #expect(audit.contains("clone"))
    }

    @Test("a card with the wrong key is denied (authentication failed) and counts toward its lockout")
    func wrongKeyCounts() throws {
        let stranger: [UInt8] = [0x04, 0x10, 0x20, 0x30, 0x40, 0x50, 0x60]
        let wrong = SimulatedTag.ntag424Keyed(uid: stranger)
        let (door, decider) = Self.door()
        let decisions = Self.present([wrong, wrong], to: door)
        #expect(decisions.count == 2)
        #expect(decisions[0].rule == "credentials.ntag424")
        #expect(decisions[0].reason.hasPrefix("NTAG 424 DNA authentication failed: authentication failed (AuthenticateEV2First key 2: the card answered 91 AE"))
        #expect(!decisions[0].granted && !decisions[1].granted)
        #expect(decider.state.tagLockedOut(stranger, at: door.now.sinceOrigin) != nil)
    }

    @Test("the right key from the wrong master (another site) fails like any wrong key")
    func anotherSitesCardFails() throws {
        let (door, _) = Self.door()
        let decisions = Self.present([Self.aliceCard(master: Self.nextMaster)], to: door)
        #expect(decisions.first?.granted == false)
        #expect(decisions.first?.reason.hasPrefix("clone:") == true)
    }

    @Test("a keyed card whose signature is not NXP's is denied as not genuine, unless require_genuine is off")
    func notGenuine() throws {
        let (door, _) = Self.door()
        let denied = try #require(Self.present([Self.aliceCard(signed: false)], to: door).first)
        #expect(!denied.granted)
        #expect(denied.rule == "credentials.ntag424.require_genuine")
        #expect(denied.reason.contains("not genuine"))
        let (lenient, _) = Self.door(requireGenuine: false)
        let granted = try #require(Self.present([Self.aliceCard(signed: false)], to: lenient).first)
        #expect(granted.granted)
        #expect(granted.reason.hasSuffix("NOT genuine"))
    }

    @Test("key rotation: GetKeyVersion picks the master key; a version the door does not hold is denied")
    func rotation() throws {
        let (door, _) = Self.door(masters: [(1, Self.master), (2, Self.nextMaster)])
        let decisions = Self.present([Self.aliceCard(version: 1), Self.aliceCard(master: Self.nextMaster, version: 2)], to: door)
        #expect(decisions.map(\.granted) == [true, true])
        #expect(decisions[1].reason == "NTAG 424 DNA 047728824D6580 proved key 2, key version 2, genuine")
        let (retired, _) = Self.door(masters: [(2, Self.nextMaster)])
        let refused = try #require(Self.present([Self.aliceCard(version: 1)], to: retired).first)
        #expect(!refused.granted)
        #expect(refused.reason.contains("key is version 01, for which this door holds no master key"))
    }

    @Test("a card that answers part 1 of the authentication and then stalls is denied within the presentation budget")
    func stallAfterPartOne() throws {
        var stalling = Self.aliceCard()
        // Commands the card sees: RATS, SELECT, AuthenticateEV2First part 1, part 2.
        stalling.script = TagScript(faults: [.none, .none, .none, .silent])
        let (door, _) = Self.door()
        let decisions = Self.present([stalling], to: door)
        let decision = try #require(decisions.first)
        #expect(!decision.granted)
        #expect(decision.reason.hasPrefix("NTAG 424 DNA not read to the end: the card could not be read to the end: AuthenticateEV2First key 2:"), "\(decision.reason)")
        let decided = try #require(door.journal.timedDecisions.first?.time)
        #expect(decided < VirtualDoor.time(1) + DoorReader.Timing().budget.time, "decided before the budget's time ran out")
        #expect(!door.outputs.relay.contains { $0.on })
    }

    @Test("cards of other families showing the keyed card's UID cannot stand in for it", arguments: [TagProduct.ntag213, .desfire])
    func otherFamilyWithTheUID(product: TagProduct) throws {
        let impostor = SimulatedTag(product: product, uid: Self.uid)
        let (door, _) = Self.door()
        let decision = try #require(Self.present([impostor], to: door).first)
        #expect(!decision.granted)
        #expect(decision.rule == "credentials.ntag424")
        #expect(decision.reason.hasPrefix("clone: a "))
        #expect(decision.alarm != nil)
    }

    @Test("a Random ID card opens through the UID key and then its own key; without a UID key it is denied, saying why")
    func randomIDCard() throws {
        let card = try Self.randomIDCard()
        let (refusing, _) = Self.door()
        let refused = try #require(Self.present([card], to: refusing).first)
        #expect(!refused.granted)
        #expect(refused.reason.contains("shows a random UID"), "\(refused.reason)")
        let shared = AESKey(SimulatedTag.ntag424TestKey(1))!
        let (door, _) = Self.door(uidKey: (1, shared))
        let decision = try #require(Self.present([card], to: door).first)
        #expect(decision.granted, "\(decision.reason)")
        #expect(decision.user == "alice")
    }

    /// Alice's card after SetConfiguration turned Random ID on (key 1, shared by every card,
    /// reads its UID): it lists a new `08…` UID at each activation.
    static func randomIDCard() throws -> SimulatedTag {
        let field = try SimulatedSession([aliceCard()])
        let target = try field.firstTarget(.typeA106)
        let exchange = TargetExchange(session: field.session, target: target)
        let select = try exchange.exchange(CommandAPDU(instruction: 0xA4, p1: 0x04, p2: 0x00, data: EV2CardProof.ntag424DNAApplication, expectedLength: 256))
        #expect(select.status.isSuccess)
        let card = EV2Card(exchange: exchange)
        try card.authenticateFirst(keyNumber: 0, key: AESKey(SimulatedTag.ntag424TestKey(0))!)
        try card.setConfiguration(randomID: true)
        return try #require(field.chip.field.first)
    }

    @Test("uid_family: a UID enrolled from a DESFire opens on the DESFire; an NTAG showing it is denied as a clone", arguments: [
        (TagProduct.desfire, true), (.ntag213, false), (.classic1k, false),
    ])
    func uidFamily(product: TagProduct, opens: Bool) throws {
        let uid: [UInt8] = product == .classic1k ? [0x5A, 0x11, 0x22, 0x33] : [0x04, 0x51, 0x62, 0x73, 0x84, 0x95, 0xA6]
        var bob = User(name: "bob", credentials: [.uid(uid)])
        bob.uidFamily = .desfire
        let config = DoorConfig(
            reader: ReaderConfig(device: "sim"), relay: RelayConfig(output: LineConfig(line: "GPIO17")), security: SecurityConfig(lockout: nil), users: [bob])
        let policy = DoorPolicy(config: config, tokenKey: nil, originalityKey: .nxpNTAG21x)
        let door = VirtualDoor(allowed: [], decider: PolicyDecider(policy: policy, state: DecisionState(), store: nil, localTime: { PolicyFixtures.wednesdayNoon }))
        let decision = try #require(Self.present([SimulatedTag(product: product, uid: uid)], to: door).first)
        #expect(decision.granted == opens, "\(decision.reason)")
        if !opens {
            #expect(decision.rule == "users[0] \"bob\" uid_family")
            #expect(decision.reason.hasPrefix("clone: a \(product == .ntag213 ? "type2" : "classic") card"), "\(decision.reason)")
            #expect(decision.alarm != nil)
        }
    }
}
