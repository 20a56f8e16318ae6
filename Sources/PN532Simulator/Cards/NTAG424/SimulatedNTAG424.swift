/// What an NTAG 424 DNA keeps in its EEPROM beyond its files' bytes (those are in
/// ``SimulatedTag/files``, E103, E104 and E105 in file number order): the five application
/// keys and their versions, each file's settings, the SDM read counter, the failed
/// authentication counter, Random ID and the originality signature (written from the NTAG 424
/// DNA data sheet as the reference sheet type4-ntag424.md §3–§7 and §10 gives it).
public struct SimulatedNTAG424: Equatable, Sendable {
    /// How a file's data travels: in plain, with a MAC, or enciphered and MACed.
    public enum CommMode: UInt8, Equatable, Sendable {
        /// CommMode.Plain.
        case plain = 0x00
        /// CommMode.MAC: an 8-byte MAC on the command and the answer.
        case mac = 0x01
        /// CommMode.Full: data enciphered (AES-CBC, session IVs) and MACed.
        case full = 0x03
    }

    /// Secure Dynamic Messaging of the NDEF file: what is mirrored where (offsets from the
    /// start of the file, NLEN included).
    public struct SDMSettings: Equatable, Sendable {
        /// SDMOptions: bit 7 UID, bit 6 SDMReadCtr, bit 5 SDMReadCtrLimit, bit 4 encrypted file
        /// data, bit 0 ASCII.
        public var options: UInt8
        /// SDMAccessRights as a value: MetaRead in bits 15–12, FileRead 11–8, RFU 7–4, CtrRet 3–0.
        public var accessRights: UInt16
        /// Where the UID's 14 hex digits go (MetaRead `E`).
        public var uidOffset: Int?
        /// Where SDMReadCtr's 6 hex digits go (MetaRead `E`); FFFFFF counts without mirroring.
        public var readCounterOffset: Int?
        /// Where the 32 hex digits of the encrypted PICCData go (MetaRead a key).
        public var piccDataOffset: Int?
        /// Where the SDMMAC's input starts (FileRead a key).
        public var macInputOffset: Int?
        /// Where the encrypted file data's placeholder starts (SDMOptions bit 4).
        public var encOffset: Int?
        /// The placeholder's length in hex digits, a multiple of 32 (its first half is the
        /// plain data).
        public var encLength: Int?
        /// Where the SDMMAC's 16 hex digits go (FileRead a key).
        public var macOffset: Int?
        /// SDMReadCtrLimit (SDMOptions bit 5).
        public var readCounterLimit: Int?

        var mirrorsUID: Bool { options & 0x80 != 0 }
        var mirrorsCounter: Bool { options & 0x40 != 0 }
        var hasCounterLimit: Bool { options & 0x20 != 0 }
        var encryptsFileData: Bool { options & 0x10 != 0 }
        var metaRead: UInt8 { UInt8(accessRights >> 12) }
        var fileRead: UInt8 { UInt8(accessRights >> 8 & 0xF) }
        var counterRetrieval: UInt8 { UInt8(accessRights & 0xF) }

        /// Settings with these options, rights and offsets (absent ones nil).
        public init(
            options: UInt8, accessRights: UInt16, uidOffset: Int? = nil, readCounterOffset: Int? = nil, piccDataOffset: Int? = nil,
            macInputOffset: Int? = nil, encOffset: Int? = nil, encLength: Int? = nil, macOffset: Int? = nil, readCounterLimit: Int? = nil
        ) {
            self.options = options
            self.accessRights = accessRights
            self.uidOffset = uidOffset
            self.readCounterOffset = readCounterOffset
            self.piccDataOffset = piccDataOffset
            self.macInputOffset = macInputOffset
            self.encOffset = encOffset
            self.encLength = encLength
            self.macOffset = macOffset
            self.readCounterLimit = readCounterLimit
        }
    }

    /// One StandardData file's settings.
    public struct FileSettings: Equatable, Sendable {
        /// How the file's data travels when a key grants the access.
        public var commMode: CommMode
        /// Read in bits 15–12, Write 11–8, ReadWrite 7–4, Change 3–0; `E` free, `F` never.
        public var accessRights: UInt16
        /// SDM settings when SDM and mirroring are on (file 02 only).
        public var sdm: SDMSettings?

        var read: UInt8 { UInt8(accessRights >> 12) }
        var write: UInt8 { UInt8(accessRights >> 8 & 0xF) }
        var readWrite: UInt8 { UInt8(accessRights >> 4 & 0xF) }
        var change: UInt8 { UInt8(accessRights & 0xF) }

        /// Settings in `commMode` with `accessRights`, and `sdm` if SDM is on.
        public init(commMode: CommMode, accessRights: UInt16, sdm: SDMSettings? = nil) {
            self.commMode = commMode
            self.accessRights = accessRights
            self.sdm = sdm
        }
    }

    /// The access nibble that lets anyone in.
    static let free: UInt8 = 0xE

    /// The real UID (7 bytes), which GetCardUID tells even when Random ID hides it.
    public let uid: [UInt8]
    /// The five AES-128 application keys (all zero from the factory).
    public internal(set) var keys: [[UInt8]]
    /// Their versions (00 from the factory).
    public internal(set) var keyVersions: [UInt8]
    /// The settings of files 01 (CC), 02 (NDEF) and 03 (proprietary).
    public internal(set) var fileSettings: [FileSettings]
    /// SDMReadCtr (24 bits).
    public internal(set) var sdmReadCounter: Int = 0
    /// The PICCData random padding of the current "first read".
    var sdmRandomPadding: [UInt8] = []
    /// TotFailCtr: failed authentications, less ``failedAuthenticationDecrement`` per success.
    public internal(set) var failedAuthentications: Int = 0
    /// TotFailCtrLimit: at this count every authentication is refused with `91 AD`.
    public var failedAuthenticationLimit: Int = 1000
    /// TotFailCtrDecr.
    public var failedAuthenticationDecrement: Int = 10
    /// Random ID (SetConfiguration option 00, bit 1): anticollision shows a random `08…` UID.
    public internal(set) var randomID = false
    /// The 56-byte originality signature Read_Sig returns.
    public var signature: [UInt8]
    /// Bytes the card's random generator gives before its own (RndB, TI, PICCData padding),
    /// so that tests replay published exchanges.
    public var queuedRandom: [UInt8] = []
    /// The state of the card's own (repeatable) generator.
    var randomState: UInt64 = 0x424D_4E41_0000_0001

    /// A card as it leaves the factory, with `uid`.
    public init(uid: [UInt8]) {
        self.uid = uid
        keys = [[UInt8]](repeating: [UInt8](repeating: 0, count: 16), count: 5)
        keyVersions = [UInt8](repeating: 0, count: 5)
        fileSettings = [
            FileSettings(commMode: .plain, accessRights: 0xE000),
            FileSettings(commMode: .plain, accessRights: 0xEEE0),
            FileSettings(commMode: .full, accessRights: 0x2330),
        ]
        signature = [UInt8](repeating: 0, count: 56)
    }

    /// Sets key `number` (0 … 4) and its version, as ChangeKey does; false for another number.
    @discardableResult
    public mutating func setKey(_ number: Int, to key: [UInt8], version: UInt8) -> Bool {
        guard keys.indices.contains(number), key.count == 16 else { return false }
        keys[number] = key
        keyVersions[number] = version
        return true
    }

    /// Sets a file's settings directly (tests, keyed cards); false for a file number other
    /// than 1 … 3. Turning SDM on resets SDMReadCtr, as ChangeFileSettings does.
    @discardableResult
    public mutating func setFileSettings(_ number: Int, _ settings: FileSettings) -> Bool {
        guard (1...3).contains(number) else { return false }
        if settings.sdm != nil, fileSettings[number - 1].sdm == nil { sdmReadCounter = 0 }
        fileSettings[number - 1] = settings
        return true
    }

    /// Sets SDMReadCtr (tests replaying a published SUN).
    public mutating func setSDMReadCounter(_ value: Int) {
        sdmReadCounter = max(0, min(value, 0xFF_FFFF))
    }

    /// `count` bytes of the card's random generator: queued bytes first, then SplitMix64.
    mutating func random(_ count: Int) -> [UInt8] {
        var bytes = Array(queuedRandom.prefix(count))
        queuedRandom.removeFirst(bytes.count)
        while bytes.count < count {
            bytes.append(UInt8(truncatingIfNeeded: SimulatedTag.splitMix64(&randomState)))
        }
        return bytes
    }
}

/// What an NTAG 424 DNA keeps while it is selected: the pending authentication and the
/// authenticated session, and which read last touched the SDM file.
struct NTAG424Session: Equatable, Sendable {
    /// Part 1 of an authentication was answered; part 2 (`AF`) must come next.
    struct PendingAuthentication: Equatable, Sendable {
        let first: Bool
        let keyNumber: Int
        let randomB: [UInt8]
    }

    /// An EV2 session.
    struct Authenticated: Equatable, Sendable {
        let keyNumber: Int
        let transactionIdentifier: [UInt8]
        var commandCounter: Int
        let encryptionKey: [UInt8]
        let macKey: [UInt8]
    }

    /// Which path the last SDM read took (a switch counts as a new first read).
    enum ReadPath: Equatable, Sendable {
        case native
        case iso
    }

    var pending: PendingAuthentication?
    var authenticated: Authenticated?
    /// The path of the last command if it was an unauthenticated read of the SDM file.
    var lastSDMRead: ReadPath?
}
