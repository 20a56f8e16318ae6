import TestSupport
import Testing
@testable import NDEF

@Suite("Text records: UTF-8, UTF-16 in both byte orders, language codes")
struct TextPayloadTests {
    @Test func utf16LittleEndianWithBOM() throws {
        let text = try TextPayload(decoding: hex("82 656E FFFE 480065006C006C006F00"))
        #expect(text == TextPayload(text: "Hello", languageCode: "en", encoding: .utf16LittleEndianWithBOM))
    }

    @Test func utf16BigEndianWithBOM() throws {
        let text = try TextPayload(decoding: hex("82 656E FEFF 00480069"))
        #expect(text == TextPayload(text: "Hi", languageCode: "en", encoding: .utf16BigEndianWithBOM))
        #expect(try text.encoded() == hex("82 656E FEFF 00480069"))
    }

    @Test func utf16WithoutBOMIsBigEndian() throws {
        let text = try TextPayload(decoding: hex("82 656E 00480069"))
        #expect(text.text == "Hi")
        #expect(text.encoding == .utf16BigEndian)
        #expect(try text.encoded() == hex("82 656E 00480069"))
    }

    @Test func utf16SurrogatePairs() throws {
        let emoji = TextPayload(text: "😀", languageCode: "en", encoding: .utf16BigEndian)
        #expect(try emoji.encoded() == hex("82 656E D83DDE00"))
        #expect(try TextPayload(decoding: hex("82 656E FFFE 3DD800DE")).text == "😀")
    }

    @Test func invalidUTF16() throws {
        #expect(throws: NDEFError(offset: 3, reason: .invalidUTF16)) { try TextPayload(decoding: hex("82 656E 004800")) }
        #expect(throws: NDEFError(offset: 3, reason: .invalidUTF16)) { try TextPayload(decoding: hex("82 656E D83D")) }
        #expect(try TextPayload(decoding: hex("82 656E D83D"), mode: .lenient).text == "\u{FFFD}")
    }

    @Test func invalidUTF8IsRejectedStrictlyAndReplacedLeniently() throws {
        #expect(throws: NDEFError(offset: 3, reason: .invalidUTF8)) { try TextPayload(decoding: hex("02 656E C328")) }
        #expect(try TextPayload(decoding: hex("02 656E C328"), mode: .lenient).text == "\u{FFFD}(")
    }

    @Test func statusByteChecks() throws {
        #expect(throws: NDEFError(offset: 0, reason: .payloadTooShort(needed: 1, available: 0))) {
            try TextPayload(decoding: [])
        }
        #expect(throws: NDEFError(offset: 0, reason: .payloadTooShort(needed: 6, available: 3))) {
            try TextPayload(decoding: hex("05 656E"))
        }
        #expect(throws: NDEFError(offset: 0, reason: .reservedTextStatusBit)) { try TextPayload(decoding: hex("42 656E 41")) }
        #expect(throws: NDEFError(offset: 1, reason: .invalidLanguageCode)) { try TextPayload(decoding: hex("02 6520 41")) }
    }

    @Test func languageCodeLimits() throws {
        let long = TextPayload(text: "x", languageCode: String(repeating: "a", count: 64))
        #expect(throws: NDEFError(offset: 1, reason: .fieldTooLong(.type, length: 64, maximum: 63))) { try long.encoded() }
        #expect(throws: NDEFError(offset: 1, reason: .invalidLanguageCode)) {
            try TextPayload(text: "x", languageCode: "é").encoded()
        }
        let longest = TextPayload(text: "x", languageCode: String(repeating: "a", count: 63))
        #expect(try TextPayload(decoding: longest.encoded()) == longest)
    }
}
