import SystemPackage

/// The file operations the sysfs backend needs, so tests can run it against a directory tree
/// that behaves like the kernel's.
public protocol SysfsFiles: AnyObject {
    /// The file's text.
    func read(_ path: String) throws(SysfsFileError) -> String
    /// Writes `text` to an existing file (sysfs attributes are never created by writing).
    func write(_ text: String, to path: String) throws(SysfsFileError)
    /// The names in a directory.
    func contents(ofDirectory path: String) throws(SysfsFileError) -> [String]
    /// Whether the path exists.
    func exists(_ path: String) -> Bool
    /// Holds an input's `value` file open for the kernel's edge notifications (POLLPRI),
    /// once its `edge` is set; nil when the file cannot notify (not the kernel's).
    func watchEdges(_ path: String) throws(SysfsFileError) -> SysfsEdgeWatch?
}

/// A failed file operation: the errno and the path.
public struct SysfsFileError: Error, Equatable {
    /// The errno value.
    public var errno: Errno
    /// The file or directory.
    public var path: String

    /// An error for `path`.
    public init(_ errno: Errno, path: String) {
        self.errno = errno
        self.path = path
    }
}
