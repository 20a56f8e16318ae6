import EV2SecureMessaging
import NDEF

/// What the reader learned from one tag presentation: the input of a decision.
public struct Presentation: Equatable, Sendable {
    /// The UID from the RF layer (anticollision), not from the tag's memory.
    public var uid: [UInt8]
    /// The product name when identified (`NTAG215`).
    public var product: String?
    /// The NDEF message, when the tag holds one that decoded.
    public var message: NDEFMessage?
    /// The originality signature (READ_SIG), when read.
    public var signature: [UInt8]?
    /// Why reading the tag failed part-way, if it did (the UID is still known).
    public var readError: String?
    /// True when more than one tag was in the field: always denied.
    public var multipleTags: Bool
    /// Why no NDEF message was read from a card of another family than Type 2 (`not an NDEF
    /// tag we can read: MIFARE Classic 1K`); its UID still matches `uid` rules.
    public var ndefRefusal: String?
    /// The keyed card's challenge (an NTAG 424 DNA when `[credentials.ntag424]` is set, a
    /// DESFire when `[credentials.desfire]` is, an Ultralight AES when
    /// `[credentials.ultralight_aes]` is): the proven card, or why it failed; nil when no
    /// challenge was run.
    public var keyedCard: KeyedCardReading?
    /// The family whose challenge `keyedCard` is (nil: NTAG 424 DNA).
    public var keyedFamily: KeyedFamily?
    /// The card's family by its activation bytes (for `uid_family`); nil when unknown.
    public var family: UIDFamily?

    /// A presentation.
    public init(uid: [UInt8], product: String? = nil, message: NDEFMessage? = nil, signature: [UInt8]? = nil, readError: String? = nil, multipleTags: Bool = false, ndefRefusal: String? = nil) {
        self.uid = uid
        self.product = product
        self.message = message
        self.signature = signature
        self.readError = readError
        self.multipleTags = multipleTags
        self.ndefRefusal = ndefRefusal
    }
}

/// What the challenge of a keyed card gave.
public enum KeyedCardReading: Equatable, Sendable {
    /// The card proved its key: its real UID and signature.
    case proven(EV2ProvenCard)
    /// The card did not prove it.
    case failed(EV2ProofFailure)
    /// A card whose authentication is not EV2's (an Ultralight AES) answered and failed it
    /// (a wrong key, a clone), in words.
    case refused(String)
}
