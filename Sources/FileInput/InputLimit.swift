/// How many bytes a kind of input may have, and what that input is, for the message that
/// refuses a larger one (`door.toml is larger than 4194304 bytes, the limit for a door configuration`).
public struct InputLimit: Equatable, Sendable {
    /// The most bytes accepted.
    public var bytes: Int
    /// What the input is, with its article: `a door configuration`.
    public var what: String

    /// A limit of `bytes` for `what`.
    public init(bytes: Int, for what: String) {
        self.bytes = max(0, bytes)
        self.what = what
    }
}
