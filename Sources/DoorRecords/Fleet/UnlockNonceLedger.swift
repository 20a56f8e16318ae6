import Basics
import POSIXIO
import SystemPackage

/// The nonces of the unlock commands a door accepted, each kept until its command expires, in
/// the door's state directory (`unlock-nonces`: one `NONCE EXPIRES` line each, hex and
/// seconds since 1970), so that neither a replay nor a restart opens the door twice with one
/// command. A full ledger refuses new commands rather than forget a nonce that could still
/// be replayed.
public struct UnlockNonceLedger: Equatable, Sendable {
    /// The file's name in the state directory.
    public static let fileName = "unlock-nonces"
    /// The most nonces kept: far more unlocks than a door sees within a command's validity.
    public static let capacity = 512
    /// The largest file read: `capacity` lines of the longest nonce and time.
    static let fileLimit = capacity * (2 * UnlockCommand.nonceLengths.upperBound + 1 + 19 + 1)

    /// A nonce and the expiry of its command.
    public struct Entry: Equatable, Sendable {
        public var nonce: [UInt8]
        public var expires: UInt64
    }

    /// The nonces kept, oldest first.
    public private(set) var entries: [Entry]

    /// An empty ledger.
    public init() {
        entries = []
    }

    /// Accepts `command`'s nonce at `now` (seconds since 1970): nonces whose command expired
    /// by then are dropped first (such a command is refused as expired anyway).
    ///
    /// - Throws: `UnlockCommandError.replayed` when the nonce is kept, `.ledgerFull` when
    ///   `capacity` unexpired nonces are; the ledger is unchanged then.
    public mutating func admit(_ command: UnlockCommand, now: Int64) throws(UnlockCommandError) {
        let current = entries.filter { now < 0 || $0.expires > UInt64(now) }
        guard !current.contains(where: { $0.nonce == command.nonce }) else { throw .replayed }
        guard current.count < Self.capacity else { throw .ledgerFull(Self.capacity) }
        entries = current + [Entry(nonce: command.nonce, expires: command.expires)]
    }

    /// The file's text.
    public var fileText: String {
        entries.map { Hex.encode($0.nonce) + " " + String($0.expires) + "\n" }.joined()
    }

    /// The ledger in a file's text; nil for anything but `fileText` of a ledger (a nonce of
    /// another length, a time beyond 2^63 − 1, a nonce twice, more than `capacity` lines, a
    /// line not ended by a newline).
    public init?(fileText bytes: [UInt8]) {
        guard bytes.count <= Self.fileLimit, bytes.last.map({ $0 == UInt8(ascii: "\n") }) ?? true else { return nil }
        var entries: [Entry] = []
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast() {
            let fields = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
            guard entries.count < Self.capacity, fields.count == 2, fields[0].count <= 2 * UnlockCommand.nonceLengths.upperBound,
                  let nonce = Hex.bytes(String(decoding: fields[0], as: UTF8.self)), UnlockCommand.nonceLengths.contains(nonce.count),
                  fields[1].count <= 19, !fields[1].isEmpty, fields[1].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                  let expires = UInt64(String(decoding: fields[1], as: UTF8.self)), expires <= UInt64(Int64.max),
                  !entries.contains(where: { $0.nonce == nonce })
            else { return nil }
            entries.append(Entry(nonce: nonce, expires: expires))
        }
        self.entries = entries
    }

    /// What a file that is not a ledger is told.
    private static let notALedger =
        "not a ledger of unlock nonces (NONCE EXPIRES lines, at most \(capacity)): remote unlocks are refused until it is removed; remove it only after every command it lists has expired (the door's longest validity plus its clock skew)"

    /// The ledger in `directory`; an empty one when there is no file.
    ///
    /// - Throws: `UnlockLedgerError` naming the file when it cannot be read, is not the
    ///   process's own (`OwnFile`) or is not a ledger.
    public static func load(from directory: String) throws(UnlockLedgerError) -> UnlockNonceLedger {
        let path = directory + "/" + fileName
        let bytes: [UInt8]
        do throws(OwnFileReadError) {
            guard let read = try OwnFile.read(path, limit: fileLimit) else { return UnlockNonceLedger() }
            bytes = read
        } catch {
            switch error {
            case .symbolicLink: throw UnlockLedgerError(path: path, message: "cannot open: \(Errno.tooManySymbolicLinkLevels)")
            case .open(let code): throw UnlockLedgerError(path: path, message: "cannot open: \(code)")
            case .notOwn(let problem): throw UnlockLedgerError(path: path, message: "\(problem)")
            case .read(let code): throw UnlockLedgerError(path: path, message: "cannot read: \(code)")
            case .tooLarge: throw UnlockLedgerError(path: path, message: notALedger)
            }
        }
        guard let ledger = UnlockNonceLedger(fileText: bytes) else { throw UnlockLedgerError(path: path, message: notALedger) }
        return ledger
    }

    /// Writes the ledger to `directory`, whole or not at all (mode 600).
    ///
    /// - Throws: `AtomicCreateError`.
    public func save(to directory: String) throws(AtomicCreateError) {
        try AtomicCreate.create(directory + "/" + Self.fileName, with: Array(fileText.utf8), permissions: [.ownerReadWrite], replacing: true)
    }
}

/// Why a door's nonce ledger cannot be read: the file and what is wrong.
public struct UnlockLedgerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// What is wrong and what to do.
    public var message: String

    /// An error.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}
