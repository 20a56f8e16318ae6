import TestSupport
import PN532ReaderSimulator
import PN532Simulator
import Testing

/// Tag specifications for the families beyond Type 2: UID lengths per product, options a
/// card cannot take, MIFARE Classic images.
struct TagSpecCardFamiliesTests {
    @Test func eachFamilyTakesItsOwnUIDLength() throws {
        #expect(try TagSpec.parse("classic1k:uid=A1B2C3D4").makeTag().uid == hex("A1B2C3D4"))
        #expect(try TagSpec.parse("desfire:uid=04DE5F1E000001").makeTag().uid == hex("04DE5F1E000001"))
        #expect(try TagSpec.parse("ntag424:uid=04451C9A6E7180").makeTag().uid == hex("04451C9A6E7180"))
        #expect(try TagSpec.parse("topaz512:uid=0470AABBCCDDEE").makeTag().uid == hex("0470AABBCCDDEE"))
        #expect(try TagSpec.parse("felica-lite-s:uid=012E4C5300000042").makeTag().uid == hex("012E4C5300000042"))
        #expect(try TagSpec.parse("felica-12fc:uid=012E12FC00000042").makeTag().product == .felica12FC)
        #expect(try TagSpec.parse("felica-12fc:uid=012E12FC00000042").makeTag().uid == hex("012E12FC00000042"))
        #expect(try TagSpec.parse("typeb:uid=1A2B3C4D").makeTag().uid == hex("1A2B3C4D"))
    }

    @Test func theTypeBCardTakesAFourBytePUPIWhateverItsFirstByte() throws {
        #expect(throws: TagSpecError(spec: "typeb:uid=1A2B3C4D5E", reason: .wrongLength(option: "uid", expected: 4, actual: 5))) {
            try TagSpec.parse("typeb:uid=1A2B3C4D5E")
        }
        #expect(try TagSpec.parse("TypeB:uid=88000001").makeTag().answerToRequestB.prefix(5) == [0x50, 0x88, 0x00, 0x00, 0x01])
        #expect(throws: TagSpecError(spec: "typeb:sig=" + String(repeating: "00", count: 32), reason: .unsupportedOption(option: "sig", product: .typeB))) {
            try TagSpec.parse("typeb:sig=" + String(repeating: "00", count: 32))
        }
    }

    @Test func theErrorMessageListsTheTypeBCard() {
        let error = TagSpecError(spec: "typea", reason: .unknownProduct("typea"))
        #expect(error.description.contains("felica-lite-s, felica-12fc, typeb, blank"))
        #expect(error.description.contains("4 for classic* and typeb"))
    }

    @Test func aSevenByteUIDForAClassicIsTheWrongLength() {
        #expect(throws: TagSpecError(spec: "classic1k:uid=04A1B2C3D4E5F6", reason: .wrongLength(option: "uid", expected: 4, actual: 7))) {
            try TagSpec.parse("classic1k:uid=04A1B2C3D4E5F6")
        }
    }

    @Test func aClassicUIDMayNotStartWithTheCascadeTag() {
        #expect(throws: TagSpecError(spec: "classic4k:uid=88000001", reason: .cascadeTagInUID(byteIndex: 0))) {
            try TagSpec.parse("classic4k:uid=88000001")
        }
    }

    @Test func thePhonesUIDIsRandomAndCannotBeGiven() {
        let error = TagSpecError(spec: "phone:uid=08010203", reason: .unsupportedOption(option: "uid", product: .phone))
        #expect(throws: error) { try TagSpec.parse("phone:uid=08010203") }
        #expect(error.description.contains("phone does not support uid="))
    }

    @Test func theErrorMessageListsTheNTAG424DNA() {
        let error = TagSpecError(spec: "ntag413", reason: .unknownProduct("ntag413"))
        #expect(error.description.contains("classic-mini, desfire, ntag424, phone,"))
        #expect(throws: TagSpecError(spec: "ntag424:uid=04451C9A6E", reason: .wrongLength(option: "uid", expected: 7, actual: 5))) {
            try TagSpec.parse("ntag424:uid=04451C9A6E")
        }
    }

    @Test(arguments: ["desfire", "ntag424", "phone", "topaz512", "topaz96", "felica-lite-s", "typeb"])
    func cardsWithoutImagesRefuseImage(name: String) throws {
        let product = try #require(TagProduct(rawValue: name))
        #expect(throws: TagSpecError(spec: "\(name):image=x.mfd", reason: .unsupportedOption(option: "image", product: product))) {
            try TagSpec.parse("\(name):image=x.mfd")
        }
    }

    @Test func aClassicImageIsTheWholeMemory() throws {
        var image = SimulatedTag(product: .classic1k, uid: hex("0A0B0C0D")).memory
        image[16] = 0x42
        let tag = try TagSpec.parse("classic1k:image=card.mfd").makeTag { _ in image }
        #expect(tag.memory == image)
        #expect(tag.uid == hex("0A0B0C0D"))
    }

    @Test func aClassicImageOfTheWrongSizeSaysBlocks() throws {
        let spec = try TagSpec.parse("classic4k:image=card.mfd")
        #expect(throws: TagImageError.wrongSize(product: .classic4k, expected: 4096, actual: 1024)) {
            try spec.makeTag { _ in [UInt8](repeating: 0, count: 1024) }
        }
        #expect(TagImageError.wrongSize(product: .classic4k, expected: 4096, actual: 1024).description.contains("256 blocks of 16"))
    }

    @Test func printedSpecificationsParseBack() throws {
        for text in ["classic-mini:uid=C03C0001", "felica-lite-s:uid=012E4C5300000042", "phone", "classic1k:image=x.mfd", "typeb:uid=1A2B3C4D"] {
            let spec = try TagSpec.parse(text)
            #expect(try TagSpec.parse(spec.description) == spec)
        }
    }
}
