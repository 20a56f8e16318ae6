/// The PICC of a simulated MIFARE DESFire EV1, EV2 or EV3: its master key settings, its
/// applications and their standard data files, in a bounded memory (written from the DESFire
/// native command set as the reference sheet gives it, type1-type3-desfire-ndef.md §3.2–3.3).
///
/// No DES key is ever authenticated here (the simulator has no DES): on an EV1 a command that
/// needs a key is refused as a real card refuses it without authentication. An EV2/EV3's AES
/// keys authenticate (SimulatedDESFire+EV2.swift).
public struct SimulatedDESFire: Equatable, Sendable {
    /// One application: its AID (3 bytes as sent on the wire, LSB first), key settings, ISO
    /// file identifier and DF name, and its files.
    public struct Application: Equatable, Sendable {
        /// The AID as the wire carries it (`01 00 00` for AID 000001).
        public let identifier: [UInt8]
        /// KS1: bit 2 (`04`) set lets anyone create and delete files without the application
        /// master key.
        public let keySettings: UInt8
        /// KS2: the number of keys (low nibble), `20` when the application has ISO file
        /// identifiers, the crypto method in bits 7–6.
        public let keyCount: UInt8
        /// The ISO/IEC 7816-4 file identifier of the application (DF), if it has one.
        public let isoFileID: UInt16?
        /// The ISO/IEC 7816-4 DF name (`D2 76 00 00 85 01 01` for the NDEF application), empty
        /// when none was given.
        public let dfName: [UInt8]
        /// Its files, in the order they were created.
        public internal(set) var files: [File]
        /// Its AES keys by number (all zero when created) on a DESFire EV2/EV3 whose KS2 says AES
        /// (bits 7–6 `10`); empty otherwise (the simulator has no DES).
        public internal(set) var keys: [[UInt8]] = []
        /// The versions of ``keys`` (00 when created).
        public internal(set) var keyVersions: [UInt8] = []

        /// True when KS2 says the application's files carry ISO file identifiers.
        var hasISOFileIDs: Bool { keyCount & 0x20 != 0 }
    }

    /// A standard data file.
    public struct File: Equatable, Sendable {
        /// The native file number (0 … 31).
        public let number: UInt8
        /// Its ISO/IEC 7816-4 file identifier, if its application has them.
        public let isoFileID: UInt16?
        /// Communication settings: `00` plain, `01` MACed, `03` enciphered.
        public let communication: UInt8
        /// Access rights, as a value: read key in bits 15–12, write key 11–8, read-and-write
        /// key 7–4, change key 3–0; `E` is free access, `F` never.
        public let accessRights: UInt16
        /// Its bytes (zeros when created); the size never changes.
        public internal(set) var data: [UInt8]

        /// The access key nibble `E`: anyone.
        static let freeAccess: UInt16 = 0xE

        /// Readable without a key: the read or the read-and-write right is free.
        var freeRead: Bool { accessRights >> 12 == Self.freeAccess || (accessRights >> 4) & 0xF == Self.freeAccess }
        /// Writable without a key: the write or the read-and-write right is free.
        var freeWrite: Bool { (accessRights >> 8) & 0xF == Self.freeAccess || (accessRights >> 4) & 0xF == Self.freeAccess }
        /// Plain communication (READ BINARY and UPDATE BINARY carry no MAC).
        var isPlain: Bool { communication & 0x03 == 0 }
    }

    /// The PICC master key settings: bit 1 (`02`) lets anyone list the applications, bit 2
    /// (`04`) lets anyone create applications, without the PICC master key. `0F` leaves the
    /// factory.
    public let piccKeySettings: UInt8
    /// The bytes the files may take in all (allocated in blocks of ``allocationBlock``).
    public let memorySize: Int
    /// The applications, in the order they were created.
    public internal(set) var applications: [Application]
    /// DESFire EV2/EV3: the real UID, which GetCardUID tells even under Random ID; empty on EV1.
    public internal(set) var uid: [UInt8] = []
    /// DESFire EV2/EV3: the 56-byte originality signature Read_Sig returns; empty on EV1, which
    /// has no Read_Sig.
    public var signature: [UInt8] = []
    /// DESFire EV2/EV3: the PICC master key when it is an AES key; nil for the factory's DES key
    /// (all zero), which the simulator cannot authenticate (it has no DES).
    public internal(set) var piccMasterKey: [UInt8]?
    /// The PICC master key's version.
    public internal(set) var piccMasterKeyVersion: UInt8 = 0
    /// DESFire EV2/EV3 Random ID (SetConfiguration option 00, bit 1): anticollision shows a
    /// random `08…` UID.
    public internal(set) var randomID = false
    /// Bytes the card's random generator gives before its own (RndB, TI), so that tests and
    /// fuzzing replay published exchanges.
    public var queuedRandom: [UInt8] = []
    /// The state of the card's own (repeatable) random generator (RndB, TI).
    var randomState: UInt64 = 0xDE5F_1E00_0000_0002

    /// A file takes memory in blocks of 32 bytes.
    static let allocationBlock = 32
    /// The most applications a DESFire EV1 holds.
    static let maximumApplications = 28
    /// The most files an application holds (file numbers 0 … 31).
    static let maximumFiles = 32

    /// A PICC with `piccKeySettings`, `memorySize` bytes for files and `applications`.
    public init(piccKeySettings: UInt8 = 0x0F, memorySize: Int, applications: [Application] = []) {
        self.piccKeySettings = piccKeySettings
        self.memorySize = memorySize
        self.applications = applications
    }

    /// The memory the files take: each file's size rounded up to whole blocks.
    var usedMemory: Int {
        applications.reduce(0) { total, application in
            application.files.reduce(total) { $0 + Self.allocation($1.data.count) }
        }
    }

    /// `size` rounded up to whole allocation blocks.
    static func allocation(_ size: Int) -> Int {
        (size + allocationBlock - 1) / allocationBlock * allocationBlock
    }

    /// The NDEF application's DF name.
    static let ndefApplicationName: [UInt8] = [0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01]

    /// A DESFire formatted for NDEF as libfreefare formats one (mapping 2.0): application
    /// 000001 (KS1 `0F`, KS2 `21`, ISO FID E110, DF name D2760000850101) with file 01 (ISO
    /// E103, the 15-byte CC `00 0F 20 00 3B 00 34 04 06 E1 04 08 00 00 00`, read free, write
    /// with key 0: access `E000`) and file 02 (ISO E104, 2048 bytes, read and write free:
    /// access `EEE0`), NLEN 0.
    static func formattedForNDEF(memorySize: Int) -> SimulatedDESFire {
        let cc: [UInt8] = [0x00, 0x0F, 0x20, 0x00, 0x3B, 0x00, 0x34, 0x04, 0x06, 0xE1, 0x04, 0x08, 0x00, 0x00, 0x00]
        let application = Application(
            identifier: [0x01, 0x00, 0x00], keySettings: 0x0F, keyCount: 0x21, isoFileID: 0xE110, dfName: ndefApplicationName,
            files: [
                File(number: 0x01, isoFileID: 0xE103, communication: 0x00, accessRights: 0xE000, data: cc),
                File(number: 0x02, isoFileID: 0xE104, communication: 0x00, accessRights: 0xEEE0, data: [UInt8](repeating: 0, count: 2048)),
            ])
        return SimulatedDESFire(memorySize: memorySize, applications: [application])
    }
}

extension TagProduct {
    /// The DESFire PICC a DESFire product leaves the factory with; nil for other products.
    /// The memory is the size GetVersion's storage byte announces (`18`: 4096 bytes).
    /// - `desfire`: no application, PICC key settings `0F` (the factory's).
    /// - `desfire-ndef`: formatted for NDEF (``SimulatedDESFire/formattedForNDEF(memorySize:)``).
    /// - `desfire-keyed`: no application, PICC key settings `0B`: creating an application
    ///   needs the PICC master key.
    /// - `desfire-ev2`, `desfire-ev3`: no application, PICC key settings `0F`, the DES PICC
    ///   master key (``SimulatedTag/init(product:uid:)`` adds the UID and signature).
    var factoryDESFire: SimulatedDESFire? {
        guard let storage = nxpVersion?.hardware[5], isDESFire else { return nil }
        let memory = 1 << Int(storage >> 1)
        switch self {
        case .desfireEV2, .desfireEV3: return SimulatedDESFire(memorySize: memory)
        case .desfireNDEF: return .formattedForNDEF(memorySize: memory)
        case .desfireKeyed: return SimulatedDESFire(piccKeySettings: 0x0B, memorySize: memory)
        default: return SimulatedDESFire(memorySize: memory)
        }
    }

    /// The MIFARE DESFire products.
    var isDESFire: Bool {
        switch self {
        case .desfire, .desfireNDEF, .desfireKeyed, .desfireEV2, .desfireEV3: true
        default: false
        }
    }
}
