import Basics
import Credentials
import DoorControl
import NDEF
import NFCCore
import PN532
import PN532Simulator
import Type2

/// A door on the in-process simulator's virtual clock: a chip with a scripted field, the
/// engine, and recordings of everything it did.
final class VirtualDoor {
    let chip: SimulatedPN532
    let connector: SimulatorConnector
    let journal = RecordingJournal()
    let outputs: RecordingOutputs
    let engine: DoorEngine

    init(
        allowed: Set<[UInt8]>, relay: RelayConfig.Mode = .pulse(.seconds(3)), faults: ByteFaults = .none,
        timing: DoorReader.Timing = DoorReader.Timing(), decider: DoorDecider? = nil, pollsOtherFamilies: Bool = true
    ) {
        chip = SimulatedPN532()
        connector = SimulatorConnector(chip: chip, faults: faults)
        let connector = self.connector
        let clock = { connector.link.now }
        outputs = RecordingOutputs(clock: clock)
        journal.clock = clock
        var config = DoorConfig(reader: ReaderConfig(device: "sim"), relay: RelayConfig(output: LineConfig(line: "GPIO17"), mode: relay))
        config.feedback = FeedbackConfig()
        let reader = DoorReader(connector: connector, timing: timing, readsSignature: false, pollsOtherFamilies: pollsOtherFamilies, clock: clock)
        engine = DoorEngine(
            reader: reader, controller: DoorController(settings: DoorController.Settings(config)),
            decider: decider ?? AllowListDecider(allowed: allowed), journal: journal, outputs: outputs, clock: clock)
        engine.lock(because: "start")
    }

    var now: MonotonicTime { connector.link.now }

    /// Runs the door until `time` (seconds on the virtual clock).
    func run(until seconds: Double) {
        engine.run(until: Self.time(seconds)) { deadline in connector.link.advance(by: deadline - connector.link.now) }
    }

    /// A tag enters the field at `seconds`.
    func present(_ tag: SimulatedTag, at seconds: Double) {
        chip.schedule(.present(tag), at: Self.time(seconds))
    }

    /// The tag with `uid` leaves at `seconds`.
    func remove(_ uid: [UInt8], at seconds: Double) {
        chip.schedule(.remove(uid: uid), at: Self.time(seconds))
    }

    static func time(_ seconds: Double) -> MonotonicTime {
        MonotonicTime(nanoseconds: Int64(seconds * 1e9))
    }

    /// An NTAG213 with `uid` holding `records`.
    static func tag(uid: [UInt8], records: [NDEFRecord] = []) -> SimulatedTag {
        var tag = SimulatedTag(product: .ntag213, uid: uid)
        if !records.isEmpty, let tlv = try? Type2DataArea.ndefTLV(for: NDEFMessage(records: records).encoded()) {
            tag.memory.replaceSubrange(16..<16 + tlv.count, with: tlv)
        }
        return tag
    }
}

/// Opens the in-process simulator; `resetChip` resets it as RSTPD_N would.
final class SimulatorConnector: ReaderConnector {
    let chip: SimulatedPN532
    let link: SimulatorLink
    var connects = 0
    var unplugged = false

    init(chip: SimulatedPN532, faults: ByteFaults) {
        self.chip = chip
        link = SimulatorLink(chip: chip, hostToChipFaults: faults, chipToHostFaults: faults)
    }

    var name: String { "sim" }

    func connect() throws(PN532Error) -> PN532Session {
        connects += 1
        guard !unplugged else {
            throw PN532Error(.link(LinkError(.open, device: "sim", errno: 2, operation: "open")), command: nil, device: "sim")
        }
        let session = PN532Session(link: link)
        _ = try session.start()
        return session
    }

    func disconnect(_ session: PN532Session) {}

    func resetChip() throws(PN532Error) -> Bool {
        guard !unplugged else {
            throw PN532Error(.link(LinkError(.io, device: "sim", errno: 5, operation: "write")), command: nil, device: "sim")
        }
        chip.reset(at: link.now)
        return true
    }
}

/// Grants the UIDs in a set.
final class AllowListDecider: DoorDecider {
    let allowed: Set<[UInt8]>

    init(allowed: Set<[UInt8]>) {
        self.allowed = allowed
    }

    func decide(_ presentation: Presentation, at now: MonotonicTime) -> Decision {
        if presentation.multipleTags { return Decision(granted: false, user: nil, rule: "multiple tags", reason: "more than one tag") }
        let granted = allowed.contains(presentation.uid)
        return Decision(granted: granted, user: granted ? "user" : nil, rule: granted ? "allow list" : "default deny", reason: granted ? "listed" : "not listed")
    }

    func tokenMessage(for update: TokenUpdate, replacing message: NDEFMessage?) throws -> NDEFMessage {
        throw TokenError.notAToken
    }

    func confirm(_ update: TokenUpdate) {}

    func writeFailed(_ update: TokenUpdate, at now: MonotonicTime) -> String? { nil }
}

/// Keeps every journal entry, with the time on `clock` it was recorded at.
final class RecordingJournal: DoorJournal {
    var entries: [JournalEntry] = []
    var times: [MonotonicTime] = []
    var clock: () -> MonotonicTime = { MonotonicTime(nanoseconds: 0) }

    func record(_ entry: JournalEntry) {
        entries.append(entry)
        times.append(clock())
    }

    /// The decisions with the time each was recorded.
    var timedDecisions: [(time: MonotonicTime, decision: Decision, presentation: Presentation)] {
        zip(times, entries).compactMap { time, entry in
            if case let .decision(decision, presentation) = entry { (time, decision, presentation) } else { nil }
        }
    }

    var decisions: [(Decision, Presentation)] {
        entries.compactMap { if case let .decision(decision, presentation) = $0 { (decision, presentation) } else { nil } }
    }

    var readerEvents: [ReaderEvent] {
        entries.compactMap { if case let .reader(event) = $0 { event } else { nil } }
    }
}

/// Keeps every output change with its time.
final class RecordingOutputs: DoorOutputs {
    var changes: [(time: MonotonicTime, action: DoorAction)] = []
    let clock: () -> MonotonicTime

    init(clock: @escaping () -> MonotonicTime) {
        self.clock = clock
    }

    func apply(_ action: DoorAction) throws {
        changes.append((clock(), action))
    }

    /// The relay's changes: (time, energised).
    var relay: [(time: MonotonicTime, on: Bool)] {
        changes.compactMap { if case let .relay(on) = $0.action { ($0.time, on) } else { nil } }
    }
}
