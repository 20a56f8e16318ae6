import Basics
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// Replacing a whole file atomically and durably: the bytes go to a temporary file beside it,
/// which is fsync'd and renamed over the file, then the directory is fsync'd. A crash leaves
/// either the old file or the new one, never half of either.
public enum AtomicReplace {
    /// Replaces `path` with `bytes`, through `path + temporarySuffix`, created with
    /// `permissions`.
    ///
    /// - Throws: `AtomicReplaceError` naming the step that failed; the old file is then intact
    ///   and the temporary file removed.
    public static func replace(
        _ path: String, with bytes: [UInt8], temporarySuffix: String = ".tmp", permissions: FilePermissions
    ) throws(AtomicReplaceError) {
        let temporary = path + temporarySuffix
        func failure(_ step: AtomicReplaceError.Step, _ code: Errno) -> AtomicReplaceError {
            AtomicReplaceError(step: step, path: path, temporary: temporary, errno: code)
        }
        let file: FileDescriptor
        do throws(Errno) {
            file = try .opening(temporary, .writeOnly, options: [.create, .truncate], permissions: permissions)
        } catch {
            throw failure(.create, error)
        }
        do throws(AtomicReplaceError) {
            do throws(Errno) { try file.writeEverything(bytes) } catch { throw failure(.write, error) }
            do throws(Errno) { try file.sync() } catch { throw failure(.sync, error) }
        } catch {
            file.closeQuietly()
            unlink(temporary)
            throw error
        }
        file.closeQuietly()
        guard rename(temporary, path) == 0 else {
            let error = failure(.rename, .latest)
            unlink(temporary)
            throw error
        }
        let directory: FileDescriptor
        do throws(Errno) {
            directory = try .opening(PathText.directory(of: path), .readOnly, options: .directory)
        } catch {
            throw failure(.openDirectory, error)
        }
        defer { directory.closeQuietly() }
        do throws(Errno) { try directory.sync() } catch { throw failure(.syncDirectory, error) }
    }
}

/// A step of `AtomicReplace.replace` that failed, with its errno.
public struct AtomicReplaceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The steps of a replacement.
    public enum Step: Equatable, Sendable {
        case create, write, sync, rename, openDirectory, syncDirectory
    }

    /// The step that failed.
    public var step: Step
    /// The file being replaced.
    public var path: String
    /// The temporary file beside it.
    public var temporary: String
    /// Why.
    public var errno: Errno

    /// An error.
    public init(step: Step, path: String, temporary: String, errno: Errno) {
        self.step = step
        self.path = path
        self.temporary = temporary
        self.errno = errno
    }

    /// What failed, without the errno (`cannot fsync /var/lib/pn532ctl/counters.tmp`).
    public var operation: String {
        switch step {
        case .create: "cannot create \(temporary)"
        case .write: "cannot write \(temporary)"
        case .sync: "cannot fsync \(temporary)"
        case .rename: "cannot rename \(temporary) to \(path)"
        case .openDirectory: "cannot open the directory of \(path)"
        case .syncDirectory: "cannot fsync the directory of \(path)"
        }
    }

    public var description: String { "\(operation): \(errno)" }
}
