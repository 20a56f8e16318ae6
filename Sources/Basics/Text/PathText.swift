/// File paths as text, before any system call sees them.
public enum PathText {
    /// The directory holding `path`: what stands before its last `/`; `/` for a file at the
    /// root, `.` for a bare name.
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path`: what follows its last `/` (all of a bare name).
    public static func fileName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
