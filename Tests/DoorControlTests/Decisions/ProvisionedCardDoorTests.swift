import Credentials
import DoorControl
import PN532Simulator
import Provisioning
import TestSupport
import Testing

/// The whole path of a copy-proof card: a factory NTAG 424 DNA provisioned by the library
/// `pn532ctl ntag424 provision` runs opens the door for its user, with the door configured as
/// the README says (`key_number = 4`, the site master key; the PICCData key as `uid_key` for
/// Random ID cards); its perfect clone does not.
@Suite("Door: a card provisioned by ntag424 provision")
struct ProvisionedCardDoorTests {
    static let master = AESKey((0..<16).map { UInt8(0x21 &+ $0 &* 11) })!
    static let picc = AESKey((0..<16).map { UInt8(0xE0 - $0) })!

    /// A factory card with the reference's real UID and NXP signature, provisioned for the site.
    static func provisioned(randomID: Bool) throws -> SimulatedTag {
        var factory = SimulatedTag(product: .ntag424, uid: KeyedCardAttackTests.uid)
        factory.ntag424?.signature = KeyedCardAttackTests.signature
        let keys = try #require(NTAG424Keys(master: master, piccKey: picc))
        let provisioner = NTAG424Provisioner(keys: keys, template: try NTAG424SUNTemplate("https://example.com/sun?e={picc}&c={mac}"), randomID: randomID)
        let field = try SimulatedSession([factory])
        let listed = try field.firstTarget(.typeA106)
        let outcome = provisioner.provision(listed, session: field.session, seq: 1)
        #expect(outcome.error == nil)
        return try #require(field.chip.field.first)
    }

    /// A door whose user alice holds the provisioned card's real UID.
    static func door(randomID: Bool) -> VirtualDoor {
        var config = DoorConfig(
            reader: ReaderConfig(device: "sim"), relay: RelayConfig(output: LineConfig(line: "GPIO17")),
            users: [User(name: "alice", credentials: [.ntag424(KeyedCardAttackTests.uid)])])
        let uidKey: (keyNumber: UInt8, key: AESKey)? = randomID ? (NTAG424Keys.sdmMetaRead, picc) : nil
        let keyed = KeyedCardConfig(
            keyNumber: NTAG424Keys.door, masterKeys: [KeyedCardConfig.MasterKey(version: nil, path: "/unused")],
            uidKey: uidKey.map { ($0.keyNumber, "/unused") })
        config.ntag424 = keyed
        let keys = KeyedCardKeys(config: keyed, masters: [(nil, master)], uidKey: uidKey?.key)
        let policy = DoorPolicy(config: config, tokenKey: nil, originalityKey: .nxpNTAG21x, keyedCards: [keys])
        let decider = PolicyDecider(policy: policy, state: DecisionState(), store: nil, localTime: { PolicyFixtures.wednesdayNoon })
        let door = VirtualDoor(allowed: [], decider: decider)
        door.engine.reader.keyedCards = policy.proofRequests
        return door
    }

    @Test(arguments: [false, true])
    func theProvisionedCardOpensAndItsCloneDoesNot(randomID: Bool) throws {
        var card = try Self.provisioned(randomID: randomID)
        let opened = try #require(KeyedCardAttackTests.present([card], to: Self.door(randomID: randomID)).first)
        #expect(opened.granted)
        #expect(opened.user == "alice")
        #expect(opened.reason.contains("proved key 4, genuine"))
        let copied = card.ntag424Clone()
        let clone = try #require(copied)
        let denied = try #require(KeyedCardAttackTests.present([clone], to: Self.door(randomID: randomID)).first)
        #expect(!denied.granted)
    }
}
