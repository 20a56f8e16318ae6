import Credentials
import Testing
@testable import Type2

@Suite("Ultralight AES configuration and key pages")
struct UltralightAESConfigurationTests {
    @Test("every field decodes from its bit")
    func decodes() throws {
        var pages = [UInt8](repeating: 0, count: UltralightAESConfiguration.byteCount)
        pages[0] = 0x03
        pages[3] = 0x10
        pages[4] = 0xCC
        pages[6] = 0x2C
        pages[7] = 0xFD
        pages[16] = 0x03
        let configuration = try #require(UltralightAESConfiguration(pages: pages))
        #expect(configuration.randomID && configuration.secureMessaging && configuration.firstProtectedPage == 0x10 && configuration.isProtected)
        #expect(configuration.protectsReads && configuration.configurationLocked && configuration.counterIncrementFree && configuration.counterReadFree)
        #expect(configuration.authenticationLimit == 0x12C, "10 bits: byte 2, then the low 2 bits of byte 3")
        #expect(configuration.dataProtectionKeyLocked && configuration.uidRetrievalKeyLocked)
        let off = try #require(UltralightAESConfiguration(pages: [UInt8](repeating: 0, count: 3) + [0x3C] + [UInt8](repeating: 0, count: 16)))
        #expect(!off.isProtected && !off.randomID && !off.protectsReads && off.authenticationLimit == 0 && !off.dataProtectionKeyLocked)
    }

    @Test("any other length is refused", arguments: [0, 4, 19, 21, 64])
    func wrongLength(_ count: Int) {
        #expect(UltralightAESConfiguration(pages: [UInt8](repeating: 0xFF, count: count)) == nil)
    }

    @Test("a key is stored fully byte-reversed: the first page's byte 0 is key byte 15")
    func keyPages() throws {
        let key = try #require(AESKey((0..<16).map { UInt8($0) }))
        #expect(UltralightAESKey.pages(storing: key) == [[15, 14, 13, 12], [11, 10, 9, 8], [7, 6, 5, 4], [3, 2, 1, 0]])
        #expect(UltralightAESKey.dataProtection.firstPage == 0x30 && UltralightAESKey.uidRetrieval.firstPage == 0x34 && UltralightAESKey.originality.firstPage == nil)
    }

    @Test("GET_VERSION 0004030x040F03 is an Ultralight AES (subtypes 01-03), other major versions are not")
    func version() {
        for subtype: UInt8 in [0x01, 0x02, 0x03] {
            #expect(Type2Product(version: [0x00, 0x04, 0x03, subtype, 0x04, 0x00, 0x0F, 0x03]) == .ultralightAES)
        }
        #expect(Type2Product(version: [0x00, 0x04, 0x03, 0x04, 0x04, 0x00, 0x0F, 0x03]) == nil)
        #expect(Type2Product(version: [0x00, 0x04, 0x03, 0x01, 0x01, 0x00, 0x0F, 0x03]) == nil)
        #expect(Type2Product.ultralightAES.signatureLength == 48 && !Type2Product.ultralightAES.hasPasswordAuthentication)
    }
}
