/// One card in the simulated field: a Type 2 tag (NTAG21x, MIFARE Ultralight or Ultralight
/// EV1), a MIFARE Classic, an ISO-DEP card (Type A or B), a Topaz or a FeliCa Lite-S
/// (``TagProduct/family``); its memory and the state a real card keeps while it is powered.
///
/// The PN532 model selects the card with ``activate()`` and passes each command, as it goes on
/// the air without CRC, to ``respond(to:)``. As on a real Type A card, a NAK or a command the
/// card does not know sends it back to the idle state (or to halted, if it was woken from
/// there), and HALT (`50 00`) parks it; either way it answers nothing until it is activated
/// again.
public struct SimulatedTag: Equatable, Sendable {
    /// Where the tag is in the ISO 14443-3 state machine, as far as commands are concerned.
    public enum State: Equatable, Sendable {
        /// Not selected (wakes on REQA or WUPA): answers nothing until
        /// ``SimulatedTag/activate()``.
        case idle
        /// Selected: answers Type 2 commands.
        case active
        /// Halted by `50 00` (HLTB `50 PUPI` or S(DESELECT) for Type B; wakes on WUPA or WUPB
        /// only): answers nothing until ``SimulatedTag/activate()``.
        case halted
    }

    /// The IC this tag is.
    public let product: TagProduct
    /// The whole page image, `pageCount × 4` bytes, including PWD and PACK (which READ returns
    /// as 00).
    public var memory: [UInt8]
    /// The bytes READ_SIG returns: 32, 48 on Ultralight AES.
    public var signature: [UInt8]
    /// The NTAG NFC counter (24 bits), incremented by the first READ or FAST_READ after
    /// activation while NFC_CNT_EN is set.
    public var nfcCounter: Int
    /// Failed PWD_AUTH attempts counted against AUTHLIM; kept across activations, as the
    /// real tag keeps it in EEPROM.
    public internal(set) var failedPasswordAttempts: Int
    /// Where the tag is in the activation state machine.
    public internal(set) var state: State
    /// Whether PWD_AUTH (Ultralight AES: the AES authentication) succeeded since the last
    /// activation.
    public internal(set) var isAuthenticated: Bool
    /// Scripted answers and faults, playing a tag emulator; `nil` for a genuine tag.
    public var script: TagScript?
    /// The identifier of a card whose memory does not hold it: the UID of an ISO-DEP card,
    /// the IDm of a FeliCa card, the PUPI of a Type B card; empty for the others.
    public internal(set) var identifier: [UInt8]
    /// What the card keeps between commands while it is selected (authentication, ISO-DEP).
    var session = CardSession()
    /// The elementary files of an ISO-DEP card's NDEF application (its CC and NDEF files);
    /// empty for a card without one.
    public internal(set) var files: [SimulatedFile] = []
    /// A DESFire's PICC: its key settings, applications and files; nil for other cards.
    public var desfire: SimulatedDESFire?
    /// An NTAG 424 DNA's keys, file settings and counters; nil for other cards.
    public var ntag424: SimulatedNTAG424?
    /// The state of the generator behind a phone's random UIDs.
    var randomState: UInt64 = 0x5EED_0F_9A_0E_0C_0D_E5

    /// The page a COMPATIBILITY WRITE acknowledged and whose 16 data bytes are still to come.
    var pendingCompatibilityWritePage: Int?
    /// Whether the next successful READ or FAST_READ is the first since activation.
    var awaitsFirstRead: Bool
    /// Where an error sends the tag: back to halted if it was woken from there, else idle.
    var stateAfterError: State

    /// A card with exact factory content.
    ///
    /// - Parameters:
    ///   - product: the IC.
    ///   - uid: ``TagProduct/uidLength`` bytes (7 for Type 2, DESFire and Topaz, 4 for MIFARE
    ///     Classic and the Type B card's PUPI, the 8-byte IDm for FeliCa); `nil` takes the
    ///     product's default UID. Other
    ///     lengths are cut or padded with zeros. A phone ignores it: its UID is random. Type 2
    ///     check bytes are computed: BCC0 = 88 ⊕ UID0 ⊕ UID1 ⊕ UID2, BCC1 = UID3 ⊕ … ⊕ UID6.
    ///
    /// The signature is the test-key signature when the UID is one of the test UIDs (the
    /// defaults of NTAG213/215/216 are), 32 zero bytes otherwise.
    public init(product: TagProduct, uid: [UInt8]? = nil) {
        let uid = Self.padded(uid ?? product.defaultUID, to: product.uidLength)
        switch product.family {
        case .type2:
            self.init(product: product, memory: Self.factoryMemory(product: product, uid: uid))
        case .mifareClassic:
            self.init(product: product, memory: Self.classicFactoryMemory(product: product, uid: uid))
        case .jewel:
            self.init(product: product, memory: Self.topazFactoryMemory(product: product, uid: uid))
        case .felica:
            self.init(product: product, memory: Self.feliCaFactoryMemory(product), identifier: uid)
        case .typeB:
            self.init(product: product, memory: [], identifier: uid)
        case .isoDEP:
            self.init(product: product, memory: [], identifier: uid)
            files = product.factoryFiles
            desfire = product.factoryDESFire
            if product.isDESFireEV2 { desfire?.setIdentity(uid: uid) }
            if product == .ntag424 { ntag424 = SimulatedNTAG424(uid: uid) }
            if product.hasRandomUID { identifier = nextRandomUID() }
        }
    }

    /// A card with `memory` as its image, as loaded from a dump, and `identifier`.
    init(product: TagProduct, memory: [UInt8], identifier: [UInt8] = []) {
        self.product = product
        self.memory = memory
        self.identifier = identifier
        self.signature = product == .ultralightAES
            ? Self.ultralightAESSignature(for: Self.uid(in: memory))
            : product.family == .type2 ? TestKeySignatures.signature(for: Self.uid(in: memory)) ?? TestKeySignatures.zero : TestKeySignatures.zero
        self.nfcCounter = 0
        self.failedPasswordAttempts = 0
        self.state = .idle
        self.isAuthenticated = false
        self.script = nil
        self.pendingCompatibilityWritePage = nil
        self.awaitsFirstRead = false
        self.stateAfterError = .idle
    }

    /// A MIFARE Ultralight without a Capability Container: page 3 and all data pages are 00,
    /// so a reader must format it before it holds NDEF.
    public static func blank(uid: [UInt8]? = nil) -> SimulatedTag {
        let uid = sevenBytes(uid ?? blankUID)
        var memory = factoryMemory(product: .ultralight, uid: uid)
        memory.replaceSubrange(12..<memory.count, with: repeatElement(0, count: memory.count - 12))
        return SimulatedTag(product: .ultralight, memory: memory)
    }

    /// The UID: for Type 2 the 7 bytes in pages 0–2 of ``memory``, for MIFARE Classic the 4
    /// of block 0, for a Topaz the 7 of block 0, else ``identifier`` (FeliCa: the IDm, Type B:
    /// the PUPI).
    public var uid: [UInt8] {
        switch product.family {
        case .type2: Self.uid(in: memory)
        case .mifareClassic: Array(memory.prefix(4))
        case .jewel: Array(memory.prefix(7))
        case .isoDEP, .felica, .typeB: identifier
        }
    }

    /// SENS_RES (ATQA) as the PN532 reports it, most significant byte first (``TagProduct/atqa``);
    /// an NTAG 424 DNA showing a random 4-byte UID (Random ID) answers `03 04`.
    /// A DESFire EV2/EV3 under Random ID answers the same.
    public var atqa: [UInt8] { (ntag424 != nil || desfire?.randomID == true) && identifier.count == 4 ? [0x03, 0x04] : product.atqa }

    /// SEL_RES (SAK) (``TagProduct/sak``).
    public var sak: UInt8 { product.sak }

    /// Selects the tag, as anticollision and SELECT do after the field comes up (WUPA for a
    /// halted tag): the tag answers commands again, forgets a PWD_AUTH and a half-done
    /// COMPATIBILITY WRITE, and its next successful READ or FAST_READ counts as the first one
    /// (NFC counter). A tag woken from halted returns there after an error, others to idle.
    public mutating func activate() {
        stateAfterError = state == .halted ? .halted : .idle
        state = .active
        isAuthenticated = false
        pendingCompatibilityWritePage = nil
        awaitsFirstRead = true
        session = CardSession()
    }

    /// The tag loses power (RF field off, or it leaves the field): it comes back idle, with
    /// no authentication and no half-done COMPATIBILITY WRITE. A phone comes back with a new
    /// random UID.
    public mutating func powerOff() {
        state = .idle
        stateAfterError = .idle
        isAuthenticated = false
        pendingCompatibilityWritePage = nil
        session = CardSession()
        if product.hasRandomUID || ntag424?.randomID == true || desfire?.randomID == true { identifier = nextRandomUID() }
        applyLiteSConfiguration()
    }

    /// HLTA: the tag halts; only a WUPA or a power cycle wakes it.
    public mutating func halt() {
        state = .halted
        stateAfterError = .halted
        isAuthenticated = false
        pendingCompatibilityWritePage = nil
        session = CardSession()
    }

    /// The default UID of ``blank(uid:)``.
    static let blankUID: [UInt8] = [0x04, 0x42, 0x4C, 0x4B, 0x00, 0x00, 0x01]

    /// `bytes` cut or zero-padded to 7 bytes.
    static func sevenBytes(_ bytes: [UInt8]) -> [UInt8] {
        padded(bytes, to: 7)
    }

    /// `bytes` cut or zero-padded to `count` bytes.
    static func padded(_ bytes: [UInt8], to count: Int) -> [UInt8] {
        Array(bytes.prefix(count)) + [UInt8](repeating: 0, count: max(0, count - bytes.count))
    }

    /// UID0–UID2 from page 0 and UID3–UID6 from page 1 of a page image (zeros where the
    /// image is too short).
    static func uid(in memory: [UInt8]) -> [UInt8] {
        [0, 1, 2, 4, 5, 6, 7].map { $0 < memory.count ? memory[$0] : 0 }
    }
}

