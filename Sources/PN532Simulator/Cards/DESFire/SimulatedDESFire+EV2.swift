/// What a MIFARE DESFire EV2/EV3 adds to the EV1 PICC: its real UID and originality signature,
/// AES application keys, an AES PICC master key once one is set, Random ID and the random
/// generator behind RndB and TI.
extension SimulatedDESFire {
    /// A published DESFire EV2 (its UID and the NXP originality signature read from it,
    /// proxmark3's self-test sample): the default ``TagProduct/desfireEV2`` card, genuine.
    public static let publishedEV2Sample = (
        uid: [UInt8]([0x04, 0x2A, 0x41, 0xCA, 0xE4, 0x53, 0x80]),
        signature: [UInt8]([
            0xB2, 0x76, 0x9F, 0x8D, 0xDB, 0x57, 0x5A, 0xEA, 0x2A, 0x68, 0x0A, 0xDC, 0xA8, 0xFF, 0xED, 0x4F, 0xAB, 0x81, 0xA1, 0xE9,
            0x90, 0x8E, 0x2B, 0x82, 0xFE, 0x0F, 0xAB, 0xB6, 0x97, 0xBB, 0xD9, 0xB2, 0x38, 0x35, 0xC4, 0x16, 0x97, 0x0E, 0x75, 0x76,
            0x8F, 0x12, 0x90, 0x2A, 0xCA, 0x49, 0x13, 0x49, 0xE9, 0x4E, 0x65, 0x89, 0xEA, 0xF4, 0xF5, 0x08,
        ]))

    /// A published DESFire EV3 (proxmark3's self-test sample): the default
    /// ``TagProduct/desfireEV3`` card, genuine.
    public static let publishedEV3Sample = (
        uid: [UInt8]([0x04, 0x44, 0x8B, 0xD2, 0xDB, 0x6B, 0x80]),
        signature: [UInt8]([
            0x5C, 0xBB, 0x56, 0x32, 0x79, 0x5C, 0x8F, 0x15, 0x26, 0x3F, 0xEF, 0xB0, 0x95, 0xB5, 0x1C, 0x7B, 0x54, 0x1A, 0xFD, 0x91,
            0x4A, 0x1A, 0xE4, 0x4E, 0xF6, 0xFB, 0x8A, 0xF6, 0x05, 0xED, 0xF1, 0x3D, 0xBF, 0xEE, 0x6C, 0x3A, 0x2D, 0xB3, 0x72, 0x24,
            0x5E, 0x67, 0x1D, 0xFE, 0x0D, 0x42, 0xCB, 0x1F, 0x0D, 0x0B, 0x8F, 0xE6, 0x7A, 0x89, 0xD2, 0xF6,
        ]))

    /// The length of an originality signature (secp224r1 r ‖ s).
    static let signatureLength = 56

    /// Gives an EV2/EV3 PICC its UID and the signature NXP wrote for it: the published sample's
    /// for the sample's UID, 56 zero bytes (which no key verifies) for another.
    mutating func setIdentity(uid: [UInt8]) {
        self.uid = uid
        signature = [Self.publishedEV2Sample, Self.publishedEV3Sample].first { $0.uid == uid }?.signature
            ?? [UInt8](repeating: 0, count: Self.signatureLength)
    }

    /// KS2's crypto method bits (7–6) for AES keys.
    static let aesKeyType: UInt8 = 0x80

    /// Sets AES key `number` of application `application` (nil: the PICC master key, key 0
    /// only) and its version; false for a key that does not exist or is not AES, or a key of
    /// another length than 16.
    @discardableResult
    public mutating func setKey(_ number: Int, of application: Int?, to key: [UInt8], version: UInt8) -> Bool {
        guard key.count == 16 else { return false }
        guard let application else {
            guard number == 0 else { return false }
            piccMasterKey = key
            piccMasterKeyVersion = version
            return true
        }
        guard applications.indices.contains(application), applications[application].keys.indices.contains(number) else { return false }
        applications[application].keys[number] = key
        applications[application].keyVersions[number] = version
        return true
    }

    /// `count` bytes of the card's random generator: queued bytes first, then SplitMix64.
    mutating func random(_ count: Int) -> [UInt8] {
        let queued = Array(queuedRandom.prefix(count))
        queuedRandom.removeFirst(queued.count)
        return queued + (queued.count..<count).map { _ in UInt8(truncatingIfNeeded: SimulatedTag.splitMix64(&randomState)) }
    }
}

extension SimulatedDESFire.Application {
    /// KS2 says AES keys.
    var hasAESKeys: Bool { keyCount & 0xC0 == SimulatedDESFire.aesKeyType }

    /// The application with all-zero AES keys at version 00 when KS2 says AES (what
    /// CreateApplication gives on an EV2/EV3), unchanged otherwise.
    func withFactoryKeys() -> Self {
        guard hasAESKeys else { return self }
        var application = self
        let count = Int(keyCount & 0x0F)
        application.keys = [[UInt8]](repeating: [UInt8](repeating: 0, count: 16), count: count)
        application.keyVersions = [UInt8](repeating: 0, count: count)
        return application
    }

    /// The ChangeKey access right: KS1 bits 7–4 (a key number, `E` the key itself, `F` frozen).
    var changeKeyRight: UInt8 { keySettings >> 4 }
}

/// A DESFire EV2/EV3's keys at the selected level, as EV2 authentication sees them: the
/// application's AES keys, or at the PICC level its master key if it is AES. DESFire EV2 has
/// no TotFailCtr: nothing limits the attempts.
struct DESFireEV2Keys: EV2KeyHolder {
    var picc: SimulatedDESFire
    /// The selected application's index; nil at the PICC level.
    let application: Int?

    func ev2Key(_ number: Int) -> [UInt8]? {
        guard let application else { return number == 0 ? picc.piccMasterKey : nil }
        let keys = picc.applications[application].keys
        return keys.indices.contains(number) ? keys[number] : nil
    }

    var failedAuthentications: Int {
        get { 0 }
        set {}
    }

    var failedAuthenticationLimit: Int { .max }
    var failedAuthenticationDecrement: Int { 0 }

    mutating func random(_ count: Int) -> [UInt8] { picc.random(count) }
}

extension TagProduct {
    /// The DESFire products with AES keys and EV2 secure messaging (EV2, EV3).
    package var isDESFireEV2: Bool { self == .desfireEV2 || self == .desfireEV3 }
}
