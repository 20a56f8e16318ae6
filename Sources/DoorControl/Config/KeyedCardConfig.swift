/// `[credentials.ntag424]`, `[credentials.desfire]` or `[credentials.ultralight_aes]`: how the door challenges a keyed card for
/// a credential of its family (a user's `ntag424 = ["04:…"]` or `desfire = ["04:…"]`, real UIDs).
///
/// The card must prove key `keyNumber`, which holds, on an NTAG 424 DNA, AN10922(master key,
/// real UID ‖ key number ‖ system id) (`pn532ctl key derive --master-key-file F --uid UID
/// --key-number N [--system-id S]`), and on a DESFire EV2/EV3, AN10922(master key, real UID ‖
/// AID ‖ system id) (`pn532ctl key derive --master-key-file F --uid UID --aid AID [--system-id S]`);
/// an Ultralight AES proves its DataProtKey, AN10922(master key, UID ‖ system id) (`pn532ctl key
/// derive --master-key-file F --uid UID [--system-id S]`), and has no key number (0 here),
/// rotation or UID key.
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

    /// The family the section is for.
    public var family: KeyedFamily
    /// The DESFire application's AID, 3 bytes in wire order (LSB first: `F5 42 01` for AID
    /// 0142F5), as `application` spells it; empty for an NTAG 424 DNA.
    public var application: [UInt8]
    /// The application key the card must prove (0 … 4 on an NTAG 424 DNA, 0 … 13 on a DESFire).
    public var keyNumber: UInt8
    /// The master keys: one (`master_key_file`), or several during a rotation (`master_keys`).
    public var masterKeys: [MasterKey]
    /// Bytes after the UID in the diversification input (`system_id`, hex); empty by default.
    public var systemIdentifier: [UInt8]
    /// For cards with a random anticollision UID: the key number and the file of a key shared by
    /// every card, used only to read the real UID (GetCardUID). Nil: such cards are refused.
    public var uidKey: (keyNumber: UInt8, path: String)?
    /// Refuse a card whose originality signature does not verify against NXP's key for its family.
    public var requireGenuine: Bool

    /// A keyed-card section.
    public init(
        family: KeyedFamily = .ntag424, application: [UInt8] = [], keyNumber: UInt8, masterKeys: [MasterKey], systemIdentifier: [UInt8] = [],
        uidKey: (keyNumber: UInt8, path: String)? = nil, requireGenuine: Bool = true
    ) {
        self.family = family
        self.application = application
        self.keyNumber = keyNumber
        self.masterKeys = masterKeys
        self.systemIdentifier = systemIdentifier
        self.uidKey = uidKey
        self.requireGenuine = requireGenuine
    }

    public static func == (lhs: KeyedCardConfig, rhs: KeyedCardConfig) -> Bool {
        lhs.family == rhs.family && lhs.application == rhs.application && lhs.keyNumber == rhs.keyNumber && lhs.masterKeys == rhs.masterKeys
            && lhs.systemIdentifier == rhs.systemIdentifier && lhs.uidKey?.keyNumber == rhs.uidKey?.keyNumber && lhs.uidKey?.path == rhs.uidKey?.path && lhs.requireGenuine == rhs.requireGenuine
    }
}
