/// NTAG 424 DNA cards other than the factory one: a keyed card as provisioning leaves it, its
/// perfect clone, and a session opened directly for tests replaying published exchanges.
extension SimulatedTag {
    /// The keyed card's key `number`: 16 bytes of `11 × (number + 1)` (`11…11` for key 0,
    /// `22…22` for key 1, … `55…55` for key 4), all at version 01. Fixed test keys, public.
    public static func ntag424TestKey(_ number: Int) -> [UInt8] {
        [UInt8](repeating: UInt8(truncatingIfNeeded: 0x11 &* (number + 1)), count: 16)
    }

    /// The URL the keyed card's NDEF file holds, with SUN placeholders: `https://` then
    /// `example.com/sun?e=` + 32 `0` (PICCData, at file offset 25) + `&c=` + 16 `0` (SDMMAC,
    /// at file offset 60, over the empty input).
    static let ntag424KeyedURL = Array("example.com/sun?e=".utf8) + [UInt8](repeating: 0x30, count: 32) + Array("&c=".utf8)
        + [UInt8](repeating: 0x30, count: 16)

    /// The CC file's byte giving the NDEF file's write access (`00` free, `80` key 0).
    static let ccNDEFWriteAccess = 14

    /// An NTAG 424 DNA as provisioning leaves it: keys ``ntag424TestKey(_:)`` (version 01), the
    /// NDEF file read free and written only with key 0 (which its CC file says: write access
    /// `80`), holding ``ntag424KeyedURL`` with SUN on (encrypted PICCData under key 2, SDMMAC
    /// under key 1, SDMReadCtr 0).
    public static func ntag424Keyed(uid: [UInt8]? = nil) -> SimulatedTag {
        var tag = SimulatedTag(product: .ntag424, uid: uid)
        guard var card = tag.ntag424, tag.files.count >= 2 else { return tag }
        for number in card.keys.indices { card.setKey(number, to: ntag424TestKey(number), version: 0x01) }
        let record: [UInt8] = [0xD1, 0x01, UInt8(ntag424KeyedURL.count + 1), 0x55, 0x04] + ntag424KeyedURL
        let file = [0x00, UInt8(record.count)] + record
        tag.files[1].bytes.replaceSubrange(0..<file.count, with: file)
        if tag.files[0].bytes.count > ccNDEFWriteAccess { tag.files[0].bytes[ccNDEFWriteAccess] = 0x80 }
        let sdm = SimulatedNTAG424.SDMSettings(options: 0xC1, accessRights: 0x21F1, piccDataOffset: 25, macInputOffset: 60, macOffset: 60)
        card.setFileSettings(2, .init(commMode: .plain, accessRights: 0xE000, sdm: sdm))
        tag.ntag424 = card
        return tag
    }

    /// What a perfect copier makes of this NTAG 424 DNA: the same UID, originality signature,
    /// key versions and file settings less SDM, the CC file and the NDEF file as a plain reader
    /// reads it now (the mirrored image, frozen: reading it here counts as a read of this card),
    /// the proprietary file (never readable without a key) zeroed, and keys of its own that
    /// nobody chose. Nil for a card that is not an NTAG 424 DNA.
    public mutating func ntag424Clone() -> SimulatedTag? {
        guard let card = ntag424, files.count >= 3 else { return nil }
        let image: [UInt8]
        switch sdmImage(firstRead: true) {
        case .success(let bytes): image = bytes
        case .failure: image = files[1].bytes
        }
        var clone = SimulatedTag(product: .ntag424, uid: card.uid)
        guard var copy = clone.ntag424 else { return nil }
        copy.randomState = card.randomState ^ 0xC10E_C10E_C10E_C10E
        for number in copy.keys.indices { copy.setKey(number, to: copy.random(16), version: card.keyVersions[number]) }
        for number in 1...3 {
            var settings = card.fileSettings[number - 1]
            settings.sdm = nil
            copy.setFileSettings(number, settings)
        }
        copy.signature = card.signature
        clone.ntag424 = copy
        clone.files[0].bytes = files[0].bytes
        clone.files[1].bytes = image
        return clone
    }

    /// Opens an EV2 session as if an authentication had just succeeded (tests replaying
    /// published secure-messaging exchanges whose authentication is not published).
    package mutating func beginNTAG424Session(
        keyNumber: Int, transactionIdentifier: [UInt8], commandCounter: Int, encryptionKey: [UInt8], macKey: [UInt8]
    ) {
        session.ntag424.authenticated = NTAG424Session.Authenticated(
            keyNumber: keyNumber, transactionIdentifier: transactionIdentifier, commandCounter: commandCounter,
            encryptionKey: encryptionKey, macKey: macKey
        )
    }
}
