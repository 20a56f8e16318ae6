import TestSupport
import PN532Simulator
import Testing

struct SimulatedTagWriteTests {
    @Test func writeThenRead() {
        var tag = activeTag(.ntag215)
        #expect(tag.send("A2 04 DEADBEEF") == .ack(pagesWritten: 1))
        #expect(tag.send("30 04") == .data(hex("DEADBEEF 00000000 00000000 00000000")))
    }

    @Test(arguments: [
        (TagProduct.ntag213, "A2 2D 00000000"),
        (.ntag215, "A2 87 00000000"),
        (.ultralight, "A2 10 00000000"),
        (.ntag213, "A2 00 04A1B29F"),
        (.ntag213, "A2 01 C3D4E5F6"),
        (.ntag213, "A2 04 0000"),
    ])
    func refusedWrites(product: TagProduct, command: String) {
        var tag = activeTag(product)
        let before = tag.memory
        let response = tag.send(command)
        #expect(response == .nak(0x0))
        #expect(response.pagesWritten == 0)
        #expect(tag.memory == before)
    }

    @Test func writeToPage2TakesOnlyTheLockBytes() {
        var tag = activeTag(.ntag213)
        let checkByte = tag.storedPage(2)[0]
        #expect(tag.send("A2 02 FFFF 1000") == .ack(pagesWritten: 1))
        #expect(tag.storedPage(2) == [checkByte, 0x48, 0x10, 0x00])
        #expect(tag.send("A2 02 0000 0001") == .ack(pagesWritten: 1))
        #expect(tag.storedPage(2) == [checkByte, 0x48, 0x10, 0x01])
    }

    @Test func capabilityContainerBitsCanOnlyBeSet() {
        var tag = activeTag(.ntag213)
        #expect(tag.send("A2 03 00000000") == .ack(pagesWritten: 1))
        #expect(tag.storedPage(3) == hex("E1101200"))
        #expect(tag.send("A2 03 0000000F") == .ack(pagesWritten: 1))
        #expect(tag.storedPage(3) == hex("E110120F"))
    }

    @Test func blankTagCanBeFormatted() {
        var tag = SimulatedTag.blank()
        tag.activate()
        #expect(tag.send("A2 03 E1100600") == .ack(pagesWritten: 1))
        #expect(tag.send("A2 04 0300FE00") == .ack(pagesWritten: 1))
        #expect(tag.send("30 03") == .data(hex("E1100600 0300FE00 00000000 00000000")))
    }

    @Test func compatibilityWriteTakesTheFirstFourOfSixteenBytes() {
        var tag = activeTag(.ultralight)
        #expect(tag.send("A0 05") == .ack(pagesWritten: 0))
        #expect(tag.send("11223344 55667788 99AABBCC DDEEFF00") == .ack(pagesWritten: 1))
        #expect(tag.storedPage(5) == hex("11223344"))
        #expect(tag.storedPage(6) == [0, 0, 0, 0])
        #expect(tag.send("30 05") == .data(hex("11223344 00000000 00000000 00000000")))
    }

    @Test func compatibilityWriteToALockedPageIsRefusedWithTheData() {
        var tag = activeTag(.ntag213)
        #expect(tag.send("A0 00") == .ack(pagesWritten: 0))
        #expect(tag.send("00000000 00000000 00000000 00000000") == .nak(0x0))
        #expect(tag.uid == hex("04A1B2C3D4E5F6"))
    }

    @Test func compatibilityWritePastTheLastPageIsRefused() {
        var tag = activeTag(.ntag213)
        #expect(tag.send("A0 2D") == .nak(0x0))
    }

    @Test func compatibilityWriteWithShortDataIsRefused() {
        var tag = activeTag(.ntag213)
        #expect(tag.send("A0 04") == .ack(pagesWritten: 0))
        #expect(tag.send("11223344") == .nak(0x0))
        #expect(tag.storedPage(4) == hex("0103A00C"))
    }

    @Test func activationDropsAHalfDoneCompatibilityWrite() {
        var tag = activeTag(.ntag213)
        #expect(tag.send("A0 04") == .ack(pagesWritten: 0))
        tag.activate()
        #expect(tag.send("30 04 0000 00000000 00000000 00000000") == .nak(0x0))
        #expect(tag.storedPage(4) == hex("0103A00C"))
    }

    @Test func pagesAfterTheDynamicLockBytesAreWritable() {
        var tag = activeTag(.ntag216)
        #expect(tag.send("A2 E1 01020304") == .ack(pagesWritten: 1))
        #expect(tag.send("A2 E3 040000FE") == .ack(pagesWritten: 1))
        #expect(tag.storedPage(0xE3) == hex("040000FE"))
    }
}
