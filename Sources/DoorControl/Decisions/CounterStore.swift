#if canImport(Glibc)
import Glibc
#endif

/// The last confirmed token counters on disk (`security.counter_file`), so a restart does not
/// accept copies of earlier states again.
///
/// One line per tag: `USER<TAB>UIDHEX<TAB>COUNTER` (the UID as 4, 7 or 10 bytes), the user with `\`, tab and newline escaped
/// as `\\`, `\t`, `\n`; lines starting with `#` are comments. Saving replaces the file
/// atomically: a temporary file in the same directory, fsync, rename, fsync of the directory;
/// a crash leaves the old file or the new one.
public struct CounterStore: Sendable {
    /// The file.
    public let path: String

    /// A store at `path`.
    public init(path: String) {
        self.path = path
    }

    /// The counters in the file; none when it does not exist yet.
    ///
    /// - Throws: `CounterStoreError` when the file cannot be read or a line is not
    ///   `USER<TAB>UIDHEX<TAB>COUNTER`.
    public func load() throws(CounterStoreError) -> [DecisionState.CounterKey: UInt32] {
        guard let bytes = try readFile() else { return [:] }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CounterStoreError(path: path, "the file is not UTF-8 text")
        }
        var counters: [DecisionState.CounterKey: UInt32] = [:]
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3, let user = Self.unescape(fields[0]), !user.isEmpty,
                case .success(let uid) = UIDNotation.parse(String(fields[1])), let counter = UInt32(fields[2])
            else {
                throw CounterStoreError(path: path, "line \(index + 1) is not USER<TAB>UIDHEX<TAB>COUNTER: fix or remove the file")
            }
            counters[DecisionState.CounterKey(user: user, uid: uid)] = counter
        }
        return counters
    }

    /// Replaces the file with `counters`, atomically and durably.
    ///
    /// - Throws: `CounterStoreError` naming the step that failed; the old file is then intact.
    public func save(_ counters: [DecisionState.CounterKey: UInt32]) throws(CounterStoreError) {
        let lines = counters.sorted { ($0.key.user, UIDNotation.hex($0.key.uid, separator: "")) < ($1.key.user, UIDNotation.hex($1.key.uid, separator: "")) }
            .map { "\(Self.escape($0.key.user))\t\(UIDNotation.hex($0.key.uid, separator: ""))\t\($0.value)\n" }
        let bytes = Array(("# pn532ctl token counters: USER<TAB>UID<TAB>COUNTER\n" + lines.joined()).utf8)
        let temporary = path + ".tmp"
        let file = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw failure("cannot create \(temporary)") }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let error = failure("cannot write \(temporary)")
                close(file)
                unlink(temporary)
                throw error
            }
            written += count
        }
        guard fsync(file) == 0 else {
            let error = failure("cannot fsync \(temporary)")
            close(file)
            unlink(temporary)
            throw error
        }
        close(file)
        guard rename(temporary, path) == 0 else {
            let error = failure("cannot rename \(temporary) to \(path)")
            unlink(temporary)
            throw error
        }
        let directory = open(Self.directory(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw failure("cannot open the directory of \(path)") }
        defer { close(directory) }
        guard fsync(directory) == 0 else { throw failure("cannot fsync the directory of \(path)") }
    }

    /// The file's bytes; nil when it does not exist.
    private func readFile() throws(CounterStoreError) -> [UInt8]? {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        if file < 0, errno == ENOENT { return nil }
        guard file >= 0 else { throw failure("cannot open") }
        defer { close(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw failure("cannot read") }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }

    private func failure(_ step: String) -> CounterStoreError {
        CounterStoreError(path: path, "\(step): \(String(cString: strerror(errno)))")
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func escape(_ user: String) -> String {
        var text = ""
        for character in user.unicodeScalars {
            switch character {
            case "\\": text += "\\\\"
            case "\t": text += "\\t"
            case "\n": text += "\\n"
            default: text.unicodeScalars.append(character)
            }
        }
        return text
    }

    static func unescape(_ field: Substring) -> String? {
        var text = ""
        var escaped = false
        for character in field.unicodeScalars {
            if escaped {
                switch character {
                case "\\": text += "\\"
                case "t": text += "\t"
                case "n": text += "\n"
                default: return nil
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                text.unicodeScalars.append(character)
            }
        }
        return escaped ? nil : text
    }
}

/// The counter file could not be read, parsed or written.
public struct CounterStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// What went wrong.
    public var reason: String

    /// An error about the file at `path`.
    public init(path: String, _ reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "counter file \(path): \(reason)" }
}
