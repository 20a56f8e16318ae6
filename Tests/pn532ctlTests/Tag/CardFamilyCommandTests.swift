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
            NDEF      not supported yet on this card: pn532ctl reads NDEF on NFC Forum Type 2 tags only

            """)
    }

    @Test(arguments: [
        ("desfire", "MIFARE DESFire", 4),
        ("topaz512", "Topaz/Jewel", 1),
        ("felica-lite-s", "FeliCa Lite-S", 3),
        ("phone", "ISO-DEP device with a random UID (phone or payment card)", 4),
        ("typeb", "ISO/IEC 14443-B card", 4),
    ])
    func identifyJSONNamesTheFamily(_ card: String, _ family: String, _ type: Int) throws {
        let result = try pn532ctl(["identify", "--json", "--device", "sim:\(card)"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
        #expect(object["family"] as? String == family)
        #expect(object["nfcForumType"] as? Int == type)
        #expect(object["ndefSupported"] as? Bool == false)
    }

    @Test func identifyDescribesATypeBCardByItsPUPI() throws {
        let result = try pn532ctl(["identify", "--device", "sim:typeb:uid=1A2B3C4D"])
        #expect(result.status == 0)
        #expect(result.output == """
            Card      ISO/IEC 14443-B card
            Bytes     PUPI 1A2B3C4D  ATQB 501A2B3C4D00000000008181
            Type      NFC Forum Type 4
            NDEF      not supported yet on this card: pn532ctl reads NDEF on NFC Forum Type 2 tags only

            """)
    }

    @Test func identifyOfAType2TagNamesItsProductAsFamily() throws {
        let result = try pn532ctl(["identify", "--json", "--device", "sim:ntag215"])
        let object = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
        #expect(object["family"] as? String == "NTAG215")
    }

    @Test(arguments: [
        (["read"], "classic4k", "not an NDEF tag we can read: MIFARE Classic 4K"),
        (["read"], "felica-lite-s", "not an NDEF tag we can read: FeliCa Lite-S (NFC Forum Type 3: NDEF on it is not supported yet)"),
        (["write", "--text", "hi"], "desfire", "not an NDEF tag we can read: MIFARE DESFire (NFC Forum Type 4: NDEF on it is not supported yet)"),
        (["format"], "topaz512", "not an NDEF tag we can read: Topaz/Jewel (NFC Forum Type 1: NDEF on it is not supported yet)"),
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
