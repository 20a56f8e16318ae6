/// A tag a tag reader session found, by family, as Core NFC's `NFCTag`.
public enum NFCTag: Sendable, CustomStringConvertible {
    /// An ISO 14443-A tag (NTAG, MIFARE Ultralight, and for now every other type A card).
    case miFare(NFCMiFareTag)

    /// The tag's NDEF side: every family here can be asked its NDEF status.
    public var ndefTag: any NFCNDEFTag {
        switch self {
        case .miFare(let tag): tag
        }
    }

    /// The UID.
    public var identifier: [UInt8] {
        switch self {
        case .miFare(let tag): tag.identifier
        }
    }

    /// True while the tag is connected in a session that has not ended.
    public var isAvailable: Bool { ndefTag.isAvailable }

    /// The family and UID, e.g. `MIFARE ultralight 04A1B2C3D4E5F6`.
    public var description: String {
        switch self {
        case .miFare(let tag): tag.description
        }
    }
}
