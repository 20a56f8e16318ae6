import NFCTags
import PN532

/// The tag a session is connected to, on its reader thread: which detection it came from,
/// the exchange with it, and the tag it was activated as.
struct ConnectedTag {
    /// The detection number of the tag.
    let detection: Int
    /// Commands to the tag, routed by its technology (InDataExchange for ISO-DEP).
    let exchange: TargetExchange
    /// The tag, activated at connection: its NDEF and its card family.
    let tag: ActivatedTag
}
