import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

extension FileDescriptor.OpenOptions {
    /// `O_NOCTTY`: a terminal opened this way never becomes the controlling terminal.
    public static var noControllingTerminal: Self { Self(rawValue: O_NOCTTY) }
}

extension FileDescriptor {
    /// Opens `path` close-on-exec (always: no descriptor of this project leaks into a command
    /// it starts), retrying on EINTR.
    ///
    /// - Throws: the `Errno` of open(2).
    public static func opening(
        _ path: String, _ mode: AccessMode, options: OpenOptions = [], permissions: FilePermissions? = nil
    ) throws(Errno) -> FileDescriptor {
        do {
            return try open(FilePath(path), mode, options: options.union(.closeOnExec), permissions: permissions)
        } catch {
            throw Errno(error)
        }
    }

    /// Closes the descriptor, ignoring a failure (there is nothing left to do about one, and
    /// on Linux a close is never retried: the descriptor is gone even after EINTR).
    public func closeQuietly() {
        _ = try? close()
    }
}

extension Errno {
    /// `error` as an errno: swift-system throws only `Errno`, anything else is EIO.
    init(_ error: any Error) {
        self = error as? Errno ?? .ioError
    }
}
