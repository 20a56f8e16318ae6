import Testing
@testable import NDEF

@Suite("Smart Poster records")
struct SmartPosterTests {
    @Test func fullPosterRoundTrips() throws {
        let poster = SmartPoster(
            uri: "https://example.com/door",
            titles: [TextPayload(text: "Door", languageCode: "en"), TextPayload(text: "Tür", languageCode: "de")],
            action: .save, size: 70000, type: "text/html",
            icons: [SmartPoster.Icon(mimeType: "image/png", data: [0x89, 0x50])])
        let record = try NDEFRecord.smartPoster(poster)
        #expect(record.typeString == "Sp")
        #expect(try record.content() == .smartPoster(poster))
    }

    @Test func actionSizeAndTypeBytes() throws {
        let payload = try SmartPoster(uri: "http://a", action: .edit, size: 0x01020304, type: "a/b").encoded()
        let records = try NDEFMessage(decoding: payload).records
        #expect(records.map(\.typeString) == ["U", "act", "s", "t"])
        #expect(records[1].payload == [0x02])
        #expect(records[2].payload == [1, 2, 3, 4])
        #expect(records[3].payload == Array("a/b".utf8))
    }

    @Test func needsExactlyOneURI() throws {
        let noURI = NDEFMessage(records: [try .wellKnownTypeTextPayload(string: "t", locale: "en")]).encoded()
        #expect(throws: NDEFError(offset: 0, reason: .smartPosterURICount(0))) { try SmartPoster(decoding: noURI) }
        let twoURIs = NDEFMessage(records: [.uri("http://a"), .uri("http://b")]).encoded()
        #expect(throws: NDEFError(offset: 0, reason: .smartPosterURICount(2))) { try SmartPoster(decoding: twoURIs) }
    }

    @Test func invalidActionAndSize() throws {
        let act = record(.nfcWellKnown, "act", [3])
        #expect(throws: NDEFError(offset: 0, reason: .invalidSmartPosterAction(3))) {
            try SmartPoster(decoding: NDEFMessage(records: [.uri("http://a"), act]).encoded())
        }
        let size = record(.nfcWellKnown, "s", [1, 2])
        #expect(throws: NDEFError(offset: 0, reason: .invalidSmartPosterField("size"))) {
            try SmartPoster(decoding: NDEFMessage(records: [.uri("http://a"), size]).encoded())
        }
    }

    @Test func unknownRecordsAreIgnored() throws {
        let payload = NDEFMessage(records: [.uri("http://a"), record(.nfcExternal, "x.org:y", [1])]).encoded()
        #expect(try SmartPoster(decoding: payload) == SmartPoster(uri: "http://a"))
    }
}
