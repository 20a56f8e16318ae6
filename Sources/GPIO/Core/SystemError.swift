#if canImport(Glibc)
import Glibc
#endif

/// The C library's text for `code`, such as "Permission denied".
func errorText(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "errno \(code)" }
    return String(cString: text)
}

/// A failed system call's errno, before a backend puts it in context as a `GPIOError`.
public struct SystemCallError: Error, Equatable {
    /// The errno value.
    public var errno: Int32

    /// The error for `errno`.
    public init(errno: Int32) { self.errno = errno }
}
