/// DESFire EV2/EV3 cards other than the factory one: a card keyed as a site issues it, with an
/// AES application whose keys are diversified per card, and its perfect clone.
extension SimulatedTag {
    /// The keyed card's AES application, as the wire carries its AID (LSB first: AID 0142F5).
    public static let desfireTestApplication: [UInt8] = [0xF5, 0x42, 0x01]

    /// The keyed card's key `number` (0 … 4) of the application `application` (3 bytes as on the
    /// wire; `00 00 00` for the PICC master key, key 0 only) for a card with `uid`: NXP AN10922
    /// AES-128 diversification of the site master key ``ntag424TestKey(_:)`` (`11…11` for key
    /// 0 … `55…55` for key 4, public test keys) over `UID ‖ AID`, no system identifier — what
    /// `pn532ctl key derive --master-key-file F --uid UID --aid AID` prints.
    public static func desfireEV2TestKey(_ number: Int, application: [UInt8] = desfireTestApplication, uid: [UInt8]) -> [UInt8] {
        SimulatorAES(key: ntag424TestKey(number)).diversified(uid + application)
    }

    /// The keyed card's files in ``desfireTestApplication``: 00 plain (read free, write with key
    /// 1: access `E110`, 32 bytes: `pn532ctl DESFire EV2 test card`), 01 MAC (key 1: `1110`,
    /// 32 bytes 01 … 20) and 02 Full (key 2: `2220`, 64 bytes 80 … BF).
    static let desfireTestFiles: [SimulatedDESFire.File] = [
        SimulatedDESFire.File(
            number: 0x00, isoFileID: nil, communication: 0x00, accessRights: 0xE110,
            data: padded(Array("pn532ctl DESFire EV2 test card".utf8), to: 32)),
        SimulatedDESFire.File(number: 0x01, isoFileID: nil, communication: 0x01, accessRights: 0x1110, data: (0x01...0x20).map { UInt8($0) }),
        SimulatedDESFire.File(number: 0x02, isoFileID: nil, communication: 0x03, accessRights: 0x2220, data: (0x80...0xBF).map { UInt8($0) }),
    ]

    /// A DESFire EV2 (or EV3: `product`) as a site issues it: the PICC master key AES
    /// ``desfireEV2TestKey(_:application:uid:)`` (key 0 at AID `00 00 00`) and PICC key settings
    /// `09` (changeable, applications listed and created only with it), one application
    /// ``desfireTestApplication`` (KS1 `0B`: ChangeKey with key 0, files listed freely; KS2
    /// `85`: 5 AES keys, each ``desfireEV2TestKey(_:application:uid:)``, version 01) holding
    /// ``desfireTestFiles``. Nil for a product that is not a DESFire EV2/EV3.
    public static func desfireEV2Keyed(product: TagProduct = .desfireEV2, uid: [UInt8]? = nil) -> SimulatedTag? {
        guard product.isDESFireEV2 else { return nil }
        var tag = SimulatedTag(product: product, uid: uid)
        guard let factory = tag.desfire else { return nil }
        var picc = SimulatedDESFire(piccKeySettings: 0x09, memorySize: factory.memorySize, applications: [
            SimulatedDESFire.Application(
                identifier: desfireTestApplication, keySettings: 0x0B, keyCount: SimulatedDESFire.aesKeyType | 5, isoFileID: nil, dfName: [],
                files: desfireTestFiles
            ).withFactoryKeys(),
        ])
        picc.setIdentity(uid: factory.uid)
        picc.setKey(0, of: nil, to: desfireEV2TestKey(0, application: [0, 0, 0], uid: factory.uid), version: 0x01)
        for number in 0..<5 {
            picc.setKey(number, of: 0, to: desfireEV2TestKey(number, uid: factory.uid), version: 0x01)
        }
        tag.desfire = picc
        return tag
    }

    /// A perfect copy of this DESFire EV2/EV3, made by an attacker who knows more than a reader
    /// can read: the same UID, signature, key settings, applications and every file's bytes (the
    /// MAC and Full ones too) and key versions, but AES keys of its own that nobody chose. Nil
    /// for a card that is not a DESFire EV2/EV3.
    public func desfireEV2Clone() -> SimulatedTag? {
        guard product.isDESFireEV2, let original = desfire else { return nil }
        var clone = SimulatedTag(product: product, uid: original.uid)
        var picc = original
        picc.randomState = original.randomState ^ 0xC10E_C10E_C10E_C10E
        if original.piccMasterKey != nil { picc.setKey(0, of: nil, to: picc.random(16), version: original.piccMasterKeyVersion) }
        for (index, application) in original.applications.enumerated() {
            for number in application.keys.indices {
                picc.setKey(number, of: index, to: picc.random(16), version: application.keyVersions[number])
            }
        }
        clone.desfire = picc
        return clone
    }
}
