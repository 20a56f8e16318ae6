import Basics
import Foundation
import NDEF
import NFCCore
import PN532
import PN532Simulator
import Testing
@testable import Provisioning

/// The run loop on the in-process simulator's virtual clock: tags arrive and leave as scheduled.
@Suite("Flash run loop on the simulator")
struct FlashRunTests {
    static let first: [UInt8] = [0x04, 0, 0, 0, 0, 0, 0x01]
    static let second: [UInt8] = [0x04, 0, 0, 0, 0, 0, 0x02]
    static let records: [NDEFRecord] = [.uri("https://example.com/")]

    /// Keeps what the run told it.
    final class Observer: FlashRunObserver {
        var events: [String] = []

        func moreThanOneTag() { events.append("two tags") }

        func skipped(uid: String) { events.append("skipped \(uid)") }

        func tag(_ result: FlashTagResult) {
            events.append("\(result.seq) \(result.uid) \(result.product) \(result.error ?? "ok")")
        }
    }

    static func time(_ seconds: Double) -> MonotonicTime {
        MonotonicTime(nanoseconds: Int64(seconds * 1e9))
    }

    @Test func tagsAreWrittenRecordedAndATagPresentedAgainIsSkipped() throws {
        let chip = SimulatedPN532()
        let link = SimulatorLink(chip: chip)
        let session = PN532Session(link: link)
        try session.start()
        chip.schedule(.present(SimulatedTag(product: .ntag213, uid: Self.first)), at: Self.time(0.5))
        chip.schedule(.remove(uid: Self.first), at: Self.time(2))
        chip.schedule(.present(SimulatedTag(product: .ntag213, uid: Self.first)), at: Self.time(3))
        chip.schedule(.remove(uid: Self.first), at: Self.time(4))
        chip.schedule(.present(SimulatedTag(product: .ntag215, uid: Self.second)), at: Self.time(5))
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("report.csv").path
        let observer = Observer()
        let writer = FlashTagWriter(messages: try fixedMessages(Self.records), originality: nil, lock: true, protection: nil)
        let run = FlashRun(session: session, writer: writer, report: try FlashReport(path: path), progress: observer,
                           isInterrupted: { link.now > Self.time(30) }, goal: 2, alreadyDone: [])
        #expect(try run.run())
        #expect(observer.events == ["1 04000000000001 NTAG213 ok", "skipped 04000000000001", "2 04000000000002 NTAG215 ok"])
        #expect((run.done, run.failed, run.skipped) == (2, 0, 1))
        #expect(link.now < Self.time(6))
        let rows = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            .map { $0.split(separator: ",", omittingEmptySubsequences: false).dropFirst().map(String.init) }
        let bytes = String(NDEFMessage(records: Self.records).length)
        #expect(rows == [
            ["uid", "product", "bytes", "result", "error"],
            ["04000000000001", "NTAG213", bytes, "ok", ""],
            ["04000000000002", "NTAG215", bytes, "ok", ""],
        ])
    }

    @Test func anInterruptionEndsTheWaitForATag() throws {
        let chip = SimulatedPN532()
        let link = SimulatorLink(chip: chip)
        let session = PN532Session(link: link)
        try session.start()
        let observer = Observer()
        let writer = FlashTagWriter(messages: try fixedMessages(Self.records), originality: nil, lock: false, protection: nil)
        let run = FlashRun(session: session, writer: writer, report: nil, progress: observer,
                           isInterrupted: { link.now > Self.time(1) }, goal: nil, alreadyDone: [])
        #expect(try !run.run())
        #expect(observer.events.isEmpty)
        #expect(link.now < Self.time(1.5))
    }
}
