import SystemPackage

/// A failed system call's errno, before a backend puts it in context as a `GPIOError`.
public struct SystemCallError: Error, Equatable {
    /// The errno value.
    public var errno: Int32

    /// The error for `errno`.
    public init(errno: Int32) { self.errno = errno }

    /// The error for swift-system's `error`.
    public init(_ error: Errno) { self.errno = error.rawValue }
}
