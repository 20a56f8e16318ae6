import TestSupport
import Testing
@testable import NDEF

@Suite("Property: random messages round-trip through encode and decode")
struct RoundTripPropertyTests {
    static func randomRecord(_ random: inout SeededGenerator) -> NDEFRecord {
        let format = [TypeNameFormat.empty, .nfcWellKnown, .media, .absoluteURI, .nfcExternal, .unknown]
            .randomElement(using: &random)!
        if format == .empty { return .empty }
        let typeLength = format == .unknown ? 0 : Int.random(in: 1...12, using: &random)
        let idLength = Bool.random(using: &random) ? 0 : Int.random(in: 1...8, using: &random)
        let payloadLength = [0, 1, 254, 255, 256, 300, Int.random(in: 0...600, using: &random)]
            .randomElement(using: &random)!
        return NDEFRecord(
            unchecked: format, type: random.bytes(typeLength), identifier: random.bytes(idLength),
            payload: random.bytes(payloadLength))
    }

    @Test func randomMessagesRoundTrip() throws {
        var random = SeededGenerator(seed: 0x5EED_0001)
        for _ in 0..<2000 {
            let message = NDEFMessage(records: (0..<Int.random(in: 1...5, using: &random)).map { _ in
                Self.randomRecord(&random)
            })
            let bytes = message.encoded()
            #expect(bytes.count == message.length)
            #expect(try NDEFMessage(decoding: bytes) == message)
            let chunk = Int.random(in: 1...64, using: &random)
            #expect(try NDEFMessage(decoding: message.encoded(maximumChunkSize: chunk)) == message)
        }
    }

    @Test func randomBytesNeverCrashTheDecoder() throws {
        var random = SeededGenerator(seed: 0x5EED_0002)
        var decoded = 0
        for _ in 0..<20000 {
            let bytes = random.bytes(Int.random(in: 0...40, using: &random))
            for mode in [DecodingMode.strict, .lenient] {
                if let message = try? NDEFMessage(decoding: bytes, mode: mode) {
                    decoded += 1
                    for record in message.records { _ = try? record.content(mode: mode) }
                }
            }
        }
        #expect(decoded > 0)
    }

    @Test func randomTextAndURIRecordsRoundTrip() throws {
        var random = SeededGenerator(seed: 0x5EED_0003)
        let alphabet = Array("aé€😀/:.-_ ?&=#\u{0}\u{7F}中文") + UnicodeScalarSet.ascii
        for _ in 0..<1000 {
            let text = String((0..<Int.random(in: 0...40, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            let encoding = TextEncoding.allCases.randomElement(using: &random)!
            let payload = TextPayload(text: text, languageCode: "de-CH", encoding: encoding)
            #expect(try TextPayload(decoding: payload.encoded()) == payload)
            let prefix = URIPayload.prefixes.randomElement(using: &random)!
            let uri = URIPayload(uri: prefix + text)
            #expect(try URIPayload(decoding: uri.encoded()) == uri)
        }
    }
}

private enum UnicodeScalarSet {
    static let ascii: [Character] = (0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }
}
