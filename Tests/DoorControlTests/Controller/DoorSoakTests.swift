import Basics
import DoorControl
import Glibc
import NFCCore
import PN532
import PN532Simulator
import PN532ReaderSimulator
import Testing
import TestSupport

/// Ten thousand presentations on the virtual clock, over a link that corrupts, drops and
/// inserts bytes, with a fifth of the tags pulled away mid-read: no tag outside the list is
/// ever let in, every listed tag that stays is let in, and memory stays flat.
struct DoorSoakTests {
    static let presentations = 10_000
    static let byteErrorRate = 1e-4
    /// The resident size is the whole process's: only a run of this suite alone
    /// (`PN532CTL_SOAK_ALONE=1 swift test --filter DoorSoakTests`, as scripts/test runs it)
    /// can hold it to a bound, since other tests allocate beside it in a full run.
    static let measuresMemory = getenv("PN532CTL_SOAK_ALONE") != nil

    /// Checks each decision as it comes, keeping counts, not entries.
    final class SoakJournal: DoorJournal {
        let allowed: Set<[UInt8]>
        let clock: () -> MonotonicTime
        var falseGrants = 0
        var grants: [(time: MonotonicTime, uid: [UInt8])] = []
        var decisions = 0
        var readerLosses = 0

        init(allowed: Set<[UInt8]>, clock: @escaping () -> MonotonicTime) {
            self.allowed = allowed
            self.clock = clock
        }

        func record(_ entry: JournalEntry) {
            switch entry {
            case let .decision(decision, presentation):
                decisions += 1
                guard decision.granted else { return }
                if !allowed.contains(presentation.uid) || presentation.multipleTags { falseGrants += 1 }
                grants.append((clock(), presentation.uid))
            case .reader(.lost):
                readerLosses += 1
            default:
                break
            }
        }
    }

    struct Visit {
        var uid: [UInt8]
        var start: MonotonicTime
        var end: MonotonicTime
        var undisturbed: Bool
    }

    static func residentBytes() -> Int {
        guard let file = fopen("/proc/self/statm", "r") else { return 0 }
        defer { fclose(file) }
        var size = 0, resident = 0
        _ = withUnsafeMutablePointer(to: &size) { sizePointer in
            withUnsafeMutablePointer(to: &resident) { residentPointer in
                withVaList([sizePointer, residentPointer]) { vfscanf(file, "%d %d", $0) }
            }
        }
        return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    @Test func tenThousandPresentationsWithFaultsAndMidReadRemovals() {
        var random = SeededGenerator(seed: 0xD00D_5EED)
        let allowedUIDs: [[UInt8]] = (1...4).map { [0x04, 0xA0, 0x00, UInt8($0), 0x10, 0x20, 0x30] }
        let strangers: [[UInt8]] = (1...4).map { [0x04, 0xB0, 0x00, UInt8($0), 0x10, 0x20, 0x30] }
        let faults = ByteFaults(corruptRate: Self.byteErrorRate, dropRate: Self.byteErrorRate, insertRate: Self.byteErrorRate, seed: 0x50A4)
        let chip = SimulatedPN532()
        let connector = SimulatedReaderConnector(chip: chip, faults: faults)
        let clock = { connector.link.now }
        let journal = SoakJournal(allowed: Set(allowedUIDs), clock: clock)
        let config = DoorConfig(reader: ReaderConfig(device: "sim"), relay: RelayConfig(output: LineConfig(line: "GPIO17")))
        let engine = DoorEngine(
            reader: DoorReader(connector: connector, timing: DoorReader.Timing(), readsSignature: false, clock: clock),
            controller: DoorController(settings: DoorController.Settings(config)),
            decider: AllowListDecider(allowed: Set(allowedUIDs)), journal: journal,
            outputs: RecordingOutputs(clock: clock), clock: clock)
        engine.lock(because: "start")

        var visits: [Visit] = []
        var time = MonotonicTime(nanoseconds: 1_000_000_000)
        var residentAfterWarmUp = 0
        for index in 0..<Self.presentations {
            let uid = Bool.random(using: &random) ? allowedUIDs.randomElement(using: &random)! : strangers.randomElement(using: &random)!
            let undisturbed = Int.random(in: 0..<5, using: &random) != 0
            let dwell: Duration = undisturbed ? .milliseconds(Int.random(in: 400...1500, using: &random)) : .milliseconds(Int.random(in: 1...15, using: &random))
            chip.schedule(.present(VirtualDoor.tag(uid: uid)), at: time)
            chip.schedule(.remove(uid: uid), at: time + dwell)
            visits.append(Visit(uid: uid, start: time, end: time + dwell, undisturbed: undisturbed))
            time = time + dwell + .milliseconds(Int.random(in: 600...1200, using: &random))
            engine.run(until: time) { deadline in connector.link.advance(by: deadline - connector.link.now) }
            if index == 999 { residentAfterWarmUp = Self.residentBytes() }
        }
        let residentAtEnd = Self.residentBytes()

        #expect(journal.falseGrants == 0)
        var grants = journal.grants[...]
        var missed = 0
        for (index, visit) in visits.enumerated() {
            let nextStart = index + 1 < visits.count ? visits[index + 1].start : MonotonicTime(nanoseconds: .max)
            var granted = false
            while let grant = grants.first, grant.time < nextStart {
                grants.removeFirst()
                if grant.uid == visit.uid, grant.time >= visit.start { granted = true }
            }
            if visit.undisturbed, Set(allowedUIDs).contains(visit.uid), !granted { missed += 1 }
        }
        #expect(missed == 0, "undisturbed listed presentations not let in")
        #expect(journal.decisions >= Self.presentations * 8 / 10, "decisions: \(journal.decisions)")
        if Self.measuresMemory {
            #expect(residentAtEnd - residentAfterWarmUp < 8 << 20, "resident grew from \(residentAfterWarmUp) to \(residentAtEnd) bytes")
        }
    }
}
