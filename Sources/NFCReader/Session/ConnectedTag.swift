import NFCTags
import PN532
import Type2

/// The tag a session is connected to, on its reader thread: which detection it came from,
/// the exchange with it, and its Type 2 layer when it is a Type 2 tag (the only NDEF this
/// library reads).
struct ConnectedTag {
    /// The detection number of the tag.
    let detection: Int
    /// Commands to the tag, routed by its technology (InDataExchange for ISO-DEP).
    let exchange: TargetExchange
    /// The tag's Type 2 layer, identified at connection; nil for other families.
    let type2: Type2Tag?
    /// The card family, from the activation bytes (and the product, for Type 2).
    let family: CardFamily
}
