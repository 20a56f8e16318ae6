/// How SAMConfiguration sets up the secure access module path; the raw value is its Mode byte.
public enum SAMMode: UInt8, Hashable, Sendable, CaseIterable {
    /// No SAM is used: the mode of a plain reader.
    case normal = 0x01
    /// The PN532 and the SAM are seen as one contactless card from outside.
    case virtualCard = 0x02
    /// The host talks to the SAM through the PN532.
    case wiredCard = 0x03
    /// Both the PN532 and the SAM are visible from outside as separate targets.
    case dualCard = 0x04
}
