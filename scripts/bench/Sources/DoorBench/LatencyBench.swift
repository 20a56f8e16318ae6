import Basics
import Credentials
import Crypto
import DoorControl
import EV2SecureMessaging
import NDEF
import NFCCore
import Originality
import PN532
import PN532ReaderSimulator
import PN532Simulator
import Type2

/// Tag-in-field → relay energised on the in-process simulator's modelled clock: the chip's
/// activation, the UART at the chosen rate, the tag's air time and EEPROM writes.
struct LatencyBench {
    struct Row {
        var rule: String
        var rate: BaudRate
        var latency: Duration
        var commands: Int
    }

    static let uid: [UInt8] = [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]
    static let uri = "https://door.example.org/alice"
    static let key = SymmetricKey(data: [UInt8](repeating: 0x5A, count: 32))

    /// Every rule at 115200 and 921600.
    static func run() throws -> [Row] {
        var rows: [Row] = []
        for rate in [BaudRate.bps115200, .bps921600] {
            rows.append(try measure("UID", rate, records: [], readsMessage: false, decider: UIDDecider(uid: uid)))
            rows.append(try measure("URI", rate, records: [.uri(uri)], readsMessage: true, decider: URIDecider(uri: uri)))
            let token = try SignedToken(user: "alice", issued: 1_790_000_000, counter: 7).record(uid: uid, key: key)
            rows.append(try measure("signed token", rate, records: [token], readsMessage: true, decider: TokenDecider(key: key, rolling: false)))
            rows.append(try measure("token + counter", rate, records: [token], readsMessage: true, decider: TokenDecider(key: key, rolling: true)))
            for keyed in [
                KeyedCard(rotating: false), KeyedCard(rotating: true), KeyedCard(desfireApplication: SimulatedTag.desfireTestApplication),
                KeyedCard(ultralightAESMaster: [UInt8](repeating: 0x5C, count: 16)),
            ] {
                rows.append(try measure(keyed.rule, rate, records: [], readsMessage: false, decider: keyed.decider, keyed: keyed.requests, card: keyed.card))
            }
        }
        return rows
    }

    private static func measure(
        _ rule: String, _ rate: BaudRate, records: [NDEFRecord], readsMessage: Bool, decider: DoorDecider, keyed: [KeyedFamily: EV2ProofRequest] = [:],
        card: SimulatedTag? = nil
    ) throws -> Row {
        let chip = SimulatedPN532()
        let connector = SimulatedReaderConnector(chip: chip, rate: rate, hasResetLine: false)
        let clock = { connector.link.now }
        let outputs = RelayWatch(clock: clock) { connector.session?.statistics.commands ?? 0 }
        let config = DoorConfig(reader: ReaderConfig(device: "sim"), relay: RelayConfig(output: LineConfig(line: "GPIO17")))
        let reader = DoorReader(connector: connector, timing: DoorReader.Timing(), readsSignature: false, clock: clock)
        reader.readsMessage = readsMessage
        reader.keyedCards = keyed
        let engine = DoorEngine(
            reader: reader, controller: DoorController(settings: DoorController.Settings(config)), decider: decider,
            journal: NoJournal(), outputs: outputs, clock: clock)
        engine.lock(because: "start")
        let idle = { (deadline: MonotonicTime) in connector.link.advance(by: deadline - connector.link.now) }
        engine.run(until: MonotonicTime(nanoseconds: 1_000_000_000), idle: idle)
        let arrival = MonotonicTime(nanoseconds: 1_000_000_000)
        chip.schedule(.present(card ?? tag(records)), at: arrival)
        let before = connector.session?.statistics.commands ?? 0
        engine.run(until: MonotonicTime(nanoseconds: 2_000_000_000), idle: idle)
        guard let energised = outputs.energisedAt else { throw BenchFailure("\(rule) at \(rate.bitsPerSecond): the relay was not energised") }
        let commands = outputs.commandsAtEnergising - before
        return Row(rule: rule, rate: rate, latency: energised - arrival, commands: commands)
    }

    private static func tag(_ records: [NDEFRecord]) -> SimulatedTag {
        var tag = SimulatedTag(product: .ntag213, uid: uid)
        if !records.isEmpty, let tlv = try? Type2DataArea.ndefTLV(for: NDEFMessage(records: records).encoded()) {
            tag.memory.replaceSubrange(16..<16 + tlv.count, with: tlv)
        }
        return tag
    }
}

/// A keyed card for alice and the door's policy for it, `require_genuine` on: an NTAG 424 DNA
/// (key 2 diversified from a master key over UID ‖ 02, a real NXP UID and signature) for the
/// `ntag424` credential, while `rotating` with two master keys and GetKeyVersion asked first;
/// or the simulator's keyed DESFire EV2 (`desfire-ev2:keys=test`, a genuine UID and signature)
/// for the `desfire` credential, key 1 of application F54201; or the simulator's keyed Ultralight
/// AES (DataProtKey AN10922(master, UID), a genuine UID and signature) for `ultralight_aes`.
struct KeyedCard {
    static let uid: [UInt8] = [0x04, 0x77, 0x28, 0x82, 0x4D, 0x65, 0x80]
    static let signature = Hex.bytes(
        "9C7068636A285FEBA1E2406654009DCE6E8A9C9CE318BE0262ED162519B970B32FB802858420D667D12CEBCD32BB4BC8AFE21C753A5A6C26") ?? []
    let card: SimulatedTag
    let decider: PolicyDecider
    let requests: [KeyedFamily: EV2ProofRequest]
    let rule: String

    init(rotating: Bool) {
        rule = rotating ? "ntag424 rotating" : "ntag424"
        let master = AESKey([UInt8](repeating: 0xA5, count: 16))!
        var tag = SimulatedTag.ntag424Keyed(uid: Self.uid)
        tag.ntag424?.setKey(2, to: KeyDiversification.ntag424CardKey(master: master, uid: Self.uid, keyNumber: 2)!.bytes, version: 1)
        tag.ntag424?.signature = Self.signature
        let retired = AESKey([UInt8](repeating: 0x3C, count: 16))!
        let masters: [(version: UInt8?, key: AESKey)] = rotating ? [(UInt8(0), retired), (UInt8(1), master)] : [(nil, master)]
        let keyed = KeyedCardConfig(keyNumber: 2, masterKeys: masters.map { KeyedCardConfig.MasterKey(version: $0.version, path: "/unused") })
        (card, decider, requests) = Self.door(tag, keyed, KeyedCardKeys(config: keyed, masters: masters))
    }

    init(desfireApplication application: [UInt8]) {
        rule = "desfire"
        let tag = SimulatedTag.desfireEV2Keyed()!
        let keyed = KeyedCardConfig(
            family: .desfire, application: application, keyNumber: 1,
            masterKeys: [KeyedCardConfig.MasterKey(version: nil, path: "/unused")])
        let master = AESKey([UInt8](repeating: 0x22, count: 16))!
        (card, decider, requests) = Self.door(tag, keyed, KeyedCardKeys(config: keyed, masters: [(nil, master)]))
    }

    init(ultralightAESMaster master: [UInt8]) {
        rule = "ultralight_aes"
        let keyed = KeyedCardConfig(family: .ultralightAES, keyNumber: 0, masterKeys: [KeyedCardConfig.MasterKey(version: nil, path: "/unused")])
        let keys = KeyedCardKeys(config: keyed, masters: [(nil, AESKey(master)!)])
        (card, decider, requests) = Self.door(SimulatedTag.ultralightAESKeyed(master: master), keyed, keys)
    }

    /// The door whose only user, alice, has `card`'s UID as a credential of `keyed`'s family.
    private static func door(_ card: SimulatedTag, _ keyed: KeyedCardConfig, _ keys: KeyedCardKeys) -> (SimulatedTag, PolicyDecider, [KeyedFamily: EV2ProofRequest]) {
        var config = DoorConfig(
            reader: ReaderConfig(device: "sim"), relay: RelayConfig(output: LineConfig(line: "GPIO17")),
            users: [User(name: "alice", credentials: [.keyed(keyed.family, card.uid)])])
        switch keyed.family {
        case .ntag424: config.ntag424 = keyed
        case .desfire: config.desfire = keyed
        case .ultralightAES: config.ultralightAES = keyed
        }
        let policy = DoorPolicy(config: config, tokenKey: nil, originalityKey: .nxpNTAG21x, keyedCards: [keys])
        let local = LocalTime(date: CivilDate(year: 2026, month: 3, day: 4), weekday: .wednesday, minute: 720)
        let decider = PolicyDecider(policy: policy, state: DecisionState(), store: nil, localTime: { local })
        return (card, decider, policy.proofRequests)
    }
}

struct BenchFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Notes when the relay is first energised, and the commands run by then.
final class RelayWatch: DoorOutputs {
    let clock: () -> MonotonicTime
    let commands: () -> Int
    private(set) var energisedAt: MonotonicTime?
    private(set) var commandsAtEnergising = 0

    init(clock: @escaping () -> MonotonicTime, commands: @escaping () -> Int) {
        self.clock = clock
        self.commands = commands
    }

    func apply(_ action: DoorAction) throws {
        guard case .relay(true) = action, energisedAt == nil else { return }
        energisedAt = clock()
        commandsAtEnergising = commands()
    }
}

/// Drops entries.
final class NoJournal: DoorJournal {
    func record(_ entry: JournalEntry) {}
}
