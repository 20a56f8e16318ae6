import Foundation
import Testing

/// `scan` over the simulator with a card of each family in the field: type A first, then
/// FeliCa, type B and Jewel, each named.
@Suite("pn532ctl scan names every card family")
struct ScanCardFamiliesTests {
    @Test(arguments: [
        ("classic1k:uid=C1C1C1C1", "UID C1C1C1C1  ATQA 0004  SAK 08  MIFARE Classic 1K\n"),
        ("classic4k:uid=C4C4C4C4", "UID C4C4C4C4  ATQA 0002  SAK 18  MIFARE Classic 4K\n"),
        ("desfire:uid=04DE5F1E000001", "UID 04DE5F1E000001  ATQA 0344  SAK 20  ATS 067577810280  MIFARE DESFire\n"),
        ("topaz512", "JEWELID 04709A05  SENS_RES 0C00  Topaz/Jewel\n"),
        ("topaz96", "JEWELID 04969A05  SENS_RES 0C00  Topaz/Jewel\n"),
        ("felica-lite-s", "IDm 012E4C5300000001  PMm 00F1000000014300  SYS 88B4  FeliCa Lite-S (212 kbps)\n"),
        ("typeb:uid=1A2B3C4D", "PUPI 1A2B3C4D  ATQB 501A2B3C4D00000000008181  ISO/IEC 14443-B card\n"),
        ("ntag215:uid=04112233445566", "UID 04112233445566  ATQA 0044  SAK 00  NFC Forum Type 2 tag\n"),
    ])
    func scanNamesTheFamily(_ tag: String, _ line: String) throws {
        let result = try pn532ctl(["scan", "--device", "sim:\(tag)"])
        #expect(result.status == 0)
        #expect(result.output == line)
    }

    @Test func phoneIsARandomUIDDevice() throws {
        let result = try pn532ctl(["scan", "--device", "sim:phone"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("UID 08"))
        #expect(result.output.hasSuffix("SAK 20  ATS 0578807002  ISO-DEP device with a random UID (phone or payment card)\n"))
    }

    @Test func jsonCarriesTechnologyAndFamily() throws {
        let result = try pn532ctl(["scan", "--json", "--device", "sim:felica-lite-s"])
        let object = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
        let tag = try #require((object["tags"] as? [[String: Any]])?.first)
        #expect(tag["uid"] as? String == "012E4C5300000001")
        #expect(tag["technology"] as? String == "NFC-F 212 kbps")
        #expect(tag["family"] as? String == "FeliCa Lite-S")
        #expect(tag["nfcForumType"] as? Int == 3)
        let classic = try pn532ctl(["scan", "--json", "--device", "sim:classic1k:uid=C1C1C1C1"])
        #expect(classic.output.contains(#""uid":"C1C1C1C1","product":null,"device":"sim:classic1k:uid=C1C1C1C1","atqa":"0004","sak":"08","# + #""ats":null,"pmm":null,"systemCode":null,"atqb":null,"attribResponse":null,"technology":"NFC-A","family":"MIFARE Classic 1K","nfcForumType":null"#))
    }

    @Test func typeBCardIsFoundAfterFeliCaWithAFI00AndJewelIsNotPolled() throws {
        let result = try pn532ctl(["scan", "--trace", "--device", "sim:typeb"])
        #expect(result.status == 0)
        #expect(result.output == "PUPI B014443B  ATQB 50B014443B00000000008181  ISO/IEC 14443-B card\n")
        #expect(result.standardError.contains("D4 4A 02 02 00 FF FF 01 00"), "FeliCa 424 polled first")
        #expect(result.standardError.contains("D4 4A 02 03 00"))
        #expect(!result.standardError.contains("D4 4A 02 04"), "no Jewel poll after type B answered")
    }

    @Test func typeBJSONCarriesPUPIAndATQB() throws {
        let result = try pn532ctl(["scan", "--json", "--device", "sim:typeb:uid=1A2B3C4D"])
        let object = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
        let tag = try #require((object["tags"] as? [[String: Any]])?.first)
        #expect(tag["uid"] as? String == "1A2B3C4D")
        #expect(tag["atqb"] as? String == "501A2B3C4D00000000008181")
        #expect(tag["technology"] as? String == "NFC-B")
        #expect(tag["family"] as? String == "ISO/IEC 14443-B card")
    }

    @Test func typeATagIsFoundWithoutPollingTheOtherFamilies() throws {
        let result = try pn532ctl(["scan", "--trace", "--device", "sim:classic1k"])
        #expect(result.status == 0)
        #expect(result.standardError.contains("D4 4A 02 00"))
        #expect(!result.standardError.contains("D4 4A 02 01"), "no FeliCa poll after a type A tag answered")
        let felica = try pn532ctl(["scan", "--trace", "--device", "sim:felica-lite-s"])
        #expect(felica.standardError.contains("D4 4A 02 01 00 FF FF 01 00"))
        #expect(!felica.standardError.contains("D4 4A 02 03"), "no type B poll after FeliCa answered")
    }
}
