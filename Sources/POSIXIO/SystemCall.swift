import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

extension Errno {
    /// The calling thread's `errno` now, as swift-system's typed value.
    public static var latest: Errno { Errno(rawValue: Glibc.errno) }
}

/// Runs the system call `call` until it does not fail with EINTR: its result, or the errno it
/// failed with. `call` returns -1 (or any negative value) on failure, with `errno` set, as
/// open, ioctl, fsync, fstat, waitpid and the other POSIX calls do. This is the one EINTR loop
/// of the project: every call that may be interrupted goes through it or through swift-system
/// (`retryOnInterrupt`).
@discardableResult
public func retryingInterrupts<Result: BinaryInteger>(_ call: () -> Result) throws(Errno) -> Result {
    while true {
        let result = call()
        if result >= 0 { return result }
        let code = Errno.latest
        if code != .interrupted { throw code }
    }
}
