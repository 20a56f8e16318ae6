import Testing
@testable import NDEF

@Suite("URI records: prefix table, longest match, IRIs")
struct URIPayloadTests {
    @Test func tableHas36Prefixes() throws {
        #expect(URIPayload.prefixes.count == 0x24)
        #expect(URIPayload.prefixes[0x23] == "urn:nfc:")
        #expect(URIPayload.prefixes[0x07] == "ftp://anonymous:anonymous@")
    }

    @Test(arguments: Array(URIPayload.prefixes.enumerated().dropFirst()))
    func everyPrefixIsChosen(_ entry: (offset: Int, element: String)) {
        let encoded = URIPayload(uri: entry.element + "x").encoded()
        #expect(encoded == [UInt8(entry.offset)] + Array("x".utf8))
    }

    @Test func longestMatchWins() throws {
        #expect(URIPayload(uri: "https://www.example.com").encoded().first == 0x02)
        #expect(URIPayload(uri: "urn:epc:id:sgtin:1").encoded().first == 0x1E)
        #expect(URIPayload(uri: "urn:epc:x").encoded().first == 0x22)
        #expect(URIPayload(uri: "urn:x").encoded().first == 0x13)
        #expect(URIPayload(uri: "ftp://anonymous:anonymous@h").encoded() == [0x07, 0x68])
    }

    @Test func nonASCIIIRIKeepsUTF8() throws {
        let iri = URIPayload(uri: "https://bücher.example/straße")
        #expect(iri.encoded() == [0x04] + Array("bücher.example/straße".utf8))
        #expect(try URIPayload(decoding: iri.encoded()) == iri)
    }

    @Test func invalidPrefixCode() throws {
        #expect(throws: NDEFError(offset: 0, reason: .invalidURIPrefix(0x24))) { try URIPayload(decoding: [0x24, 0x61]) }
        #expect(throws: NDEFError(offset: 0, reason: .invalidURIPrefix(0xFF))) {
            try URIPayload(decoding: [0xFF], mode: .lenient)
        }
        #expect(throws: NDEFError(offset: 0, reason: .payloadTooShort(needed: 1, available: 0))) { try URIPayload(decoding: []) }
    }

    @Test func coreNFCAccessors() throws {
        let record = NDEFRecord.wellKnownTypeURIPayload(url: "https://nfcpy.org")
        #expect(record.wellKnownTypeURIPayload() == "https://nfcpy.org")
        #expect(try NDEFRecord.wellKnownTypeTextPayload(string: "x", locale: "en").wellKnownTypeURIPayload() == nil)
    }

    @Test func uriPayloadFromAStringIsNilForNoURI() throws {
        #expect(NDEFRecord.wellKnownTypeURIPayload(string: "https://nfcpy.org") == .uri("https://nfcpy.org"))
        #expect(NDEFRecord.wellKnownTypeURIPayload(string: "https://example.com/café")?.wellKnownTypeURIPayload() == "https://example.com/café")
        for notURI in ["", "https://example.com/a b", "tel:\n123", "https://example.com/\u{7F}", "https://example.com/\u{85}"] {
            #expect(NDEFRecord.wellKnownTypeURIPayload(string: notURI) == nil, "\(notURI.debugDescription)")
        }
    }

    @Test func coreNFCSpellingOfTheTextAccessor() throws {
        let record = try NDEFRecord.wellKnownTypeTextPayload(string: "Bonjour", locale: "fr")
        #expect(record.wellKnowTypeTextPayload() == ("Bonjour", "fr"))
    }
}
