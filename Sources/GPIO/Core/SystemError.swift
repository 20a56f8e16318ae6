import SystemPackage

/// A failed system call's errno, before a backend puts it in context as a `GPIOError`.
public struct SystemCallError: Error, Equatable {
    /// The errno value.
    public var errno: Errno

    /// The error for `errno`.
    public init(_ errno: Errno) { self.errno = errno }
}
