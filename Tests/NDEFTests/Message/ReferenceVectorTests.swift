import TestSupport
import Testing
@testable import NDEF

@Suite("Reference vectors from ndef.md, both ways")
struct ReferenceVectorTests {
    @Test(arguments: referenceVectors)
    func decodes(_ vector: ReferenceVector) throws {
        let mode: DecodingMode = vector.withoutMessageFlags ? .lenient : .strict
        let message = try NDEFMessage(decoding: vector.bytes, mode: mode)
        #expect(message.records == vector.records)
    }

    @Test(arguments: referenceVectors)
    func encodes(_ vector: ReferenceVector) throws {
        let message = NDEFMessage(records: vector.records)
        if vector.withoutMessageFlags {
            #expect(vector.records[0].encoded(messageBegin: false, messageEnd: false) == vector.bytes)
        } else {
            #expect(message.encoded() == vector.bytes)
            #expect(message.length == vector.bytes.count)
        }
    }

    @Test(arguments: referenceVectors.filter(\.withoutMessageFlags))
    func recordLevelVectorsLackMessageBeginInStrictMode(_ vector: ReferenceVector) {
        #expect(throws: NDEFError(offset: 0, reason: .missingMessageBegin)) {
            try NDEFMessage(decoding: vector.bytes)
        }
    }

    @Test func missingMessageBeginVector() throws {
        let bytes = hex("150000 160000 560000")
        #expect(throws: NDEFError(offset: 0, reason: .missingMessageBegin)) {
            try NDEFMessage(decoding: bytes)
        }
        let lenient = try NDEFMessage(decoding: bytes, mode: .lenient)
        #expect(lenient.records.map(\.typeNameFormat) == [.unknown, .unchanged, .unchanged])
    }

    @Test func typedConstructorsProduceTheVectors() throws {
        #expect(NDEFMessage(records: [.uri("http://nfcpy.org")]).encoded() == hex("D1010A55036E666370792E6F7267"))
        #expect(NDEFMessage(records: [.uri("smtp://nfcpy.org")]).encoded() == hex("D101115500736D74703A2F2F6E666370792E6F7267"))
        #expect(NDEFMessage(records: [try .wellKnownTypeTextPayload(string: "Hello", locale: "en")]).encoded()
            == hex("D101085402656E48656C6C6F"))
        #expect(NDEFMessage(records: [try .mime(type: "text/plain", data: Array("hi".utf8))]).encoded()
            == hex("D20A02746578742F706C61696E6869"))
        #expect(NDEFMessage(records: [try .external(type: "example.com:door", data: [1])]).encoded()
            == hex("D410016578616D706C652E636F6D3A646F6F7201"))
        let poster = SmartPoster(uri: "http://nfcpy.org", titles: [TextPayload(text: "nfcpy")])
        #expect(NDEFMessage(records: [try .smartPoster(poster)]).encoded()
            == hex("D1021A5370 91010A55036E666370792E6F7267 5101085402656E6E66637079"))
        let utf16 = TextPayload(text: "Hello", languageCode: "en", encoding: .utf16LittleEndianWithBOM)
        #expect(try utf16.encoded() == hex("82656EFFFE480065006C006C006F00"))
    }
}
