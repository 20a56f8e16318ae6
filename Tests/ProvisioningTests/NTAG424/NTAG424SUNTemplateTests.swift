import Credentials
import EV2SecureMessaging
import Testing
@testable import Provisioning

/// URL templates: placeholder offsets counted from the NDEF file's start (NLEN included) after
/// the URI prefix code, and the templates that cannot make a SUN file.
@Suite("NTAG 424 DNA SUN URL templates")
struct NTAG424SUNTemplateTests {
    @Test("e={picc}&c={mac}: PICCData at 25, an empty MAC input and the MAC at 60, as the simulator's keyed card")
    func eAndCLayout() throws {
        let template = try NTAG424SUNTemplate("https://example.com/sun?e={picc}&c={mac}")
        #expect(template.piccDataOffset == 25)
        #expect(template.macOffset == 60)
        #expect(template.macInputOffset == 60)
        #expect(template.encryptionOffset == nil)
        #expect(template.layout == SUNLayout(piccData: "e", mac: "c"))
        #expect(template.fileImage.count == 76)
        #expect(Array(template.fileImage[0..<7]) == [0x00, 74, 0xD1, 0x01, 70, 0x55, 0x04])
        #expect(String(decoding: template.fileImage[7..<25], as: UTF8.self) == "example.com/sun?e=")
        let settings = template.fileSettings()
        #expect(settings.accessRights == EV2AccessRights(read: 0xE, write: 3, readWrite: 3, change: 0))
        #expect(settings.sdm?.accessRights == EV2AccessRights(rawValue: 0x21F1))
        #expect(try settings.changeData() == [0x40, 0x30, 0xE3, 0xC1, 0xF1, 0x21, 25, 0, 0, 60, 0, 0, 60, 0, 0])
    }

    @Test("picc_data={picc}&enc={enc}&cmac={mac}: the MAC covers the enc digits and '&cmac='")
    func encryptedDataLayout() throws {
        let template = try NTAG424SUNTemplate("https://example.com/?picc_data={picc}&enc={enc}&cmac={mac}", fileData: Array("xyz".utf8))
        let enc = try #require(template.encryptionOffset)
        #expect(template.macInputOffset == enc)
        #expect(template.macOffset == enc + 32 + "&cmac=".utf8.count)
        #expect(Array(template.fileImage[enc..<enc + 3]) == Array("xyz".utf8))
        #expect(template.fileData?.count == 16)
        #expect(template.fileSettings().sdm?.encryptionLength == 32)
        #expect(template.layout == SUNLayout(piccData: "picc_data", fileData: "enc", mac: "cmac"))
    }

    @Test("templates that cannot make a SUN file", arguments: [
        ("https://example.com/?c={mac}", NTAG424SUNTemplate.Problem.missing("picc")),
        ("https://example.com/?e={picc}", .missing("mac")),
        ("https://example.com/?c={mac}&e={picc}", .macNotLast),
        ("https://example.com/?e={picc}&u={uid}&c={mac}", .unknownPlaceholder("uid")),
        ("https://example.com/?e={picc}&c={mac", .unclosedBrace),
        ("https://example.com/?e={picc}&f={picc}&c={mac}", .repeated("picc")),
        ("https://example.com/?e={picc}&x={enc}&c={mac}", .encWithoutData),
        ("https://example.com/{picc}?c={mac}", .notAParameter("picc")),
        ("https://example.com/?e={picc}&c=x{mac}", .notAParameter("mac")),
        ("https://example.com/" + String(repeating: "a", count: 200) + "?e={picc}&c={mac}", .tooLong(276)),
    ])
    func refusedTemplates(_ text: String, _ problem: NTAG424SUNTemplate.Problem) {
        #expect(throws: problem) { try NTAG424SUNTemplate(text) }
    }

    @Test("--file-data without {enc}, or longer than 16 bytes, is refused")
    func refusedFileData() {
        #expect(throws: NTAG424SUNTemplate.Problem.dataWithoutEnc) { try NTAG424SUNTemplate("https://e.com/?e={picc}&c={mac}", fileData: [1]) }
        #expect(throws: NTAG424SUNTemplate.Problem.fileDataTooLong(17)) {
            try NTAG424SUNTemplate("https://e.com/?e={picc}&x={enc}&c={mac}", fileData: [UInt8](repeating: 0x41, count: 17))
        }
    }
}
