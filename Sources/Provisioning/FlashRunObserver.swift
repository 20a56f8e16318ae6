/// What a flash run tells its front end as it goes, to show progress; called on the run's
/// thread, between tags.
public protocol FlashRunObserver: AnyObject {
    /// Two tags or more are in the field: one must be taken away.
    func moreThanOneTag()
    /// The tag with `uid` (hex) was already written: it is left as it is.
    func skipped(uid: String)
    /// A tag was written, or failed.
    func tag(_ result: FlashTagResult)
}

/// One tag's result in a flash run.
public struct FlashTagResult: Equatable, Sendable {
    /// The UID in upper-case hex.
    public var uid: String
    /// The product, or the card family of a card that is no Type 2 tag; "unknown" before it is identified.
    public var product: String
    /// The message's length, when one was made.
    public var bytes: Int?
    /// The tag's sequence number in the run, from 1.
    public var seq: Int
    /// Why the tag failed; nil for success.
    public var error: String?

    /// The result for tag number `seq` with `uid`.
    public init(uid: String, product: String, bytes: Int?, seq: Int, error: String?) {
        self.uid = uid
        self.product = product
        self.bytes = bytes
        self.seq = seq
        self.error = error
    }
}
