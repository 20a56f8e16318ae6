import TestSupport
import PN532Simulator
import Testing

struct SimulatedTagReadTests {
    @Test func readReturnsFourPages() {
        var tag = activeTag(.ntag213)
        #expect(tag.send("30 00") == .data(Array(tag.memory[0..<16])))
        #expect(tag.send("30 03") == .data(hex("E1101200 0103A00C 340300FE 00000000")))
    }

    @Test func readWrapsToPageZeroPastTheLastPage() {
        var tag = activeTag(.ntag213)
        let response = tag.send("30 2A")
        #expect(response == .data(hex("00050000 00000000 00000000") + tag.storedPage(0)))
    }

    @Test func readOfThePlainUltralightWrapsAfterPage15() {
        var tag = activeTag(.ultralight)
        tag.memory.replaceSubrange(56..<64, with: hex("11111111 22222222"))
        #expect(tag.send("30 0E") == .data(hex("11111111 22222222") + Array(tag.memory[0..<8])))
    }

    @Test(arguments: [
        (TagProduct.ntag213, "30 2D"), (.ntag215, "30 87"), (.ultralight, "30 10"), (.ntag210, "30 FF"),
    ])
    func readPastTheLastPageIsRefused(product: TagProduct, command: String) {
        var tag = activeTag(product)
        #expect(tag.send(command) == .nak(0x0))
    }

    @Test func passwordAndPackReadAsZero() {
        var tag = activeTag(.ntag215)
        #expect(tag.send("A2 85 12345678") == .ack(pagesWritten: 1))
        #expect(tag.send("A2 86 ABCD0000") == .ack(pagesWritten: 1))
        #expect(tag.send("30 84") == .data(hex("00050000 00000000 00000000") + tag.storedPage(0)))
        #expect(tag.storedPage(0x85) == hex("12345678"))
        #expect(tag.storedPage(0x86) == hex("ABCD0000"))
    }

    @Test func fastReadReturnsTheRange() {
        var tag = activeTag(.ntag213)
        #expect(tag.send("3A 04 05") == .data(hex("0103A00C 340300FE")))
        #expect(tag.send("3A 03 03") == .data(hex("E1101200")))
    }

    @Test func fastReadOfTheWholeTagHidesPasswordAndPack() {
        var tag = activeTag(.ntag213)
        let expected = Array(tag.memory[0..<0x2B * 4]) + [UInt8](repeating: 0, count: 8)
        #expect(tag.send("3A 00 2C") == .data(expected))
    }

    @Test(arguments: ["3A 05 04", "3A 00 2D", "3A 2D 2D", "3A 04"])
    func fastReadRefusesBadRanges(command: String) {
        var tag = activeTag(.ntag213)
        #expect(tag.send(command) == .nak(0x0))
    }

    @Test func fastReadWorksOnUltralightEV1() {
        var tag = activeTag(.ultralightEV1MF0UL11)
        #expect(tag.send("3A 03 04") == .data(hex("E1100600 0300FE00")))
    }

    @Test func plainUltralightHasNoFastRead() {
        var tag = activeTag(.ultralight)
        #expect(tag.send("3A 00 03") == .silent)
    }

    @Test func readsWriteNothing() {
        var tag = activeTag(.ntag216)
        #expect(tag.send("30 04").pagesWritten == 0)
        #expect(tag.send("3A 00 10").pagesWritten == 0)
    }
}
