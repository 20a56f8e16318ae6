import DoorRecords
import Basics
import Credentials
import DaemonKit
import Foundation
import DoorControl
import TestSupport
import NDEF
import NFCCore
import PN532
import PN532Simulator
import PN532ReaderSimulator
import Type2

/// A door on the in-process simulator's virtual clock: a chip with a scripted field, the
/// engine with the door's own audit gate and journal (writing an audit log in a temporary
/// directory), and recordings of everything it did.
final class VirtualDoor {
    let chip: SimulatedPN532
    let connector: SimulatedReaderConnector
    let journal: RecordingJournal
    /// The door's journal, behind the recording.
    let daemonJournal: DaemonJournal
    /// The audit log it writes.
    let audit: AuditLog
    private let directory: TemporaryDirectory
    let outputs: RecordingOutputs
    let engine: DoorEngine

    init(
        allowed: Set<[UInt8]>, relay: RelayConfig.Mode = .pulse(.seconds(3)), faults: ByteFaults = .none,
        timing: DoorReader.Timing = DoorReader.Timing(), decider: DoorDecider? = nil, pollsOtherFamilies: Bool = true
    ) {
        SimulatorKind.register()
        chip = SimulatedPN532()
        connector = SimulatedReaderConnector(chip: chip, faults: faults)
        let connector = self.connector
        let clock = { connector.link.now }
        outputs = RecordingOutputs(clock: clock)
        var config = DoorConfig(reader: ReaderConfig(device: "sim"), relay: RelayConfig(output: LineConfig(line: "GPIO17"), mode: relay))
        config.feedback = FeedbackConfig()
        do { directory = try TemporaryDirectory() } catch { fatalError("a temporary directory: \(error)") }
        config.audit = AuditConfig(path: directory.path + "/audit.jsonl")
        do { audit = try AuditLog(config.audit) } catch { fatalError("the audit log in \(directory.path): \(error)") }
        let log = OperationalLog(threshold: .error, clock: { "" }, forJournal: false) { _ in }
        daemonJournal = DaemonJournal(audit: audit, log: log, onFailure: config.audit.onFailure)
        journal = RecordingJournal(forwardingTo: daemonJournal)
        journal.clock = clock
        let reader = DoorReader(connector: connector, timing: timing, readsSignature: false, pollsOtherFamilies: pollsOtherFamilies, clock: clock)
        engine = DoorEngine(
            reader: reader, controller: DoorController(settings: DoorController.Settings(config)),
            decider: AuditGate(decider ?? AllowListDecider(allowed: allowed), journal: daemonJournal), journal: journal, outputs: outputs, clock: clock)
        engine.lock(because: "start")
    }

    var now: MonotonicTime { connector.link.now }

    /// The audit log's lines written so far.
    var auditLines: [String] {
        let text = (try? String(contentsOfFile: audit.path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

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

/// Keeps every journal entry, with the time on `clock` it was recorded at, and passes it on
/// to the door's journal.
final class RecordingJournal: DoorJournal {
    var entries: [JournalEntry] = []
    var times: [MonotonicTime] = []
    var clock: () -> MonotonicTime = { MonotonicTime(nanoseconds: 0) }
    private let next: DoorJournal

    init(forwardingTo next: DoorJournal) {
        self.next = next
    }

    func record(_ entry: JournalEntry) {
        entries.append(entry)
        times.append(clock())
        next.record(entry)
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
