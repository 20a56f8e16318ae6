import SystemPackage

/// Checks the audit log (see `AuditChain`) over the rotated files and the current one, oldest
/// first, and reports the first break: a changed, inserted or removed line, a gap in the line
/// numbers (lines cut from the end of a rotated file, a rotated file deleted), a rotation
/// sequence number that skips, and, given the initial audit key, a line whose MAC does not
/// match (written without the door's key). Given also the door's current key, lines cut from
/// the end of the newest file show too: the door's key is then ahead of the log.
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
        /// Lines written before lines were numbered: hash chain only.
        public var legacyLines = 0
        /// Lines whose MAC was checked under the initial key.
        public var checkedMACs = 0
        /// Lines carrying a MAC that was not checked (no initial key given).
        public var uncheckedMACs = 0
        /// Numbered lines without a MAC, or written before the initial key's first line.
        public var unkeyedLines = 0
        /// The number of the oldest numbered line, when there is one.
        public var firstLine: Int?
        /// The number of the newest numbered line, when there is one.
        public var lastLine: Int?
        /// The SHA-256 of the newest line checked: the chain's head, to compare with an off-box copy.
        public var head: [UInt8]?
    }

    /// A broken link: the file, its line number (from 1) and what is wrong.
    public struct Break: Equatable, Sendable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var reason: String

        public var description: String { "\(file):\(line): \(reason)" }
    }

    /// Verifies the log whose current file is `path`; `key` is the initial audit key (the
    /// verifier's copy) and `doorKey` the door's current one (`path.key`), when known.
    ///
    /// - Throws: `AuditLogReadError` when no file exists, one cannot be read, or a line is
    ///   longer than `AuditLogReader.lineLimit`.
    public static func verify(path: String, key: AuditKey? = nil, doorKey: AuditKey? = nil) throws(AuditLogReadError) -> Report {
        let files = AuditLogReader(path: path).files()
        guard !files.isEmpty else { throw AuditLogReadError(path: path, code: .noSuchFileOrDirectory) }
        var walk = Walk(key: key, doorLine: doorKey?.line)
        for file in files {
            var number = 0
            try AuditLogReader.forEachRawLine(in: file) { bytes, complete in
                number += 1
                if let reason = walk.check(bytes, complete: complete, firstInFile: number == 1) {
                    walk.report.broken = Break(file: file, line: number, reason: reason)
                    return false
                }
                return true
            }
            if walk.report.broken != nil { return walk.report }
        }
        if let doorKey, let last = files.last {
            if let reason = walk.checkEnd(doorKey: doorKey) { walk.report.broken = Break(file: last, line: walk.fileLines + 1, reason: reason) }
        }
        return walk.report
    }

    /// The state of a check going through the lines in order.
    private struct Walk {
        var report = Report()
        var key: AuditKey?
        let initialKey: AuditKey?
        var previous: [UInt8]?
        var position: AuditChain.Position?
        var fileLines = 0
        /// The line the door's key is at: no line past it was written by the door.
        let doorLine: Int?

        init(key: AuditKey?, doorLine: Int?) {
            self.key = key
            initialKey = key
            self.doorLine = doorLine
        }

        /// What is wrong with the next line, or nil when it follows.
        mutating func check(_ bytes: ArraySlice<UInt8>, complete: Bool, firstInFile: Bool) -> String? {
            guard complete else { return "a partial line without its newline" }
            guard let text = String(validating: bytes, as: UTF8.self), let link = AuditChain.link(of: text) else {
                return "not a chained audit line (no \"prev\" link)"
            }
            if let reason = checkPosition(link.position, firstInFile: firstInFile) { return reason }
            if let previous {
                guard link.previous == previous else {
                    return "does not follow the line before it: that line was changed, or lines were inserted or removed"
                }
            } else {
                report.startsAtGenesis = link.previous == AuditChain.genesis
            }
            if let reason = checkMAC(link, bytes) { return reason }
            previous = AuditChain.digest(bytes)
            report.head = previous
            report.lines += 1
            fileLines = firstInFile ? 1 : fileLines + 1
            return nil
        }

        private mutating func checkPosition(_ next: AuditChain.Position?, firstInFile: Bool) -> String? {
            guard let next else {
                guard position == nil else { return "a line without a sequence number and line number after numbered lines" }
                report.legacyLines += 1
                return nil
            }
            if let doorLine, next.line > doorLine {
                return "line number \(next.line) is past the door's key (line \(doorLine)): not written by the door"
            }
            if let last = position {
                if next.line > last.line + 1 {
                    let missing = next.line - last.line - 1
                    let place = firstInFile ? "cut from the end of the file before, or a rotated file is missing" : "removed"
                    return "lines \(last.line + 1)…\(next.line - 1) (\(missing)) are missing: \(place)"
                }
                guard next.line == last.line + 1 else { return "line number \(next.line) after \(last.line): lines reordered or replayed" }
                if firstInFile {
                    if next.sequence > last.sequence + 1 {
                        return "rotation sequence \(next.sequence) follows \(last.sequence): the files of sequence \(last.sequence + 1)…\(next.sequence - 1) are missing"
                    }
                    guard next.sequence == last.sequence + 1 else { return "rotation sequence \(next.sequence) follows \(last.sequence) in a new file: files renamed" }
                } else {
                    guard next.sequence == last.sequence else { return "rotation sequence \(next.sequence) inside a file of sequence \(last.sequence)" }
                }
            }
            report.firstLine = report.firstLine ?? next.line
            report.lastLine = next.line
            position = next
            return nil
        }

        private mutating func checkMAC(_ link: AuditChain.Link, _ bytes: ArraySlice<UInt8>) -> String? {
            guard var current = key, let line = link.position?.line, line >= current.line else {
                if link.mac == nil { report.unkeyedLines += 1 } else { report.uncheckedMACs += 1 }
                return nil
            }
            guard let mac = link.mac else { return "no MAC: written without the door's audit key" }
            guard current.advance(to: line) else { return "line number \(line) is more than \(AuditKey.verifierSteps) lines past the initial key's \(current.line): not checked" }
            key = current
            guard current.mac(AuditChain.macCovered(bytes)) == mac else {
                return "its MAC does not match under the audit key: written or changed by someone without the door's key"
            }
            report.checkedMACs += 1
            return nil
        }

        /// What the door's current key says about the end of the log.
        func checkEnd(doorKey: AuditKey) -> String? {
            guard let initialKey, doorKey.line >= initialKey.line else { return nil }
            var evolved = initialKey
            evolved.advance(to: doorKey.line)
            guard evolved == doorKey else { return "the door's key file does not follow from the initial key: it was replaced" }
            let expected = (position?.line ?? (initialKey.line - 1)) + 1
            guard doorKey.line > expected else { return nil }
            return "lines \(expected)…\(doorKey.line - 1) are missing: the door's key is at line \(doorKey.line), so they were cut from the end of the log"
        }
    }
}
