import SystemPackage
import ArgumentParser
import Basics
import DoorControl
import POSIXIO

#if canImport(Glibc)
import DoorRecords
import Glibc
#endif

/// `door log --verify`: checks the audit log's chain and says where it breaks; `--new-key`
/// makes the initial audit key.
enum DoorLogVerification {
    /// Prints "chain intact, N lines" and what was proven (exit 0), or names the first break (exit 65).
    static func run(path: String, keyPath: String?) throws(CLIError) {
        let report: AuditChainVerifier.Report
        let doorKeyPath = AuditKeyFile.path(forLog: path)
        var doorKey: AuditKey?
        do throws(AuditLogReadError) {
            let key = try keyPath.map { path throws(AuditLogReadError) in try AuditKeySetup.read(path) }
            doorKey = key == nil ? nil : try? AuditKeySetup.read(doorKeyPath)
            report = try AuditChainVerifier.verify(path: path, key: key, doorKey: doorKey)
        } catch {
            throw error.reason == .system(.noSuchFileOrDirectory)
                ? .noInput(error.path == keyPath
                    ? "no audit key at \(error.path) — give the initial key made by door log --new-key"
                    : "no audit log at \(error.path) — give its path with --file (audit.path in the door configuration)")
                : error.problem != nil ? .data("\(error)") : .io("\(error)")
        }
        if let broken = report.broken {
            throw .data("audit chain broken at \(broken) (\(report.lines) line\(report.lines == 1 ? "" : "s") before it intact)")
        }
        print("chain intact, \(report.lines) line\(report.lines == 1 ? "" : "s") (\(Self.start(report)))")
        for line in Self.verdict(report, keyed: keyPath != nil, doorKey: doorKey == nil ? nil : doorKeyPath) { print("  " + line) }
    }

    private static func start(_ report: AuditChainVerifier.Report) -> String {
        report.startsAtGenesis ? "from the log's first line" : "from line \(report.firstLine.map(String.init) ?? "?"), its predecessors rotated away"
    }

    /// What the check proved, one statement a line.
    static func verdict(_ report: AuditChainVerifier.Report, keyed: Bool, doorKey: String?) -> [String] {
        var lines: [String] = []
        if report.legacyLines > 0 {
            lines.append("\(report.legacyLines) line\(report.legacyLines == 1 ? "" : "s") of the old format (no line numbers, no MAC): hash chain only, anyone with the door's account could have rewritten them")
        }
        if report.checkedMACs > 0 {
            lines.append("\(report.checkedMACs) line\(report.checkedMACs == 1 ? "" : "s") MAC'd under the initial key: written by the door before any later compromise")
        }
        if report.uncheckedMACs > 0 {
            lines.append("\(report.uncheckedMACs) line\(report.uncheckedMACs == 1 ? "" : "s") carry MACs, not checked: give the initial key with --key")
        }
        if report.unkeyedLines > report.legacyLines {
            let count = report.unkeyedLines - report.legacyLines
            lines.append("\(count) numbered line\(count == 1 ? "" : "s") without a checked MAC: hash chain and numbering only")
        }
        if keyed {
            lines.append(doorKey.map { "the end of the log matches the door's key file \($0)" }
                ?? "no readable door key file beside the log: lines cut from the end of the newest file cannot be seen")
        } else {
            lines.append("lines cut from the end of the newest file, and a rewrite by the door's account, cannot be seen without the initial key (--key)")
        }
        if let head = report.head { lines.append("head \(report.lastLine.map { "line \($0) " } ?? "")SHA-256 \(Hex.encode(head)): compare with an off-box copy") }
        return lines
    }

    /// `--new-key FILE`: makes the initial key and the door's key file.
    static func makeKey(initial: String, path: String) throws(CLIError) {
        do throws(AtomicCreateError) {
            let line = try AuditKeySetup.create(initial: initial, logPath: path)
            print("audit key made: \(initial) (the initial key: keep it where the door cannot write, give it to door log --verify --key) and \(AuditKeyFile.path(forLog: path)) (the door's); lines from \(line) on are MAC'd once the door restarts")
        } catch {
            throw error.step == .exists
                ? CLIError(message: "\(error.path) exists: an audit key is never replaced (remove both key files to start a new key)", exitCode: ExitCode(73))
                : .io("\(error)")
        }
    }
}
