/// What the binary says about itself: the release number and the git commit it was built from
/// (written at build time by the BuildInfo plugin, Plugins/BuildInfoPlugin).
public enum BuildInfo {
    /// The release number, as in the Debian package's version.
    public static let version = "0.2.0"

    /// The abbreviated hash (12 hex digits) of the commit the binary was built from, or
    /// "unknown" when it was built outside a git clone.
    public static let commit: String = generatedCommit

    /// Whether the clone held changes not committed (or files not tracked) when it was built.
    public static let treeModified: Bool = generatedTreeModified

    /// `pn532ctl --version`: `0.2.0 (commit 0aa2073c1f2e)`, with `, dirty` when the tree was
    /// modified, or `0.2.0 (commit unknown)`.
    public static var versionLine: String {
        "\(version) (commit \(commit)\(treeModified ? ", dirty" : ""))"
    }
}
