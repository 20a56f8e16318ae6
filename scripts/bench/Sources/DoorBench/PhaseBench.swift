import Basics
import DoorControl
import NFCCore
import PN532
import PN532ReaderSimulator
import PN532Simulator

/// Tag in the field → relay energised for a UID rule at 115200, with the tag arriving at 50
/// phases spread over one 250 ms cycle of the reader (the chip waits for a type A tag, then
/// FeliCa, type B and Jewel are polled once each): the latency a tap sees depends on when in
/// that cycle it comes. Modelled on the in-process simulator's virtual clock.
struct PhaseBench {
    struct Row {
        var card: String
        var otherFamilies: Bool
        var median: Duration
        var worst: Duration
    }

    static let phases = 50
    static let step: Duration = .milliseconds(5)

    static func run() throws -> [Row] {
        let typeA: [UInt8] = [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]
        let idm: [UInt8] = [0x01, 0x2E, 0x4C, 0xF1, 0x00, 0x00, 0x00, 0x01]
        return [
            try measure("NTAG213 (type A)", SimulatedTag(product: .ntag213, uid: typeA), uid: typeA, otherFamilies: false),
            try measure("NTAG213 (type A)", SimulatedTag(product: .ntag213, uid: typeA), uid: typeA, otherFamilies: true),
            try measure("FeliCa Lite-S", SimulatedTag(product: .felicaLiteS, uid: idm), uid: idm, otherFamilies: true),
        ]
    }

    private static func measure(_ card: String, _ tag: SimulatedTag, uid: [UInt8], otherFamilies: Bool) throws -> Row {
        let latencies = try Self.latencies(of: tag, decider: UIDDecider(uid: uid), readsMessage: false, otherFamilies: otherFamilies, name: card)
        return Row(card: card, otherFamilies: otherFamilies, median: latencies[latencies.count / 2], worst: latencies[latencies.count - 1])
    }

    /// Tag in the field → relay energised for `tag` arriving at each phase, sorted; with
    /// `resting`, that card is on the reader from the start (and stays).
    static func latencies(
        of tag: SimulatedTag, rate: BaudRate = .bps115200, decider: DoorDecider, readsMessage: Bool, otherFamilies: Bool = true,
        resting: SimulatedTag? = nil, name: String
    ) throws -> [Duration] {
        var latencies: [Duration] = []
        for phase in 0..<phases {
            let chip = SimulatedPN532(tags: resting.map { [$0] } ?? [])
            let connector = SimulatedReaderConnector(chip: chip, rate: rate, hasResetLine: false)
            let clock = { connector.link.now }
            let outputs = RelayWatch(clock: clock) { 0 }
            let config = DoorConfig(reader: ReaderConfig(device: "sim"), relay: RelayConfig(output: LineConfig(line: "GPIO17")))
            let reader = DoorReader(
                connector: connector, timing: DoorReader.Timing(), readsSignature: false,
                pollsOtherFamilies: otherFamilies, clock: clock)
            reader.readsMessage = readsMessage
            let engine = DoorEngine(
                reader: reader, controller: DoorController(settings: DoorController.Settings(config)),
                decider: decider, journal: NoJournal(), outputs: outputs, clock: clock)
            engine.lock(because: "start")
            let idle = { (deadline: MonotonicTime) in connector.link.advance(by: deadline - connector.link.now) }
            let arrival = MonotonicTime(nanoseconds: 1_000_000_000) + step * phase
            chip.schedule(.present(tag), at: arrival)
            engine.run(until: arrival + .seconds(3), idle: idle)
            guard let energised = outputs.energisedAt, energised >= arrival else {
                throw BenchFailure("\(name), phase \(phase): the relay was not energised")
            }
            latencies.append(energised - arrival)
        }
        return latencies.sorted()
    }
}
