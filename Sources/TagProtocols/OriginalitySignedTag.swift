/// A tag whose chip holds its maker's signature of its UID (NXP's originality signature),
/// read without a key: what a check for genuine tags asks of a tag whatever its type.
public protocol OriginalitySignedTag: AnyObject {
    /// The signature as the tag returns it (r ‖ s over the UID).
    ///
    /// - Throws: `.unsupported` for a product without one, or the exchange's failure.
    func readOriginalitySignature() throws(TagFailure) -> [UInt8]
}
