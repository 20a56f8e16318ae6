/// Ultralight AES cards other than the factory one: a keyed card as provisioning leaves it and
/// its perfect clone; and the published signature the default card carries.
extension SimulatedTag {
    /// The keyed card's DataProtKey (key 0) without a master key: `11…11`. Fixed, public.
    public static let ultralightAESTestDataKey = [UInt8](repeating: 0x11, count: 16)
    /// The keyed card's UIDRetrKey (key 1): `22…22`. Fixed, public.
    public static let ultralightAESTestUIDKey = [UInt8](repeating: 0x22, count: 16)

    /// A real Ultralight AES's UID and NXP signature (secp192r1, verifies under NXP's
    /// Ultralight AES key; proxmark3's `recover_pk.py` samples): the default card's.
    static let ultralightAESPublishedSample: (uid: [UInt8], signature: [UInt8]) = (
        [0x04, 0x5E, 0x4C, 0xC2, 0x45, 0x13, 0x90],
        [
            0xC9, 0xBB, 0xDA, 0x1B, 0x99, 0xEB, 0x66, 0x34, 0xCD, 0xFD, 0x8E, 0x32, 0x51, 0xAC, 0x5C, 0x47,
            0x42, 0xEA, 0x5F, 0xA5, 0x07, 0xB8, 0xA8, 0xA8, 0xB3, 0x9B, 0x19, 0xAB, 0x73, 0x40, 0xD1, 0x73,
            0x33, 0x15, 0x89, 0xC5, 0x4C, 0x56, 0xC4, 0x9F, 0x0C, 0xCA, 0x6D, 0xDB, 0xAC, 0x1E, 0x49, 0x2A,
        ]
    )

    /// The 48 bytes an Ultralight AES with `uid` answers READ_SIG with: the published signature
    /// for the published sample's UID, zeros (no valid signature) for any other.
    static func ultralightAESSignature(for uid: [UInt8]) -> [UInt8] {
        uid == ultralightAESPublishedSample.uid ? ultralightAESPublishedSample.signature : [UInt8](repeating: 0, count: 48)
    }

    /// The AUTH0 of the keyed card: pages 04h on need the DataProtKey.
    public static let ultralightAESKeyedFirstProtectedPage: UInt8 = 0x04

    /// An Ultralight AES as provisioning leaves it: DataProtKey ``ultralightAESTestDataKey``, or,
    /// with a 16-byte `master`, the AN10922 AES-128 diversification of `master` with the 7-byte
    /// UID as its input (no application or system identifier: D = `01 ‖ UID`, padded to 32
    /// bytes); UIDRetrKey ``ultralightAESTestUIDKey``; AUTH0 04h with PROT, so reads and writes
    /// from page 4 need the DataProtKey; no attempt limit.
    public static func ultralightAESKeyed(uid: [UInt8]? = nil, master: [UInt8]? = nil) -> SimulatedTag {
        var tag = SimulatedTag(product: .ultralightAES, uid: uid)
        let dataKey = master.map { SimulatorAES(key: $0).diversified(tag.uid) } ?? ultralightAESTestDataKey
        tag.setUltralightAESKey(0, to: dataKey)
        tag.setUltralightAESKey(1, to: ultralightAESTestUIDKey)
        guard let configuration = TagProduct.ultralightAES.configurationPage else { return tag }
        var cfg0 = tag.page(configuration)
        cfg0[3] = ultralightAESKeyedFirstProtectedPage
        _ = tag.store(cfg0, atPage: configuration)
        var cfg1 = tag.page(configuration + 1)
        cfg1[0] |= AccessBit.readProtection
        _ = tag.store(cfg1, atPage: configuration + 1)
        return tag
    }

    /// What a perfect copier makes of this Ultralight AES: the same UID, pages (configuration
    /// included) and signature, and keys of its own that nobody chose. Nil for another card.
    public mutating func ultralightAESClone() -> SimulatedTag? {
        guard product == .ultralightAES else { return nil }
        var clone = SimulatedTag(product: .ultralightAES, memory: memory)
        clone.signature = signature
        clone.randomState = randomState ^ 0xC10E_C10E_C10E_C10E
        for number in 0...1 { clone.setUltralightAESKey(number, to: clone.nextRandomBytes(16)) }
        return clone
    }
}
