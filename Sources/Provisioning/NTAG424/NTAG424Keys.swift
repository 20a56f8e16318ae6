import Credentials

/// The keys `ntag424 provision` gives a card, and what each is for.
///
/// Every application key but the PICCData key is the card's own: AN10922 AES-128
/// diversification of the site master key over
///
///     M = UID (7 bytes) ‖ key number (1 byte) ‖ system identifier (0 … 23 bytes)
///
/// (``KeyDiversification/ntag424CardKey(master:uid:keyNumber:systemIdentifier:)``, the one the
/// door's `[credentials.ntag424]` challenges with), so `pn532ctl key derive --master-key-file F
/// --uid UID --key-number K [--system-id S]` prints key K of a card. The PICCData key (SDMMetaRead, key 2) is one key for every card, from its own
/// file: a verifier learns the UID only by decrypting PICCData, so that key cannot depend on
/// the UID. The card's factory keys are all zero, version 00.
public struct NTAG424Keys: Sendable {
    /// Key 0, the application master key: changes keys, file settings and configuration.
    public static let applicationMaster: UInt8 = 0
    /// Key 1, SDMFileRead: SDMMAC and the encrypted file data (diversified).
    public static let sdmFileRead: UInt8 = 1
    /// Key 2, SDMMetaRead: encrypts PICCData (the site's PICCData key, not diversified).
    public static let sdmMetaRead: UInt8 = 2
    /// Key 3: writes the NDEF file (its Write and ReadWrite rights).
    public static let ndefWrite: UInt8 = 3
    /// Key 4: free for the door's challenge (a door credential proves it).
    public static let door: UInt8 = 4
    /// The application keys of an NTAG 424 DNA.
    public static let numbers: ClosedRange<UInt8> = 0...4
    /// The most system identifier bytes: UID (7) and key number (1) leave 23 of AN10922's 31.
    public static let maximumSystemIdentifierLength = KeyDiversification.maximumInputLength - 8

    /// The site master key.
    public let master: AESKey
    /// The site's PICCData key (key 2 of every card).
    public let piccKey: AESKey
    /// Bytes after the key number in the diversification input.
    public let systemIdentifier: [UInt8]
    /// The version every changed key gets (1 … 255: 00 is the factory's, and versions are how
    /// an interrupted run is found again).
    public let version: UInt8

    /// The keys of a site; nil for version 0 or a system identifier past 23 bytes.
    public init?(master: AESKey, piccKey: AESKey, systemIdentifier: [UInt8] = [], version: UInt8 = 1) {
        guard version != 0, systemIdentifier.count <= Self.maximumSystemIdentifierLength else { return nil }
        self.master = master
        self.piccKey = piccKey
        self.systemIdentifier = systemIdentifier
        self.version = version
    }

    /// The AN10922 input of key `number` of the card with `uid`: `UID ‖ number ‖ system id`.
    public func diversificationInput(_ number: UInt8, uid: [UInt8]) -> [UInt8] {
        KeyDiversification.input(uid: uid, keyNumber: number, systemIdentifier: systemIdentifier) ?? []
    }

    /// Key `number` of the card with the 7-byte `uid`.
    public func key(_ number: UInt8, uid: [UInt8]) -> AESKey {
        if number == Self.sdmMetaRead { return piccKey }
        guard let key = KeyDiversification.ntag424CardKey(master: master, uid: uid, keyNumber: number, systemIdentifier: systemIdentifier) else {
            preconditionFailure("UID, key number and at most 23 system identifier bytes fit AN10922's 31")
        }
        return key
    }
}
