/// `[credentials.ntag424]`: how the door challenges an NTAG 424 DNA for an `ntag424`
/// credential (a user's `ntag424 = ["04:…"]`, real UIDs).
///
/// The card must prove key `keyNumber`, which holds AN10922(master key, real UID ‖ system id)
/// (`pn532ctl key derive --master-key-file F --uid UID [--system-id S]`).
public struct KeyedCardConfig: Equatable, Sendable {
    /// One site master key file and the key version the cards keyed with it carry.
    public struct MasterKey: Equatable, Sendable {
        /// The card key's version (GetKeyVersion); nil with a single `master_key_file`, whose
        /// version is not asked.
        public var version: UInt8?
        /// The AES-128 key file (16 bytes raw or 32 hex digits, mode 600).
        public var path: String

        /// A master key.
        public init(version: UInt8?, path: String) {
            self.version = version
            self.path = path
        }
    }

    /// The application key the card must prove (0 … 4).
    public var keyNumber: UInt8
    /// The master keys: one (`master_key_file`), or several during a rotation (`master_keys`).
    public var masterKeys: [MasterKey]
    /// Bytes after the UID in the diversification input (`system_id`, hex); empty by default.
    public var systemIdentifier: [UInt8]
    /// For cards with a random anticollision UID: the key number and the file of a key shared by
    /// every card, used only to read the real UID (GetCardUID). Nil: such cards are refused.
    public var uidKey: (keyNumber: UInt8, path: String)?
    /// Refuse a card whose originality signature does not verify against NXP's NTAG 424 DNA key.
    public var requireGenuine: Bool

    /// A keyed-card section.
    public init(
        keyNumber: UInt8, masterKeys: [MasterKey], systemIdentifier: [UInt8] = [], uidKey: (keyNumber: UInt8, path: String)? = nil,
        requireGenuine: Bool = true
    ) {
        self.keyNumber = keyNumber
        self.masterKeys = masterKeys
        self.systemIdentifier = systemIdentifier
        self.uidKey = uidKey
        self.requireGenuine = requireGenuine
    }

    public static func == (lhs: KeyedCardConfig, rhs: KeyedCardConfig) -> Bool {
        lhs.keyNumber == rhs.keyNumber && lhs.masterKeys == rhs.masterKeys && lhs.systemIdentifier == rhs.systemIdentifier
            && lhs.uidKey?.keyNumber == rhs.uidKey?.keyNumber && lhs.uidKey?.path == rhs.uidKey?.path && lhs.requireGenuine == rhs.requireGenuine
    }
}
