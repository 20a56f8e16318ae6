import Basics
import DaemonKit
import DoorControl
import DoorRecords
import Testing
import TestSupport

/// The door starting on a keyed log whose end was cut while it was stopped: its key is past
/// the log, and the first line it writes is a `fault` naming the missing lines.
@Suite("The door's journal on a keyed audit log")
struct DaemonJournalAuditKeyTests {
    @Test func aCutEndFoundAtStartIsAFaultLineNamingTheLines() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = directory.file("audit.jsonl")
        _ = try AuditKeySetup.create(initial: directory.file("initial.key"), logPath: path)
        let first = try AuditLog(path: path, maxBytes: 1 << 20, keep: 1)
        for second in Int64(0)..<3 { try first.append(AuditEntry(time: AuditTime(epochSeconds: second), event: .door, reason: "opened")) }
        first.close()
        let lines = try #require(directory.read("audit.jsonl")).split(separator: "\n")
        try directory.write("audit.jsonl", lines[0] + "\n")

        let log = OperationalLog(threshold: .error, clock: { "" }, forJournal: false) { _ in }
        _ = DaemonJournal(audit: try AuditLog(path: path, maxBytes: 1 << 20, keep: 1), log: log, onFailure: .deny)
        let after = try #require(directory.read("audit.jsonl")).split(separator: "\n")
        #expect(after.count == 2)
        #expect(after.last?.contains("\"event\":\"fault\",\"reason\":\"audit lines 2…3 are missing from \(path)") == true, "\(String(describing: after.last))")
        #expect(after.last?.contains("\"line\":4,") == true, "numbering goes on from the key: the gap stays")
        let report = try AuditChainVerifier.verify(path: path, key: AuditKeySetup.read(directory.file("initial.key")))
        #expect(report.broken?.reason.hasPrefix("lines 2…3 (2) are missing") == true)
    }
}
