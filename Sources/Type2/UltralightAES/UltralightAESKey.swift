import Credentials

/// The AES keys of a MIFARE Ultralight AES, by the number the authentication names
/// (type4-ntag424.md §8.4).
public enum UltralightAESKey: UInt8, CaseIterable, Hashable, Sendable {
    /// DataProtKey: opens the pages from AUTH0 on. Pages 30h–33h.
    case dataProtection = 0x00
    /// UIDRetrKey: reveals the real UID when random ID is on. Pages 34h–37h.
    case uidRetrieval = 0x01
    /// OriginalityKey: NXP's, for an AES originality check; not writable.
    case originality = 0x02

    /// The first of the key's 4 pages, nil for the originality key (not in user memory).
    public var firstPage: Int? {
        switch self {
        case .dataProtection: 0x30
        case .uidRetrieval: 0x34
        case .originality: nil
        }
    }

    /// The 4 pages that store `key`: the 16 bytes fully reversed (the first page's byte 0 is
    /// key byte 15), 4 bytes a page.
    public static func pages(storing key: AESKey) -> [[UInt8]] {
        let reversed = Array(key.bytes.reversed())
        return stride(from: 0, to: AESKey.length, by: 4).map { Array(reversed[$0..<$0 + 4]) }
    }
}
