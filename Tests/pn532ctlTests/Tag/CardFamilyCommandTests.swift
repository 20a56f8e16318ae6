import Foundation
import Testing

/// `identify` names a card of another family than Type 2; the commands that need NDEF refuse it.
@Suite("pn532ctl identify and NDEF commands with cards of every family")
struct CardFamilyCommandTests {
    @Test func identifyDescribesAClassic() throws {
        let result = try pn532ctl(["identify", "--device", "sim:classic1k:uid=C1C1C1C1"])
        #expect(result.status == 0)
        #expect(result.output == """
            Card      MIFARE Classic 1K
            Bytes     UID C1C1C1C1  ATQA 0004  SAK 08
            Type      not an NFC Forum tag type
            NDEF      not supported yet on this card: pn532ctl reads NDEF on Type 2 tags, ISO-DEP Type A cards (Type 4), FeliCa (Type 3) and Topaz (Type 1)

            """)
    }

    @Test(arguments: [
        ("desfire", "MIFARE DESFire EV1", 4, false),
        ("ntag424", "NTAG 424 DNA", 4, true),
        ("topaz512", "Topaz/Jewel", 1, true),
        ("felica-lite-s", "FeliCa Lite-S", 3, true),
        ("phone", "ISO-DEP device with a random UID (phone or payment card)", 4, false),
        ("typeb", "ISO/IEC 14443-B card", 4, false),
    ])
    func identifyJSONNamesTheFamily(_ card: String, _ family: String, _ type: Int, _ ndef: Bool) throws {
        let result = try pn532ctl(["identify", "--json", "--device", "sim:\(card)"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
        #expect(object["family"] as? String == family)
        #expect(object["nfcForumType"] as? Int == type)
        #expect(object["ndefSupported"] as? Bool == ndef)
    }

    @Test func identifyNamesAnNTAG424DNAByItsGetVersion() throws {
        let result = try pn532ctl(["identify", "--device", "sim:ntag424:uid=04451C9A6E7180"])
        #expect(result.status == 0)
        #expect(result.output == """
            Card      NTAG 424 DNA
            Bytes     UID 04451C9A6E7180  ATQA 0344  SAK 20  ATS 067777710280
            Version   hardware 04040230001105  software 04040201021105  production 04451C9A6E7180CF39A14C303721
            Type      NFC Forum Type 4
            NDEF      readWrite, capacity 254 bytes
            Signature 0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
            Genuine   no: no NXP key verifies the signature over this UID (a copy, an emulator, a blank, or a product whose key is not published)

            """)
    }

    @Test func identifyNamesTheDESFiresGeneration() throws {
        let result = try pn532ctl(["identify", "--device", "sim:desfire:uid=04DE5F1E000001"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("Card      MIFARE DESFire EV1\n"))
        #expect(result.output.contains("\nVersion   hardware 04010101001805  software 04010101041805  production 04DE5F1E000001"))
    }

    @Test(arguments: [
        ("ntag424:uid=04451C9A6E7180", "NTAG 424 DNA", "0404023000110504040201021105" + "04451C9A6E7180CF39A14C303721" as String?),
        ("desfire:uid=04DE5F1E000001", "MIFARE DESFire EV1", "0401010100180504010101041805" + "04DE5F1E000001BA7C4000013019"),
        ("phone", "ISO-DEP device with a random UID (phone or payment card)", nil),
    ])
    func identifyJSONGivesTheProductAndTheVersion(_ card: String, _ product: String, _ version: String?) throws {
        let result = try pn532ctl(["identify", "--json", "--device", "sim:\(card)"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("{\"product\":\"\(product)\",\"uid\":"))
        let object = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
        #expect(object["family"] as? String == product)
        if let version {
            #expect(object["version"] as? String == version)
        } else {
            #expect(object["version"] is NSNull)
        }
    }

    @Test func identifyGivesNoVersionLineForCardsItDoesNotAsk() throws {
        let result = try pn532ctl(["identify", "--json", "--device", "sim:classic1k:uid=C1C1C1C1"])
        let object = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
        #expect(object["version"] is NSNull)
        #expect(object["product"] as? String == "MIFARE Classic 1K")
    }

    @Test func identifyDescribesATypeBCardByItsPUPI() throws {
        let result = try pn532ctl(["identify", "--device", "sim:typeb:uid=1A2B3C4D"])
        #expect(result.status == 0)
        #expect(result.output == """
            Card      ISO/IEC 14443-B card
            Bytes     PUPI 1A2B3C4D  ATQB 501A2B3C4D00000000008181
            Type      NFC Forum Type 4
            NDEF      not supported yet on this card: pn532ctl reads NDEF on Type 2 tags, ISO-DEP Type A cards (Type 4), FeliCa (Type 3) and Topaz (Type 1)

            """)
    }

    @Test func identifyOfAType2TagNamesItsProductAsFamily() throws {
        let result = try pn532ctl(["identify", "--json", "--device", "sim:ntag215"])
        let object = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
        #expect(object["family"] as? String == "NTAG215")
    }

    @Test(arguments: [
        (["read"], "classic4k", "not an NDEF tag we can read: MIFARE Classic 4K"),
        (["write", "--text", "hi"], "classic1k", "not an NDEF tag we can read: MIFARE Classic 1K"),
        (["dump"], "classic1k", "not an NDEF tag we can read: MIFARE Classic 1K"),
        (["read"], "typeb", "not an NDEF tag we can read: ISO/IEC 14443-B card (NFC Forum Type 4: NDEF on it is not supported yet)"),
        (["write", "--text", "hi"], "typeb", "not an NDEF tag we can read: ISO/IEC 14443-B card (NFC Forum Type 4: NDEF on it is not supported yet)"),
    ])
    func ndefCommandsRefuseOtherFamilies(_ command: [String], _ card: String, _ message: String) throws {
        let result = try pn532ctl(command + ["--device", "sim:\(card)"])
        #expect(result.status == 1)
        #expect(result.standardError == "pn532ctl: \(message)\n")
        #expect(result.output.isEmpty)
    }
}
