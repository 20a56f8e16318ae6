#if canImport(Glibc)
import SystemPackage
import Glibc
#endif

/// Checks the audit log's hash chain (see `AuditChain`) over the rotated files and the
/// current one, oldest first, and reports the first broken link.
public enum AuditChainVerifier {
    /// What the check found.
    public struct Report: Equatable, Sendable {
        /// Lines checked (up to the first break).
        public var lines = 0
        /// The first line that does not follow the line before it, when one does not.
        public var broken: Break?
        /// True when the oldest line checked is the first line the log ever had (its link is
        /// the genesis link); false when older files were rotated away.
        public var startsAtGenesis = false
    }

    /// A broken link: the file, its line number (from 1) and what is wrong.
    public struct Break: Equatable, Sendable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var reason: String

        public var description: String { "\(file):\(line): \(reason)" }
    }

    /// Verifies the log whose current file is `path`.
    ///
    /// - Throws: `AuditLogReadError` when no file exists, one cannot be read, or a line is
    ///   longer than `AuditLogReader.lineLimit`.
    public static func verify(path: String) throws(AuditLogReadError) -> Report {
        let files = AuditLogReader(path: path).files()
        guard !files.isEmpty else { throw AuditLogReadError(path: path, code: .noSuchFileOrDirectory) }
        var report = Report()
        var previous: [UInt8]?
        for file in files {
            var number = 0
            try AuditLogReader.forEachRawLine(in: file) { bytes, complete in
                number += 1
                guard complete else {
                    report.broken = Break(file: file, line: number, reason: "a partial line without its newline")
                    return false
                }
                guard let text = String(validating: bytes, as: UTF8.self), let link = AuditChain.link(of: text) else {
                    report.broken = Break(file: file, line: number, reason: "not a chained audit line (no \"prev\" link)")
                    return false
                }
                if let previous {
                    guard link == previous else {
                        report.broken = Break(file: file, line: number, reason: "does not follow the line before it: that line was changed, or lines were inserted or removed")
                        return false
                    }
                } else {
                    report.startsAtGenesis = link == AuditChain.genesis
                }
                previous = AuditChain.digest(bytes)
                report.lines += 1
                return true
            }
            if report.broken != nil { return report }
        }
        return report
    }
}
