import Basics
import Credentials
import DESFire
import DoorControl
import EV2SecureMessaging
import NFCCore
import PN532
import PN532Simulator
import TestSupport
import Testing

/// `desfire` credentials at the door, on the in-process simulator's DESFire EV2 keyed as a site
/// issues it (`desfire-ev2:keys=test`: application F54201, key n = AN10922(`11·(n+1)`…, UID ‖
/// F54201)): it opens for its user; its perfect clone, another site's card, a stalling card and
/// cards of other families showing its UID are denied, and the denials count.
@Suite("Door: DESFire EV2/EV3 keyed credential against attacks")
struct DESFireKeyedCardAttackTests {
    /// The key the door challenges: key 1 of the application.
    static let keyNumber: UInt8 = 1
    /// The test card's site master key of key 1: `22…22`.
    static let master = AESKey([UInt8](repeating: 0x22, count: 16))!
    /// Another site's master key.
    static let otherMaster = AESKey([UInt8](repeating: 0x33, count: 16))!

    /// Bob's card: the simulator's keyed DESFire EV2 (a published genuine UID and signature).
    static func bobsCard() throws -> SimulatedTag {
        try #require(SimulatedTag.desfireEV2Keyed())
    }

    /// A door whose user bob has a `desfire` credential for the card's UID (and, with
    /// `ntag424Too`, a `[credentials.ntag424]` section as well); two denials of one tag lock it
    /// out.
    static func door(master: AESKey = master, ntag424Too: Bool = false, uidKey: (keyNumber: UInt8, key: AESKey)? = nil) throws -> (VirtualDoor, PolicyDecider) {
        let uid = try bobsCard().uid
        var config = DoorConfig(
            reader: ReaderConfig(device: "sim"), relay: RelayConfig(output: LineConfig(line: "GPIO17")),
            security: SecurityConfig(lockout: LockoutPolicy(denials: 2, window: .seconds(60), duration: .seconds(60))),
            users: [User(name: "bob", credentials: [.desfire(uid)])])
        let desfire = KeyedCardConfig(
            family: .desfire, application: SimulatedTag.desfireTestApplication, keyNumber: keyNumber,
            masterKeys: [KeyedCardConfig.MasterKey(version: nil, path: "/unused")], uidKey: uidKey.map { ($0.keyNumber, "/unused") })
        config.desfire = desfire
        var keys = [KeyedCardKeys(config: desfire, masters: [(nil, master)], uidKey: uidKey?.key)]
        if ntag424Too {
            let ntag424 = KeyedCardConfig(keyNumber: 2, masterKeys: [KeyedCardConfig.MasterKey(version: nil, path: "/unused")])
            config.ntag424 = ntag424
            keys.append(KeyedCardKeys(config: ntag424, masters: [(nil, otherMaster)]))
        }
        let policy = DoorPolicy(config: config, tokenKey: nil, originalityKey: .nxpNTAG21x, keyedCards: keys)
        let decider = PolicyDecider(policy: policy, state: DecisionState(), store: nil, localTime: { PolicyFixtures.wednesdayNoon })
        let door = VirtualDoor(allowed: [], decider: decider)
        door.engine.reader.keyedCards = policy.proofRequests
        return (door, decider)
    }

    @Test("the keyed DESFire opens for its user: proven key, genuine NXP DESFire EV2 signature", arguments: [false, true])
    func keyedCardOpens(ntag424Too: Bool) throws {
        let (door, _) = try Self.door(ntag424Too: ntag424Too)
        let decision = try #require(KeyedCardAttackTests.present([try Self.bobsCard()], to: door).first)
        #expect(decision.granted, "\(decision.reason)")
        #expect(decision.user == "bob")
        #expect(decision.rule == "users[0] \"bob\" credentials[0] desfire")
        #expect(decision.reason == "DESFire 042A41CAE45380 proved key 1, genuine")
        #expect(door.outputs.relay.contains { $0.on })
    }

    @Test("the card's key is what key derive prints: AN10922(master, UID ‖ AID)")
    func cardKeyIsTheDerivedOne() throws {
        let card = try Self.bobsCard()
        let derived = KeyDiversification.desfireCardKey(master: Self.master, uid: card.uid, application: SimulatedTag.desfireTestApplication)
        #expect(derived?.bytes == SimulatedTag.desfireEV2TestKey(Int(Self.keyNumber), uid: card.uid))
    }

    @Test("its perfect clone (same UID, files, signature; no key) is denied as a clone, counted, with an alarm")
    func perfectCloneDenied() throws {
        let clone = try #require(try Self.bobsCard().desfireEV2Clone())
        let (door, decider) = try Self.door()
        let decisions = KeyedCardAttackTests.present([clone, clone, clone], to: door)
        #expect(decisions.count == 3)
        #expect(decisions.allSatisfy { !$0.granted })
        #expect(decisions[0].rule == "credentials.desfire")
        #expect(decisions[0].reason.hasPrefix("clone: a card shows UID 042A41CAE45380 of \"bob\"'s DESFire and fails its key: authentication failed"), "\(decisions[0].reason)")
        #expect(decisions[0].alarm != nil)
        #expect(decisions[1].reason.contains("it is ignored for 60 s"), "the second denial locks the tag out")
        #expect(decisions[2].rule == "lockout")
        #expect(decider.state.tagLockedOut(clone.uid, at: door.now.sinceOrigin) != nil)
        #expect(!door.outputs.relay.contains { $0.on })
    }

    @Test("a door with another site's master key denies the genuine card (authentication failed)")
    func wrongMasterKeyDenied() throws {
        let (door, _) = try Self.door(master: Self.otherMaster)
        let decision = try #require(KeyedCardAttackTests.present([try Self.bobsCard()], to: door).first)
        #expect(!decision.granted)
        #expect(decision.rule == "credentials.desfire")
        #expect(decision.reason.contains("fails its key: authentication failed"), "\(decision.reason)")
        #expect(!door.outputs.relay.contains { $0.on })
    }

    @Test("an NTAG 424 DNA or an NTAG21x showing the DESFire user's UID is denied as a clone", arguments: [
        (TagProduct.ntag424, false, "credentials.desfire", "clone: a NTAG 424 DNA shows UID 042A41CAE45380 of \"bob\"'s DESFire without proving its key"),
        (.ntag424, true, "credentials.ntag424", "clone: a card shows UID 042A41CAE45380 of \"bob\"'s DESFire and fails its key"),
        (.ntag213, false, "credentials.desfire", "clone: a "),
    ])
    func otherFamilyWithTheUID(product: TagProduct, ntag424Too: Bool, rule: String, reason: String) throws {
        let uid = try Self.bobsCard().uid
        let impostor = product == .ntag424 ? SimulatedTag.ntag424Keyed(uid: uid) : SimulatedTag(product: product, uid: uid)
        let (door, _) = try Self.door(ntag424Too: ntag424Too)
        let decision = try #require(KeyedCardAttackTests.present([impostor], to: door).first)
        #expect(!decision.granted)
        #expect(decision.rule == rule)
        #expect(decision.reason.hasPrefix(reason), "\(decision.reason)")
        #expect(decision.reason.contains("UID 042A41CAE45380 of \"bob\"'s DESFire"), "\(decision.reason)")
        #expect(decision.alarm != nil)
    }

    @Test("a DESFire that answers part 1 of the authentication and then stalls is denied within the presentation budget")
    func stallAfterPartOne() throws {
        var stalling = try Self.bobsCard()
        // Commands the card sees: RATS, SelectApplication, AuthenticateEV2First part 1, part 2.
        stalling.script = TagScript(faults: [.none, .none, .none, .silent])
        let (door, _) = try Self.door()
        let decision = try #require(KeyedCardAttackTests.present([stalling], to: door).first)
        #expect(!decision.granted)
        #expect(decision.reason.hasPrefix("DESFire not read to the end: the card could not be read to the end: AuthenticateEV2First key 1:"), "\(decision.reason)")
        let decided = try #require(door.journal.timedDecisions.first?.time)
        #expect(decided < VirtualDoor.time(1) + DoorReader.Timing().budget.time, "decided before the budget's time ran out")
        #expect(!door.outputs.relay.contains { $0.on })
    }

    @Test("a Random ID DESFire is challenged as an NTAG 424 DNA, then as a DESFire: it opens through the UID key and its own key")
    func randomIDCard() throws {
        let card = try Self.randomIDCard()
        #expect(card.desfire?.randomID == true)
        let uidKey = AESKey(SimulatedTag.desfireEV2TestKey(2, uid: try Self.bobsCard().uid))!
        let (refusing, _) = try Self.door(ntag424Too: true)
        let refused = try #require(KeyedCardAttackTests.present([card], to: refusing).first)
        #expect(!refused.granted)
        #expect(refused.rule == "credentials.desfire")
        #expect(refused.reason.contains("shows a random UID"), "\(refused.reason)")
        let (door, _) = try Self.door(ntag424Too: true, uidKey: (2, uidKey))
        let decision = try #require(KeyedCardAttackTests.present([card], to: door).first)
        #expect(decision.granted, "\(decision.reason)")
        #expect(decision.user == "bob")
    }

    /// Bob's card after SetConfiguration turned Random ID on (with the PICC master key): it
    /// lists a new `08…` UID at each activation.
    static func randomIDCard() throws -> SimulatedTag {
        let original = try bobsCard()
        let field = try SimulatedSession([original])
        let target = try field.firstTarget(.typeA106)
        let exchange = TargetExchange(session: field.session, target: target)
        try DESFireCard(exchange: exchange).select(.picc)
        let card = EV2Card(exchange: exchange)
        try card.authenticateFirst(keyNumber: 0, key: AESKey(SimulatedTag.desfireEV2TestKey(0, application: [0, 0, 0], uid: original.uid))!)
        try card.setConfiguration(randomID: true)
        return try #require(field.chip.field.first)
    }
}
