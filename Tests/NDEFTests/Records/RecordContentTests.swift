import Testing
@testable import NDEF

@Suite("Typed constructors and decoded content")
struct RecordContentTests {
    @Test func eachKindDecodesBack() throws {
        #expect(try NDEFRecord.empty.content() == .empty)
        #expect(try NDEFRecord.uri("tel:123").content() == .uri(URIPayload(uri: "tel:123")))
        #expect(try NDEFRecord.mime(type: "application/json", data: [0x7B]).content()
            == .media(type: "application/json", data: [0x7B]))
        #expect(try NDEFRecord.absoluteURI("https://a.b/c").content() == .absoluteURI("https://a.b/c"))
        #expect(try NDEFRecord.external(type: "pn532ctl.org:token", data: [9]).content()
            == .external(type: "pn532ctl.org:token", data: [9]))
        #expect(try NDEFRecord.androidApplication(packageName: "org.example").content()
            == .androidApplication(packageName: "org.example"))
        #expect(try record(.nfcExternal, "Android.COM:pkg", Array("a".utf8)).content()
            == .androidApplication(packageName: "a"))
        #expect(try record(.nfcWellKnown, "Sig", [1]).content() == .wellKnown(type: "Sig", data: [1]))
        #expect(try record(.unknown, "", [5]).content() == .unknown(data: [5]))
    }

    @Test func absoluteURIHasTypeAndNoPayload() throws {
        let record = try NDEFRecord.absoluteURI("urn:x:y")
        #expect(record.typeNameFormat == .absoluteURI)
        #expect(record.type == Array("urn:x:y".utf8))
        #expect(record.payload.isEmpty)
    }

    @Test(arguments: ["text", "text/", "/plain", "te xt/plain", "tëxt/plain", ""])
    func invalidMIMETypes(_ type: String) throws {
        #expect(throws: NDEFError(offset: 0, reason: .invalidType(type))) { try NDEFRecord.mime(type: type, data: []) }
    }

    @Test func mimeParametersAreAllowed() throws {
        _ = try NDEFRecord.mime(type: "text/plain; charset=utf-8", data: [])
    }

    @Test(arguments: ["example.com", ":door", "example.com:", "a b:c", ""])
    func invalidExternalTypes(_ type: String) throws {
        #expect(throws: NDEFError(offset: 0, reason: .invalidType(type))) { try NDEFRecord.external(type: type, data: []) }
    }

    @Test(arguments: ["nfcpy.org", ":x", ""])
    func invalidAbsoluteURIs(_ uri: String) throws {
        #expect(throws: NDEFError(offset: 0, reason: .invalidType(uri))) { try NDEFRecord.absoluteURI(uri) }
    }

    @Test func coreNFCTextAccessor() throws {
        let record = try NDEFRecord.wellKnownTypeTextPayload(string: "Bonjour", locale: "fr")
        let (text, language) = record.wellKnownTypeTextPayload()
        #expect(text == "Bonjour")
        #expect(language == "fr")
        #expect(NDEFRecord.uri("http://a").wellKnownTypeTextPayload().text == nil)
    }
}
