import POSIXIO
import SystemPackage

/// The uplink's audit cursor in its state directory (`audit-cursor`), written whole or not at
/// all (`AtomicCreate`) and read back only when it is a regular file of the uplink's own
/// (`OwnFile`, never through a symlink) and small (`sizeLimit`).
public struct AuditCursorFile: Sendable {
    /// The file's name in the state directory.
    public static let fileName = "audit-cursor"
    /// The most bytes a cursor file may hold: its line is about 130 bytes.
    public static let sizeLimit = 512

    /// The file.
    public let path: String

    /// The cursor file in the state directory `directory`.
    public init(directory: String) {
        path = directory + "/" + Self.fileName
    }

    /// The saved cursor; nil when there is none yet (the uplink then starts from the oldest
    /// line still on disk).
    ///
    /// - Throws: `AuditCursorFileError` naming the file, what is wrong and what to do, when it
    ///   cannot be read or is not a cursor; the uplink then publishes nothing rather than
    ///   guess where it was.
    public func load() throws(AuditCursorFileError) -> AuditCursor? {
        let bytes: [UInt8]
        do throws(OwnFileReadError) {
            guard let read = try OwnFile.read(path, limit: Self.sizeLimit) else { return nil }
            bytes = read
        } catch {
            switch error {
            case .symbolicLink: throw AuditCursorFileError(path: path, problem: "it is a symbolic link, never followed", remedy: Self.remedy)
            case .open(let code): throw AuditCursorFileError(path: path, problem: "cannot open it: \(code)", remedy: nil)
            case .notOwn(let problem): throw AuditCursorFileError(path: path, problem: problem.description, remedy: nil)
            case .read(let code): throw AuditCursorFileError(path: path, problem: "cannot read it: \(code)", remedy: nil)
            case .tooLarge: throw AuditCursorFileError(path: path, problem: "it is larger than \(Self.sizeLimit) bytes, so not an audit cursor", remedy: Self.remedy)
            }
        }
        do throws(AuditCursor.DecodeError) { return try AuditCursor(fileText: bytes) } catch {
            throw AuditCursorFileError(path: path, problem: "not an audit cursor: \(error)", remedy: Self.remedy)
        }
    }

    /// Replaces the file with `cursor`, atomically and durably.
    ///
    /// - Throws: `AuditCursorFileError` naming the step that failed; the old file is then intact.
    public func save(_ cursor: AuditCursor) throws(AuditCursorFileError) {
        do throws(AtomicCreateError) {
            try AtomicCreate.create(path, with: Array(cursor.fileText.utf8), permissions: [.ownerReadWrite], replacing: true)
        } catch {
            throw AuditCursorFileError(path: path, problem: error.description, remedy: nil)
        }
    }

    /// What to do about a cursor that cannot be trusted.
    static let remedy = "remove it to publish the audit log again from its oldest line still on disk (the collector drops the lines it already holds by their \"line\" number)"
}

/// An audit cursor file that cannot be read, written or trusted.
public struct AuditCursorFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// What is wrong.
    public var problem: String
    /// What to do, when there is something beyond fixing the cause.
    public var remedy: String?

    /// An error.
    public init(path: String, problem: String, remedy: String?) {
        self.path = path
        self.problem = problem
        self.remedy = remedy
    }

    public var description: String {
        "audit cursor \(path): \(problem)" + (remedy.map { ": \($0)" } ?? "")
    }
}
