import SystemPackage
import ArgumentParser
import DoorControl

#if canImport(Glibc)
import DoorRecords
import Glibc
#endif

/// `door log --verify`: checks the audit log's hash chain and says where it breaks.
enum DoorLogVerification {
    /// Prints "chain intact, N lines" (exit 0), or names the first broken link (exit 65).
    static func run(path: String) throws(CLIError) {
        let report: AuditChainVerifier.Report
        do throws(AuditLogReadError) { report = try AuditChainVerifier.verify(path: path) } catch {
            throw error.reason == .system(.noSuchFileOrDirectory)
                ? .noInput("no audit log at \(error.path) — give its path with --file (audit.path in the door configuration)")
                : .io("\(error)")
        }
        if let broken = report.broken {
            throw .data("audit chain broken at \(broken) (\(report.lines) line\(report.lines == 1 ? "" : "s") before it intact)")
        }
        let start = report.startsAtGenesis ? "from the log's first line" : "from a line whose predecessors were rotated away"
        print("chain intact, \(report.lines) line\(report.lines == 1 ? "" : "s") (\(start))")
    }
}
