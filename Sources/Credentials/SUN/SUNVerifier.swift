/// Verifies NTAG 424 DNA Secure Unique NFC (SUN / SDM, AES mode) messages with no reader, as a
/// web backend receives them in a URL: decrypts the PICCData with the SDM meta-read key (or reads
/// the plain UID and counter), derives the SDM session keys from the SDM file-read key with the
/// UID and counter, checks the SDMMAC in constant time, then decrypts the file data.
///
/// A valid message is not a fresh one: anyone can store and resend a SUN URL, so a verifier must
/// also refuse a counter not above the last accepted one for the UID (``SUNCounterFile``).
public struct SUNVerifier: Sendable {
    /// The longest URL read (an NTAG 424 DNA's NDEF file is 256 bytes).
    public static let maximumURLLength = 2048
    /// The most query parameters read.
    public static let maximumParameters = 64
    /// The most file-data hex digits read (the NDEF file's 256 bytes, in whole AES blocks).
    public static let maximumFileDataDigits = 512
    /// The UID length (bytes) of NTAG 424 DNA.
    public static let uidLength = 7
    /// The PICCDataTag of a 7-byte UID and the counter, both mirrored.
    static let piccDataTag: UInt8 = 0xC7

    /// The SDM meta-read key, which decrypts the PICCData; nil for plain mirroring.
    public let piccKey: AESKey?
    /// The SDM file-read key, from which the session MAC and ENC keys are derived.
    public let macKey: MACKey
    /// The layout; nil: recognised by the PICCData parameter (``SUNLayout/encrypted``) with a
    /// PICC key, ``SUNLayout/plain`` without one.
    public let layout: SUNLayout?

    /// The SDM file-read key: one for every tag, or each tag's own.
    public enum MACKey: Hashable, Sendable {
        /// The same key on every tag.
        case shared(AESKey)
        /// Each tag's key diversified from a master key (AN10922 AES-128) over the tag's UID ‖
        /// `applicationID` ‖ `systemIdentifier`, as `pn532ctl key derive` prints it.
        case diversified(master: AESKey, applicationID: [UInt8], systemIdentifier: [UInt8])

        /// The key of the tag with `uid`; nil when UID, AID and system identifier pass
        /// AN10922's 31 bytes.
        public func key(uid: [UInt8]) -> AESKey? {
            switch self {
            case .shared(let key): key
            case let .diversified(master, applicationID, systemIdentifier):
                KeyDiversification.input(uid: uid, applicationID: applicationID, systemIdentifier: systemIdentifier)
                    .flatMap { KeyDiversification.aes128(master: master, input: $0) }
            }
        }
    }

    /// A verifier with these keys, for `layout` (nil: recognised).
    public init(piccKey: AESKey?, macKey: AESKey, layout: SUNLayout? = nil) {
        self.init(piccKey: piccKey, macKey: .shared(macKey), layout: layout)
    }

    /// A verifier with these keys, the MAC key shared or each tag's own, for `layout` (nil: recognised).
    public init(piccKey: AESKey?, macKey: MACKey, layout: SUNLayout? = nil) {
        self.piccKey = piccKey
        self.macKey = macKey
        self.layout = layout
    }

    /// The message in `url`.
    ///
    /// - Throws: ``SUNError``: malformed input (``SUNError/isMalformed``) before any key is
    ///   used, then `.piccDataTag` or `.wrongMAC` when a check fails.
    public func verify(url: String) throws(SUNError) -> SUNMessage {
        let query = try SUNQuery(url)
        let layout: SUNLayout
        if let chosen = self.layout { layout = chosen } else { layout = try recognised(in: query) }
        let uid: [UInt8], counter: UInt32
        if let name = layout.piccData {
            guard let piccKey else { throw .piccKeyNeeded(parameter: name) }
            let encrypted = try query.hexValue(name, digits: 2 * AESKey.length)
            (uid, counter) = try Self.piccData(encrypted, key: piccKey)
        } else {
            uid = try query.hexValue(layout.uid ?? "uid", digits: 2 * Self.uidLength)
            counter = Self.integer(try query.hexValue(layout.counter ?? "ctr", digits: 6))
        }
        let mac = try query.hexValue(layout.mac, digits: 16)
        var fileData: [UInt8]?
        if let name = layout.fileData, try query.parameter(name) != nil {
            fileData = try query.hexValue(name, digits: Self.maximumFileDataDigits, multipleOf: 2 * AESKey.length)
        }
        let input = try macInput(query, layout: layout, hasFileData: fileData != nil)
        guard let fileReadKey = macKey.key(uid: uid) else { throw .diversificationInput }
        let counterBytes = Self.littleEndian(counter)
        let macSessionKey = Self.sessionKey(fileReadKey, vector: [0x3C, 0xC3, 0x00, 0x01, 0x00, 0x80] + uid + counterBytes)
        guard SignedToken.constantTimeEqual(macSessionKey.truncatedCMAC(input), mac) else { throw .wrongMAC }
        let plainFileData = fileData.map { data in
            let encryptionKey = Self.sessionKey(fileReadKey, vector: [0xC3, 0x3C, 0x00, 0x01, 0x00, 0x80] + uid + counterBytes)
            let iv = encryptionKey.encrypt(block: counterBytes + [UInt8](repeating: 0, count: AESKey.length - counterBytes.count))
            return encryptionKey.cbcDecrypt(data, iv: iv) ?? []
        }
        return SUNMessage(uid: uid, counter: counter, fileData: plainFileData, piccDataEncrypted: layout.piccData != nil, layout: layout)
    }

    /// The layout the URL's parameters name: with a PICC key the first of ``SUNLayout/encrypted``
    /// whose PICCData parameter it has; without, ``SUNLayout/plain``.
    private func recognised(in query: SUNQuery) throws(SUNError) -> SUNLayout {
        guard piccKey != nil else { return .plain }
        for layout in SUNLayout.encrypted {
            if let name = layout.piccData, try query.parameter(name) != nil { return layout }
        }
        throw .missingParameter(SUNLayout.encrypted.compactMap(\.piccData).joined(separator: ", ") + " (encrypted PICCData)")
    }

    /// The UID and counter of encrypted PICCData: `C7 ‖ UID(7) ‖ SDMReadCtr(3, LE) ‖ padding`,
    /// AES-CBC with a zero IV.
    static func piccData(_ encrypted: [UInt8], key: AESKey) throws(SUNError) -> (uid: [UInt8], counter: UInt32) {
        let plain = key.decrypt(block: encrypted)
        guard plain[0] == piccDataTag else { throw .piccDataTag(plain[0]) }
        let uid = Array(plain[1...uidLength])
        return (uid, integer(plain[(uidLength + 1)...(uidLength + 3)].reversed()))
    }

    /// What the MAC covers in `query`.
    private func macInput(_ query: SUNQuery, layout: SUNLayout, hasFileData: Bool) throws(SUNError) -> [UInt8] {
        let start: String
        switch layout.macInput {
        case .empty: return []
        case .automatic:
            guard hasFileData, let fileData = layout.fileData else { return [] }
            start = fileData
        case .fromValue(let name): start = name
        }
        guard let from = try query.parameter(start), let mac = try query.parameter(layout.mac), from.value.lowerBound <= mac.value.lowerBound else {
            throw .macInputStart(parameter: start)
        }
        var hexValues: [Range<Int>] = []
        for name in layout.hexParameters {
            if let parameter = try query.parameter(name) { hexValues.append(parameter.value) }
        }
        return query.macInput(from: from.value.lowerBound, to: mac.value.lowerBound, hexValues: hexValues)
    }

    /// An SDM session key: CMAC(key, SV), SV = label ‖ UID ‖ SDMReadCtr(LE), 16 bytes.
    static func sessionKey(_ key: AESKey, vector: [UInt8]) -> AESKey {
        guard let session = AESKey(key.cmac(vector)) else { preconditionFailure("a CMAC is 16 bytes") }
        return session
    }

    static func littleEndian(_ counter: UInt32) -> [UInt8] {
        [0, 8, 16].map { UInt8(truncatingIfNeeded: counter >> $0) }
    }

    /// The big-endian value of up to 4 bytes.
    static func integer(_ bytes: some Sequence<UInt8>) -> UInt32 {
        bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }
}
