import DoorRecords

/// Follows the audit log (`AuditLog`) from a cursor: each call of `next(limit:)` hands out
/// the complete lines written after the cursor, oldest first, across rotated files, at most
/// `limit` of them, so a backlog after a long time offline does not hold up the caller's poll
/// loop. A line still being written is not handed out until its newline is there.
///
/// It is cheap to call every few hundred milliseconds: the current file stays open at the
/// offset after its last line, so an idle look is a read that returns nothing and an lstat of
/// the log's name. When that name is another file (a rotation), the rest of the open file is
/// read first, then the file that follows it (found by inode among `path.N` … `path`), so a
/// rotation between two looks or several while the uplink was down lose nothing.
///
/// Every line is checked against the one before it: its number follows (`line` N+1) and its
/// link (`prev`) is the digest of the line before. Missing numbers (a rotated file deleted
/// before it was read) are reported as a `.gap` and following goes on. A line that does not
/// follow (a number that goes back, a link that does not match, the cursor's line not on
/// disk or not the line the cursor names) means the log was rewritten or replaced: `next`
/// throws `AuditFollowerError.Reason.notTheCursorsLog` rather than publish from an unrelated
/// place.
public final class AuditFollower {
    /// One complete audit line as stored.
    public struct Line: Equatable, Sendable {
        /// The line's bytes without its newline: the event payload, exactly as stored.
        public var bytes: [UInt8]
        /// Its rotation sequence number and its number in the log.
        public var position: AuditChain.Position
        /// The SHA-256 of `bytes`: the link the next line carries.
        public var digest: [UInt8]

        /// A line.
        public init(bytes: [UInt8], position: AuditChain.Position, digest: [UInt8]) {
            self.bytes = bytes
            self.position = position
            self.digest = digest
        }
    }

    /// What a look found, in the log's order.
    public enum Event: Equatable, Sendable {
        /// The next line.
        case line(Line)
        /// Lines with these numbers are no longer on disk (a rotated file deleted before it was read).
        case gap(ClosedRange<Int>)
        /// A line of `file` at byte `offset` that is not a numbered audit line (a corrupt line,
        /// a partial line left in a rotated file, a line from before lines were numbered): not published.
        case skipped(file: String, offset: Int)
    }

    /// The log's current file.
    public let path: String

    /// The last line handed out, or the cursor's line until the first one is.
    public private(set) var last: AuditCursor?
    /// True until the cursor's line has been found on disk (or a line after it).
    private var seeking: Bool
    /// The number of the newest line before the cursor's seen while seeking.
    private var newestBeforeCursor: Int?
    private var tail: AuditLogTail?
    /// Why following stopped for good (the log is not the cursor's, a line too long to be an
    /// audit line): every later look says so again.
    private var stopped: AuditFollowerError?
    /// An error met after a look had found events: those are handed out, the error at the next look.
    private var deferred: AuditFollowerError?

    /// A follower of the log whose current file is `path`, handing out the lines after
    /// `cursor`'s, or every line from the oldest still on disk when `cursor` is nil.
    public init(path: String, after cursor: AuditCursor?) {
        self.path = path
        last = cursor
        seeking = cursor != nil
    }

    /// The next events, oldest first, with at most `limit` lines; empty when nothing new was
    /// written (or there is no log yet).
    ///
    /// - Throws: `AuditFollowerError`. After `.notTheCursorsLog` or `.lineTooLong` every later
    ///   call throws it again; after a read error a later call tries again from the same
    ///   place. An error met after lines were found this look is thrown at the next one, so
    ///   the lines are not lost.
    public func next(limit: Int) throws(AuditFollowerError) -> [Event] {
        if let stopped { throw stopped }
        if let deferred {
            self.deferred = nil
            throw deferred
        }
        var events: [Event] = []
        defer { tail?.forget() }
        do {
            try collect(into: &events, limit: limit)
        } catch {
            if case .lineTooLong = error.reason { stopped = error }
            guard events.isEmpty else {
                deferred = error
                return events
            }
            throw error
        }
        return events
    }

    /// Appends the next events to `events`, with at most `limit` lines.
    private func collect(into events: inout [Event], limit: Int) throws(AuditFollowerError) {
        var lines = 0
        if tail == nil { tail = try openFirst() }
        while lines < limit, let current = tail {
            if let (bytes, offset) = try current.nextLine() {
                if let found = try take(bytes, offset: offset, in: current) {
                    lines += found.filter { if case .line = $0 { true } else { false } }.count
                    events.append(contentsOf: found)
                }
                continue
            }
            guard let next = try fileAfterRotation(of: current, events: &events) else { break }
            tail = next
        }
    }

    /// The events of one complete line: nil for a line before the cursor or a blank one.
    private func take(_ bytes: ArraySlice<UInt8>, offset: Int, in file: AuditLogTail) throws(AuditFollowerError) -> [Event]? {
        guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return nil }
        guard let text = String(validating: bytes, as: UTF8.self), let link = AuditChain.link(of: text), let position = link.position else {
            return seeking ? nil : [.skipped(file: file.name, offset: offset)]
        }
        let line = Line(bytes: Array(bytes), position: position, digest: AuditChain.digest(bytes))
        guard let last else {
            self.last = AuditCursor(line)
            return [.line(line)]
        }
        if seeking {
            if position.line < last.line {
                newestBeforeCursor = position.line
                return nil
            }
            seeking = false
            if position.line == last.line {
                guard line.digest == last.digest, position.sequence == last.sequence else {
                    throw notTheCursorsLog(file, "line \(last.line) in \(file.name) is not the line the cursor names (its seq or hash differ)")
                }
                return nil
            }
        }
        var events: [Event] = []
        if position.line == last.line + 1 {
            guard link.previous == last.digest else {
                throw notTheCursorsLog(file, "line \(position.line) in \(file.name) does not link to line \(last.line) the uplink read before it")
            }
        } else if position.line > last.line + 1 {
            events.append(.gap((last.line + 1)...(position.line - 1)))
        } else {
            throw notTheCursorsLog(file, "line \(position.line) in \(file.name) comes after line \(last.line): the numbering went back")
        }
        self.last = AuditCursor(line)
        events.append(.line(line))
        return events
    }

    /// At the end of `current`'s complete lines: the file to read next when the log has
    /// rotated away from `current` (`current` itself the first time, to read the lines written
    /// just before the rotation), else nil (nothing new yet).
    private func fileAfterRotation(of current: AuditLogTail, events: inout [Event]) throws(AuditFollowerError) -> AuditLogTail? {
        let named = AuditLogFileIdentity(path: path)
        guard let named, named != current.identity else {
            guard named == current.identity else { return nil }
            if try current.pendingBytes() < 0 {
                throw notTheCursorsLog(current, "\(current.name) is shorter than the \(current.offset) bytes already read: it was cut or rewritten")
            }
            if seeking, let newest = newestBeforeCursor {
                throw notTheCursorsLog(current, "the log ends at line \(newest), before line \(last?.line ?? 0) the cursor names")
            }
            return nil
        }
        // Rotated: the door writes no more to `current` once it is renamed, but it may have
        // written a line between the last read and the rename: read to the end once more first.
        guard current.rotatedAway else {
            current.rotatedAway = true
            return current
        }
        if try current.pendingBytes() > 0 {
            if !seeking { events.append(.skipped(file: current.name, offset: current.offset)) }
            try current.skipPending()
        }
        return try openFollowing(current.identity)
    }

    /// The file to start in: the newest whose first line is at or before the cursor's line
    /// (so no line after the cursor is missed), else the oldest; nil while there is no log.
    private func openFirst() throws(AuditFollowerError) -> AuditLogTail? {
        try openStable { files in
            guard let last else { return files.first?.name }
            let start = files.reversed().first { file in
                guard let first = try? AuditLogTail(opening: file.name), let (bytes, _) = try? first.nextLine(),
                      let text = String(validating: bytes, as: UTF8.self), let line = AuditChain.link(of: text)?.position?.line
                else { return false }
                return line <= last.line
            }
            return (start ?? files.first)?.name
        }
    }

    /// The file after the one of `identity`: the next name when it still has one, else (it
    /// was removed) the oldest file whose lines come after the last line read, else the oldest.
    private func openFollowing(_ identity: AuditLogFileIdentity) throws(AuditFollowerError) -> AuditLogTail? {
        try openStable { files in
            if let index = files.firstIndex(where: { $0.identity == identity }) {
                return index + 1 < files.count ? files[index + 1].name : nil
            }
            let after = files.first { file in
                guard let first = try? AuditLogTail(opening: file.name), let (bytes, _) = try? first.nextLine() else { return true }
                guard let text = String(validating: bytes, as: UTF8.self), let line = AuditChain.link(of: text)?.position?.line else { return true }
                return line > (self.last?.line ?? 0)
            }
            return (after ?? files.first)?.name
        }
    }

    /// Opens the file `choose` picks from the log's files, again when a rotation renamed the
    /// files while choosing (so the name opened is the file chosen).
    private func openStable(_ choose: ([(name: String, identity: AuditLogFileIdentity)]) -> String?) throws(AuditFollowerError) -> AuditLogTail? {
        for _ in 0..<8 {
            let files = AuditLogFileIdentity.files(ofLog: path)
            guard let name = choose(files) else { return nil }
            guard let opened = try AuditLogTail(opening: name) else { continue }
            if AuditLogFileIdentity.files(ofLog: path).elementsEqual(files, by: { $0.name == $1.name && $0.identity == $1.identity }) { return opened }
        }
        return nil
    }

    private func notTheCursorsLog(_ file: AuditLogTail, _ evidence: String) -> AuditFollowerError {
        let error = AuditFollowerError(path: path, .notTheCursorsLog(evidence))
        stopped = error
        return error
    }
}
