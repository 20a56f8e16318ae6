import NFCCore
import TestSupport
import Testing
import Type2
@testable import NFCTags

@Suite("Card detection from ATQA, SAK, ATS, PMm and GET_VERSION")
struct CardDetectionTests {
    static func typeA(_ atqa: UInt16, _ sak: UInt8, _ uid: String, ats: String? = nil) -> TargetInfo {
        .nfcA(NFCATarget(atqa: atqa, sak: sak, uid: hex(uid), ats: ats.map { AnswerToSelect(bytes: hex($0)) }))
    }

    @Test func type2ProductsAreNamedByGetVersion() {
        let ntag215 = Self.typeA(0x0044, 0x00, "04 C9 10 AA 84 49 80")
        #expect(CardFamily(info: ntag215, version: .answer(hex("00 04 04 02 01 00 11 03"))) == .type2(.ntag215))
        #expect(CardFamily(info: ntag215, version: .answer(hex("00 04 04 02 01 00 11 03"))).readsNDEF)
        #expect(CardFamily(info: ntag215, version: .noAnswer) == .type2(.ultralight))
        #expect(CardFamily(info: ntag215) == .type2(nil))
        #expect(CardFamily(info: ntag215).name == "NFC Forum Type 2 tag")
        let unknown = CardFamily(info: ntag215, version: .answer(hex("00 04 04 05 02 01 13 03")))
        #expect(unknown == .type2(nil))
        #expect(!unknown.readsNDEF)
        #expect(unknown.nfcForumType == 2)
    }

    @Test(arguments: [
        (0x0004 as UInt16, 0x08 as UInt8, "DE AD BE EF", CardFamily.mifareClassic(.oneK), "MIFARE Classic 1K"),
        (0x0044, 0x08, "04 11 22 33 44 55 66", .mifareClassic(.oneK), "MIFARE Classic 1K"),
        (0x0002, 0x18, "7A 3B 11 09", .mifareClassic(.fourK), "MIFARE Classic 4K"),
        (0x0004, 0x09, "C2 11 22 33", .mifareClassic(.mini), "MIFARE Classic Mini"),
        (0x0004, 0x10, "04 11 22 33 44 55 66", .mifarePlus(.twoK), "MIFARE Plus 2K (SL2)"),
        (0x0042, 0x11, "04 11 22 33 44 55 66", .mifarePlus(.fourK), "MIFARE Plus 4K (SL2)"),
        (0x0044, 0x01, "04 11 22 33 44 55 66", .unknownTypeA, "unknown ISO/IEC 14443 Type A card"),
    ])
    func mifareFamiliesAreNamedBySAK(atqa: UInt16, sak: UInt8, uid: String, family: CardFamily, name: String) {
        let detected = CardFamily(info: Self.typeA(atqa, sak, uid))
        #expect(detected == family)
        #expect(detected.name == name)
        #expect(detected.nfcForumType == nil)
        #expect(detected.ndefRefusal == "not an NDEF tag we can read: \(name)")
    }

    @Test func desfireAndNTAG424AreToldApartByATSOrGetVersion() {
        let desfireEV1 = Self.typeA(0x0344, 0x20, "04 52 1A 2A 3C 2B 80", ats: "06 75 77 81 02 80")
        #expect(CardFamily(info: desfireEV1) == .desfire(nil))
        #expect(CardFamily(info: desfireEV1, version: .answer(hex("04 01 01 01 00 18 05"))) == .desfire(.ev1))
        #expect(CardFamily(info: desfireEV1, version: .answer(hex("04 08 01 01 00 13 05"))) == .desfireLight)
        let ntag424 = Self.typeA(0x0344, 0x20, "04 45 1C 9A 6E 71 80", ats: "06 77 77 71 02 80")
        #expect(CardFamily(info: ntag424) == .ntag424DNA)
        #expect(CardFamily(info: ntag424, version: .answer(hex("04 04 02 30 00 11 05"))) == .ntag424DNA)
        #expect(CardFamily(info: ntag424).nfcForumType == 4)
        #expect(CardFamily(info: ntag424).readsNDEF)
        #expect(CardFamily(info: ntag424).ndefRefusal == nil)
        let randomID = Self.typeA(0x0304, 0x20, "08 5A 11 C4", ats: "06 77 77 71 02 80")
        #expect(CardFamily(info: randomID, version: .answer(hex("04 04 02 30 00 11 05"))) == .ntag424DNA)
    }

    @Test func phonesAndBankCardsAreISODEP() {
        let phone = Self.typeA(0x0004, 0x20, "08 B7 3A 51", ats: "05 78 80 70 02")
        #expect(CardFamily(info: phone) == .randomUIDDevice)
        let bankCard = Self.typeA(0x0004, 0x20, "5F 1E 22 A7", ats: "0D 78 80 70 02 00 31 C1 73 C8 21 10 64")
        #expect(CardFamily(info: bankCard) == .isoDEP)
        #expect(CardFamily(info: Self.typeA(0x0004, 0x28, "3E 11 22 A7", ats: "0E 78 77 94 02 80 31 80 66 B1 84 0C 01 6E")) == .smartMX(.oneK))
        #expect(CardFamily(info: Self.typeA(0x0002, 0x38, "3E 11 22 A7")) == .smartMX(.fourK))
        #expect(CardFamily(info: bankCard).nfcForumType == 4)
        // Any ISO-DEP card is asked for the NDEF application; one without it reports NDEF not supported.
        #expect(CardFamily(info: bankCard).readsNDEF)
    }

    @Test func felicaByItsICType() {
        func felica(_ pmm: String, systemCode: UInt16? = nil) -> TargetInfo {
            .nfcF(NFCFTarget(idm: hex("01 2E 4C 20 11 22 33 44"), pmm: hex(pmm), systemCode: systemCode, bitRate: .kbps212))
        }
        #expect(CardFamily(info: felica("00 F1 00 00 00 01 43 00", systemCode: 0x88B4)) == .felicaLiteS)
        #expect(CardFamily(info: felica("00 F0 00 00 00 01 43 00")) == .felicaLite)
        #expect(CardFamily(info: felica("03 00 4B 02 4F 49 8A 8A", systemCode: 0x8008)) == .felica)
        #expect(CardFamily(info: felica("")) == .felica)
        #expect(CardFamily.felicaLiteS.name == "FeliCa Lite-S")
        #expect(CardFamily.felicaLiteS.nfcForumType == 3)
        #expect(CardFamily.felicaLiteS.readsNDEF)
        #expect(!CardFamily.felicaLite.readsNDEF)
    }

    @Test func topazAndTypeB() {
        let topaz = CardFamily(info: .jewel(JewelTarget(sensRes: 0x0C00, jewelID: hex("B5 A8 0E 01"))))
        #expect(topaz == .topaz)
        #expect(topaz.nfcForumType == 1)
        #expect(topaz.ndefRefusal == nil)
        let typeB = CardFamily(info: .nfcB(NFCBTarget(atqb: hex("50 1A 2B 3C 4D 00 00 00 00 00 81 81"), attribResponse: [0x00])))
        #expect(typeB == .iso14443B)
        #expect(typeB.name == "ISO/IEC 14443-B card")
        #expect(typeB.ndefRefusal == "not an NDEF tag we can read: ISO/IEC 14443-B card (NFC Forum Type 4: NDEF on it is not supported yet)")
    }
}
