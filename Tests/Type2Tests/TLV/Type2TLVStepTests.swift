import NDEF
import Testing
import TestSupport
import Type2

@Suite("Type 2 TLV steps over a partly read data area")
struct Type2TLVStepTests {
    @Test func asksForTheHeaderBytesItLacks() throws {
        #expect(try Type2DataArea.step(in: [], areaSize: 48, at: 0, mode: .strict) == .needs(end: 1))
        #expect(try Type2DataArea.step(in: hex("03"), areaSize: 48, at: 0, mode: .strict) == .needs(end: 2))
        #expect(try Type2DataArea.step(in: hex("03FF01"), areaSize: 48, at: 0, mode: .strict) == .needs(end: 4))
        #expect(try Type2DataArea.step(in: hex("0000"), areaSize: 48, at: 2, mode: .strict) == .needs(end: 3))
    }

    @Test func valuesMayLiePastTheBytesReadButNotPastTheArea() throws {
        let block = Type2TLV(tag: .ndefMessage, offset: 0, value: 4..<304)
        #expect(try Type2DataArea.step(in: hex("03FF012C"), areaSize: 496, at: 0, mode: .strict) == .block(block))
        #expect(throws: NDEFError(offset: 4, reason: .truncated(.tlvValue, needed: 300, available: 44))) {
            try Type2DataArea.step(in: hex("03FF012C"), areaSize: 48, at: 0, mode: .lenient)
        }
    }

    /// The CC's area is the bound, not the bytes given: a header cut by the area's end is an
    /// error in both modes, even when more bytes follow it.
    @Test(arguments: [DecodingMode.strict, .lenient])
    func headersCutByTheAreaEndAreErrors(_ mode: DecodingMode) throws {
        #expect(throws: NDEFError(offset: 8, reason: .truncated(.tlvLength, needed: 1, available: 0))) {
            try Type2DataArea.step(in: hex("00000000 00000003 05"), areaSize: 8, at: 7, mode: mode)
        }
        #expect(throws: NDEFError(offset: 6, reason: .truncated(.tlvLength, needed: 3, available: 2))) {
            try Type2DataArea.step(in: hex("00000000 0003FF00 0010"), areaSize: 8, at: 5, mode: mode)
        }
    }

    @Test func endsAtTheAreaEnd() throws {
        #expect(try Type2DataArea.step(in: hex("0000"), areaSize: 2, at: 2, mode: .strict) == .end)
        #expect(try Type2DataArea.step(in: [], areaSize: 0, at: 0, mode: .strict) == .end)
        #expect(try Type2DataArea.step(in: hex("00"), areaSize: 8, at: 0, mode: .strict) == .block(Type2TLV(tag: .null, offset: 0, value: 1..<1)))
    }
}
