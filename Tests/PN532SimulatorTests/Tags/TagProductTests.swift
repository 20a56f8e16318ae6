import TestSupport
import PN532Simulator
import Testing

struct TagProductTests {
    @Test(arguments: [
        (TagProduct.ultralight, 16, 64),
        (.ntag210, 20, 80),
        (.ultralightEV1MF0UL11, 20, 80),
        (.ntag212, 41, 164),
        (.ultralightEV1MF0UL21, 41, 164),
        (.ntag213, 45, 180),
        (.ntag215, 135, 540),
        (.ntag216, 231, 924),
    ])
    func sizesMatchLibnfcDumps(product: TagProduct, pages: Int, mfdBytes: Int) {
        #expect(product.pageCount == pages)
        #expect(product.mfdSize == mfdBytes)
    }

    @Test(arguments: [
        (TagProduct.ntag213, "0004040201000F03", "E1101200", 0x28, 0x29),
        (.ntag215, "0004040201001103", "E1103E00", 0x82, 0x83),
        (.ntag216, "0004040201001303", "E1106D00", 0xE2, 0xE3),
        (.ntag212, "0004040101000E03", "E1101000", 0x24, 0x25),
        (.ultralightEV1MF0UL21, "0004030101000E03", "E1101000", 0x24, 0x25),
    ])
    func productsWithDynamicLocks(
        product: TagProduct, version: String, capabilityContainer: String, lockPage: Int, configurationPage: Int
    ) {
        #expect(product.getVersion == hex(version))
        #expect(product.capabilityContainer == hex(capabilityContainer))
        #expect(product.dynamicLockPage == lockPage)
        #expect(product.configurationPage == configurationPage)
        #expect(configurationPage + 4 == product.pageCount)
    }

    @Test(arguments: [
        (TagProduct.ntag210, "0004040101000B03"),
        (.ultralightEV1MF0UL11, "0004030101000B03"),
    ])
    func smallProductsHaveNoDynamicLocks(product: TagProduct, version: String) {
        #expect(product.getVersion == hex(version))
        #expect(product.capabilityContainer == hex("E1100600"))
        #expect(product.dynamicLockPage == nil)
        #expect(product.configurationPage == 0x10)
    }

    @Test func plainUltralightLacksTheNewerCommands() {
        let product = TagProduct.ultralight
        #expect(product.getVersion == nil)
        #expect(product.capabilityContainer == hex("E1100600"))
        #expect(product.dynamicLockPage == nil)
        #expect(product.configurationPage == nil)
        #expect(!product.supportsFastRead)
        #expect(!product.supportsReadSignature)
        #expect(!product.supportsPassword)
        #expect(!product.supportsCounter)
    }

    @Test func onlyNTAG213To216HaveTheNFCCounter() {
        let withCounter = TagProduct.allCases.filter(\.supportsCounter)
        #expect(withCounter == [.ntag213, .ntag215, .ntag216])
    }

    @Test func rawValuesAreTheSpecificationNames() {
        #expect(TagProduct(rawValue: "ultralight-ev1-11") == .ultralightEV1MF0UL11)
        #expect(TagProduct(rawValue: "ultralight-ev1-21") == .ultralightEV1MF0UL21)
        #expect(TagProduct(rawValue: "ultralight-aes") == .ultralightAES)
        #expect(TagProduct.type2Products.count == 9)
    }
}
