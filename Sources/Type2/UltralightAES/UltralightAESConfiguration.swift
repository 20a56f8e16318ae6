/// The configuration pages of a MIFARE Ultralight AES, decoded: CFG0 (page 29h), CFG1 (2Ah)
/// and the key lock page (2Dh).
///
/// Layout after proxmark3 (`cmdhfmfu.c`) and Flipper Zero's reader, which cite the data sheet's
/// tables; the reference (type4-ntag424.md §8.4) marks the bit positions as not checked against
/// the data sheet itself.
public struct UltralightAESConfiguration: Hashable, Sendable {
    /// The page of CFG0; CFG1 follows.
    public static let firstPage = 0x29
    /// The page of the key lock bits.
    public static let keyLockPage = 0x2D
    /// The bytes ``init(pages:)`` decodes: pages 29h to 2Dh, 4 bytes each.
    public static let byteCount = (keyLockPage - firstPage + 1) * 4
    /// The AUTH0 value past the last page: protection off.
    public static let protectionOff: UInt8 = 0x3C

    /// CFG0 byte 0 bit 0: the card answers anticollision with a random UID.
    public var randomID: Bool
    /// CFG0 byte 0 bit 1: every command after authentication carries a CMAC.
    public var secureMessaging: Bool
    /// AUTH0 (CFG0 byte 3): the first page that needs authentication; 3Ch or more: none.
    public var firstProtectedPage: UInt8
    /// CFG1 byte 0 bit 7 (PROT): reads from AUTH0 on need authentication too, not only writes.
    public var protectsReads: Bool
    /// CFG1 byte 0 bit 6 (CFGLCK): the user configuration is permanently read-only.
    public var configurationLocked: Bool
    /// CFG1 byte 0 bit 3: counter 2 can be incremented without authentication.
    public var counterIncrementFree: Bool
    /// CFG1 byte 0 bit 2: counter 2 can be read without authentication.
    public var counterReadFree: Bool
    /// AUTHLIM (CFG1 bytes 2–3, 10 bits): failed authentications allowed before the protected
    /// memory is locked for good; 0 is no limit.
    public var authenticationLimit: Int
    /// Key lock page byte 0 bit 0: the DataProtKey (key 0) can no longer be written.
    public var dataProtectionKeyLocked: Bool
    /// Key lock page byte 0 bit 1: the UIDRetrKey (key 1) can no longer be written.
    public var uidRetrievalKeyLocked: Bool

    /// Decodes pages 29h to 2Dh as read (``byteCount`` bytes); nil for any other length.
    public init?(pages: [UInt8]) {
        guard pages.count == Self.byteCount else { return nil }
        let cfg0 = 0, cfg1 = 4, lock = (Self.keyLockPage - Self.firstPage) * 4
        randomID = pages[cfg0] & 0x01 != 0
        secureMessaging = pages[cfg0] & 0x02 != 0
        firstProtectedPage = pages[cfg0 + 3]
        protectsReads = pages[cfg1] & 0x80 != 0
        configurationLocked = pages[cfg1] & 0x40 != 0
        counterIncrementFree = pages[cfg1] & 0x08 != 0
        counterReadFree = pages[cfg1] & 0x04 != 0
        authenticationLimit = Int(pages[cfg1 + 2]) | Int(pages[cfg1 + 3] & 0x03) << 8
        dataProtectionKeyLocked = pages[lock] & 0x01 != 0
        uidRetrievalKeyLocked = pages[lock] & 0x02 != 0
    }

    /// True when some page needs authentication (AUTH0 below 3Ch).
    public var isProtected: Bool { firstProtectedPage < Self.protectionOff }
}
