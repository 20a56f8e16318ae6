import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// Every token's counters on disk (`security.counter_file`), so that a restart neither accepts
/// copies of earlier states again nor issues a counter twice.
///
/// The first line is the header `# pn532ctl token counters v2`; every other line is one token,
/// `USER<TAB>UIDHEX<TAB>GENERATION<TAB>CONFIRMED<TAB>ISSUED<TAB>ok|conflict` (the UID in
/// `UIDNotation`'s lengths), the user with `\`, tab, newline and carriage return escaped as `\\`, `\t`,
/// `\n`, `\r`. No other line is a comment, so any user name (`#alice` too) reads back as
/// written. A file from before (header `# pn532ctl token counters:` or none, lines
/// `USER<TAB>UIDHEX<TAB>COUNTER`) still reads, its counters confirmed and their generation
/// taken from the next token shown. Saving replaces the file atomically: a temporary file in
/// the same directory, fsync, rename, fsync of the directory; a crash leaves the old file or
/// the new one.
public struct CounterStore: Sendable {
    /// The file.
    public let path: String
    /// The first line of the file.
    static let header = "# pn532ctl token counters v2: USER<TAB>UID<TAB>GENERATION<TAB>CONFIRMED<TAB>ISSUED<TAB>STATE"

    /// The most bytes the file may have: 64 MiB, room for a line per card of any door.toml's
    /// users and a bound on what a file such as `/dev/zero` can make the door read.
    static let sizeLimit = 64 << 20

    /// A store at `path`.
    public init(path: String) {
        self.path = path
    }

    /// The counters in the file.
    ///
    /// - Parameter beginAfresh: a missing file is no counters (`door run --new-counters`);
    ///   otherwise it is an error, since a lost file would accept every earlier copy again.
    /// - Throws: `CounterStoreError` when the file is missing (unless `beginAfresh`), cannot
    ///   be read, or a line is not as the header says.
    public func load(beginAfresh: Bool = false) throws(CounterStoreError) -> [DecisionState.CounterKey: DecisionState.TokenCounter] {
        guard let bytes = try readFile() else {
            if beginAfresh { return [:] }
            var error = CounterStoreError(path: path, "does not exist: the counters of earlier grants are lost, so copies of earlier token states would be accepted; restore it, or start once with `door run --new-counters` to begin afresh")
            error.isMissing = true
            throw error
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CounterStoreError(path: path, "the file is not UTF-8 text")
        }
        var counters: [DecisionState.CounterKey: DecisionState.TokenCounter] = [:]
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if index == 0, line.hasPrefix("# pn532ctl token counters") { continue }
            guard !line.isEmpty else { continue }
            guard let (key, counter) = Self.entry(line) else {
                throw CounterStoreError(path: path, "line \(index + 1) is not USER<TAB>UIDHEX<TAB>GENERATION<TAB>CONFIRMED<TAB>ISSUED<TAB>ok|conflict: fix or remove the file")
            }
            counters[key] = counter
        }
        return counters
    }

    /// One line's token, in the current or the earlier layout.
    private static func entry(_ line: Substring) -> (DecisionState.CounterKey, DecisionState.TokenCounter)? {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 3 || fields.count == 6, let user = unescape(fields[0]), !user.isEmpty,
              case .success(let uid) = UIDNotation.parse(String(fields[1]))
        else { return nil }
        let key = DecisionState.CounterKey(user: user, uid: uid)
        if fields.count == 3 {
            guard let counter = UInt32(fields[2]) else { return nil }
            return (key, DecisionState.TokenCounter(generation: 0, confirmed: counter))
        }
        guard let generation = UInt32(fields[2]), let confirmed = UInt32(fields[3]), let issued = UInt32(fields[4]),
              issued >= confirmed, fields[5] == "ok" || fields[5] == "conflict"
        else { return nil }
        return (key, DecisionState.TokenCounter(generation: generation, confirmed: confirmed, issued: issued, conflict: fields[5] == "conflict"))
    }

    /// Replaces the file with `counters`, atomically and durably.
    ///
    /// - Throws: `CounterStoreError` naming the step that failed; the old file is then intact.
    public func save(_ counters: [DecisionState.CounterKey: DecisionState.TokenCounter]) throws(CounterStoreError) {
        let lines = counters.sorted { ($0.key.user, UIDNotation.hex($0.key.uid, separator: "")) < ($1.key.user, UIDNotation.hex($1.key.uid, separator: "")) }
            .map { key, counter in
                let fields = [
                    Self.escape(key.user), UIDNotation.hex(key.uid, separator: ""), String(counter.generation),
                    String(counter.confirmed), String(counter.issued), counter.conflict ? "conflict" : "ok",
                ]
                return fields.joined(separator: "\t") + "\n"
            }
        let bytes = Array((Self.header + "\n" + lines.joined()).utf8)
        do throws(AtomicCreateError) {
            try AtomicCreate.create(path, with: bytes, permissions: .ownerReadWrite, replacing: true)
        } catch {
            throw failure(error.operation, error.errno)
        }
    }

    /// The file's bytes; nil when it does not exist.
    private func readFile() throws(CounterStoreError) -> [UInt8]? {
        do throws(OwnFileReadError) {
            return try OwnFile.read(path, limit: Self.sizeLimit)
        } catch {
            switch error {
            case .symbolicLink: throw CounterStoreError(path: path, "it is a symbolic link: it is never followed; remove it (the door writes the file again)")
            case .open(let code): throw failure("cannot open", code)
            case .notOwn(let problem): throw CounterStoreError(path: path, problem.description)
            case .read(let code): throw failure("cannot read", code)
            case .tooLarge: throw CounterStoreError(path: path, "it is larger than \(Self.sizeLimit) bytes, the bound on a counters file: remove it or restore it from a backup")
            }
        }
    }

    private func failure(_ step: String, _ error: Errno) -> CounterStoreError {
        CounterStoreError(path: path, "\(step): \(error)")
    }

    static func escape(_ user: String) -> String {
        var text = ""
        for character in user.unicodeScalars {
            switch character {
            case "\\": text += "\\\\"
            case "\t": text += "\\t"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
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
                case "r": text += "\r"
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
    /// True when the file does not exist.
    public var isMissing = false

    /// An error about the file at `path`.
    public init(path: String, _ reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "counter file \(path): \(reason)" }
}
