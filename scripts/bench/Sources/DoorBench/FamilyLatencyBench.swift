import Basics
import DoorControl
import NDEF
import NFCCore
import NFCTags
import PN532
import PN532ReaderSimulator
import PN532Simulator
import TagProtocols

/// Tag in the field → relay energised for a URI rule on each NDEF family, at 115200 and
/// 921600, median and worst over arrivals at 50 phases of the reader's cycle. Each card is
/// given its URI message first (through the tag layers, not measured); the phone emulating a
/// tag keeps its own read-only message. Modelled on the in-process simulator's virtual clock.
struct FamilyLatencyBench {
    struct Row {
        var card: String
        var rate: BaudRate
        var median: Duration
        var worst: Duration
    }

    static let uri = "https://door.example.org/alice"

    static func run() throws -> [Row] {
        let cards: [(String, SimulatedTag, String)] = [
            ("NTAG213 (Type 2)", try written(SimulatedTag(product: .ntag213, uid: [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]), .typeA106), uri),
            ("NTAG 424 DNA (Type 4)", try written(SimulatedTag(product: .ntag424, uid: [0x04, 0x42, 0x44, 0x4E, 0x41, 0x00, 0x01]), .typeA106), uri),
            ("DESFire EV1 (Type 4)", try written(SimulatedTag(product: .desfireNDEF, uid: [0x04, 0xDE, 0x5F, 0x1E, 0x00, 0x00, 0x01]), .typeA106), uri),
            ("phone (Type 4)", SimulatedTag(product: .phoneNDEF, uid: []), "https://example.com"),
            ("FeliCa Lite-S (Type 3)", try written(SimulatedTag(product: .felicaLiteS, uid: [0x01, 0x2E, 0x4C, 0xF1, 0x00, 0x00, 0x00, 0x01]), .felica212), uri),
            ("Topaz 512 (Type 1)", try written(SimulatedTag(product: .topaz512, uid: [0x11, 0x22, 0x33, 0x44, 0x00, 0x00, 0x00]), .jewel106), uri),
        ]
        var rows: [Row] = []
        for (name, card, uri) in cards {
            for rate in [BaudRate.bps115200, .bps921600] {
                let latencies = try PhaseBench.latencies(of: card, rate: rate, decider: URIDecider(uri: uri), readsMessage: true, name: name)
                rows.append(Row(card: name, rate: rate, median: latencies[latencies.count / 2], worst: latencies[latencies.count - 1]))
            }
        }
        return rows
    }

    /// `card` holding the URI message, written through its tag layer on a chip of its own.
    private static func written(_ card: SimulatedTag, _ modulation: PassiveModulation) throws -> SimulatedTag {
        let chip = SimulatedPN532(tags: [card])
        let session = try SimulatedReaderConnector(chip: chip, hasResetLine: false).connect()
        try session.setPassiveActivationRetries(0x02)
        guard let target = try session.listTargets(modulation, maxTargets: 1).first else {
            throw BenchFailure("the simulated \(card.product.rawValue) was not found")
        }
        let activated = try ActivatedTag(target.info, over: TargetExchange(session: session, target: target))
        guard let tag = activated.ndef else { throw BenchFailure("the simulated \(card.product.rawValue) has no NDEF") }
        try tag.writeNDEFMessage(NDEFMessage(records: [.uri(uri)]), verify: true)
        guard let result = chip.field.first else { throw BenchFailure("the simulated \(card.product.rawValue) left the field") }
        return result
    }
}
