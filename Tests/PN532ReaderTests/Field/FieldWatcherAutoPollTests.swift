import Basics
import NFCCore
import PN532
import PN532Reader
import PN532Simulator
import Synchronization
import Testing

/// The field watcher waiting with InAutoPoll for every family: each family's card arrives
/// while the chip polls by itself, the host sends nothing between health checks, and the
/// health check cancels the polling and starts it again.
@Suite("FieldWatcher: the chip polls every family itself (InAutoPoll)")
struct FieldWatcherAutoPollTests {
    static let cards: [(product: TagProduct, uid: [UInt8], modulation: PassiveModulation)] = [
        (.ntag213, [0x04, 0xA1, 0x1C, 0xE0, 0x00, 0x00, 0x01], .typeA106),
        (.felicaLiteS, [0x01, 0x2E, 0x4C, 0xF1, 0x00, 0x00, 0x00, 0x01], .felica212),
        (.typeB, [0xB0, 0x14, 0x44, 0x3B], .typeB106),
        (.topaz512, [0x11, 0x22, 0x33, 0x44, 0x00, 0x00, 0x00], .jewel106),
    ]

    /// A started session on the simulator with a command log, and a watcher of every family.
    private static func watcher(timing: FieldWatcher.Timing = FieldWatcher.Timing()) throws -> (FieldWatcher, SimulatedPN532, HostCommandLog) {
        let chip = SimulatedPN532()
        let session = PN532Session(link: SimulatorLink(chip: chip))
        _ = try session.start()
        let log = HostCommandLog(chip)
        return (FieldWatcher(session: session, timing: timing), chip, log)
    }

    @Test(arguments: 0..<4)
    func eachFamilysCardArrivesWhileTheChipPolls(_ index: Int) throws {
        let card = Self.cards[index]
        let (watcher, chip, log) = try Self.watcher()
        #expect(try watcher.next(until: Self.time(1)).isEmpty)
        #expect(log.commands.last?.first == CommandCode.inAutoPoll.rawValue)
        let arrival = Self.time(1.3)
        chip.schedule(.present(SimulatedTag(product: card.product, uid: card.uid)), at: arrival)
        let before = log.commands.count
        let events = try watcher.next(until: Self.time(4))
        guard events.count == 1, case .arrived(let targets) = events[0] else {
            Issue.record("\(card.product): \(events)")
            return
        }
        #expect(targets.map(\.info.identifier) == [card.modulation == .jewel106 ? Array(card.uid.prefix(4)) : card.uid])
        #expect(targets.first?.modulation == card.modulation)
        #expect(log.commands.count == before, "no command between the InAutoPoll and its reply")
        // Type A every other 150 ms window; the others once in 8 windows.
        let longest: Duration = card.modulation == .typeA106 ? .milliseconds(150) : .milliseconds(1050)
        #expect(try #require(watcher.session).link.now - arrival <= longest + .milliseconds(20))
    }

    @Test func theHostSendsNothingBetweenHealthChecksAndTheCheckCancelsAndPollsAgain() throws {
        let timing = FieldWatcher.Timing(presenceInterval: .milliseconds(150), healthInterval: .seconds(5))
        let (watcher, _, log) = try Self.watcher(timing: timing)
        #expect(try watcher.next(until: Self.time(0.1)).isEmpty)
        let start = log.commands.count
        #expect(log.commands.last?.first == CommandCode.inAutoPoll.rawValue)
        #expect(try watcher.next(until: Self.time(4.9)).isEmpty)
        #expect(log.commands.count == start, "the host slept")
        #expect(log.acknowledgements == 0)
        #expect(try watcher.next(until: Self.time(5.5)).isEmpty)
        #expect(log.commands.dropFirst(start).map { $0.first } == [CommandCode.getFirmwareVersion.rawValue, CommandCode.inAutoPoll.rawValue])
        #expect(log.acknowledgements == 1, "the ACK that cancelled the polling")
        #expect(watcher.isWaitingForTag)
    }

    @Test func typeAAloneStillWaitsWithInListPassiveTarget() throws {
        let chip = SimulatedPN532()
        let session = PN532Session(link: SimulatorLink(chip: chip))
        _ = try session.start()
        let log = HostCommandLog(chip)
        let watcher = FieldWatcher(session: session, timing: FieldWatcher.Timing(), otherFamilies: [])
        #expect(try watcher.next(until: Self.time(1)).isEmpty)
        #expect(log.commands.last?.first == CommandCode.inListPassiveTarget.rawValue)
        #expect(!log.commands.contains { $0.first == CommandCode.inAutoPoll.rawValue })
    }

    @Test func theTypesAreTypeABetweenEachOtherFamily() {
        #expect(PN532Session.autoPollTypes(watching: PN532Session.otherModulations).map(\.rawValue) == [0x10, 0x11, 0x10, 0x12, 0x10, 0x03, 0x10, 0x04])
        #expect(PN532Session.autoPollTypes(watching: [.felica212]).map(\.rawValue) == [0x10, 0x11])
        #expect(PN532Session.autoPollTypes(watching: []).map(\.rawValue) == [0x10])
    }

    static func time(_ seconds: Double) -> MonotonicTime {
        MonotonicTime(nanoseconds: Int64(seconds * 1e9))
    }
}

/// The frames the host sent a simulated chip: commands (as payloads) and ACKs.
private final class HostCommandLog: Sendable {
    private let received = Mutex<(commands: [[UInt8]], acknowledgements: Int)>(([], 0))

    init(_ chip: SimulatedPN532) {
        chip.trace = { [self] event in
            switch event.kind {
            case .received(.information(.hostToChip, let payload)): received.withLock { $0.commands.append(payload) }
            case .received(.ack): received.withLock { $0.acknowledgements += 1 }
            default: break
            }
        }
    }

    var commands: [[UInt8]] { received.withLock { $0.commands } }
    var acknowledgements: Int { received.withLock { $0.acknowledgements } }
}
