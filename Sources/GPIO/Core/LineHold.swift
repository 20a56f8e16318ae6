import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// An exclusive flock(2) on a file that stands for a line, held for as long as the line is
/// requested (the lock goes with the descriptor, so with the process): how the backends
/// without the kernel's own ownership (sysfs, the simulated lines) refuse a second request
/// for an output, as the character device does.
final class LineHold {
    /// The open file; its contents are the backend's business.
    let file: FileDescriptor

    private init(file: FileDescriptor) { self.file = file }

    deinit { file.closeQuietly() }

    /// Takes the hold on `path` (made first with `create`); nil when another request holds
    /// it, whose file is then passed to `holder` for a name.
    ///
    /// - Throws: the `Errno` of opening the file or of flock(2) other than EWOULDBLOCK.
    static func take(_ path: String, creating create: Bool, holder: (FileDescriptor) -> Void = { _ in }) throws(Errno) -> LineHold? {
        let file = create
            ? try FileDescriptor.opening(path, .readWrite, options: .create, permissions: [.ownerReadWrite, .groupRead, .otherRead])
            : try FileDescriptor.opening(path, .readOnly)
        guard flock(file.rawValue, LOCK_EX | LOCK_NB) == 0 else {
            let code = Errno.latest
            defer { file.closeQuietly() }
            guard code == .wouldBlock else { throw code }
            holder(file)
            return nil
        }
        return LineHold(file: file)
    }
}
