import TestSupport
import PN532Simulator
import Testing

struct SimulatedTagLockBitsTests {
    @Test func staticLockBitMakesItsPageReadOnly() {
        var tag = activeTag(.ntag213)
        #expect(tag.send("A2 02 0000 1000") == .ack(pagesWritten: 1))
        #expect(tag.send("A2 04 DEADBEEF") == .nak(0x0))
        #expect(tag.sendAfterSelect("A2 05 DEADBEEF") == .ack(pagesWritten: 1))
        #expect(tag.storedPage(4) == hex("0103A00C"))
    }

    @Test(arguments: 8...15)
    func secondStaticLockByteLocksPages8To15(page: Int) {
        var tag = activeTag(.ultralight)
        let bit = UInt8(1 << (page - 8))
        #expect(tag.respond(to: [0xA2, 0x02, 0, 0, 0, bit]) == .ack(pagesWritten: 1))
        #expect(tag.respond(to: zeroWrite(page: page)) == .nak(0x0))
        tag.activate()
        #expect(tag.respond(to: zeroWrite(page: page == 8 ? 9 : 8)) == .ack(pagesWritten: 1))
    }

    @Test func staticLockBitsCannotBeCleared() {
        var tag = activeTag(.ntag213)
        #expect(tag.send("A2 02 0000 F0FF") == .ack(pagesWritten: 1))
        #expect(tag.send("A2 02 0000 0000") == .ack(pagesWritten: 1))
        #expect(Array(tag.storedPage(2)[2...]) == [0xF0, 0xFF])
        #expect(tag.send("A2 0F 00000000") == .nak(0x0))
    }

    @Test func capabilityContainerLockBit() {
        var tag = activeTag(.ntag213)
        #expect(tag.send("A2 02 0000 0800") == .ack(pagesWritten: 1))
        #expect(tag.send("A2 03 0000000F") == .nak(0x0))
        #expect(tag.storedPage(3) == hex("E1101200"))
    }

    @Test func blockLockingBitsFreezeTheirLockBits() {
        var tag = activeTag(.ntag213)
        #expect(tag.send("A2 02 0000 0700") == .ack(pagesWritten: 1))
        #expect(tag.send("A2 02 0000 F8FF") == .ack(pagesWritten: 1))
        #expect(Array(tag.storedPage(2)[2...]) == [0x07, 0x00])
        #expect(tag.send("A2 03 0000000F") == .ack(pagesWritten: 1))
        #expect(tag.send("A2 04 DEADBEEF") == .ack(pagesWritten: 1))
        #expect(tag.send("A2 0F DEADBEEF") == .ack(pagesWritten: 1))
    }

    @Test func blockLockingBitForPages10To15LeavesPages8And9Lockable() {
        var tag = activeTag(.ultralight)
        #expect(tag.send("A2 02 0000 0400") == .ack(pagesWritten: 1))
        #expect(tag.send("A2 02 0000 00FF") == .ack(pagesWritten: 1))
        #expect(Array(tag.storedPage(2)[2...]) == [0x04, 0x03])
        #expect(tag.send("A2 0A 00000000") == .ack(pagesWritten: 1))
        #expect(tag.send("A2 09 00000000") == .nak(0x0))
    }

    @Test func lockBitsAndBlockLockingBitsInOneWriteAllTakeEffect() {
        var tag = activeTag(.ntag213)
        #expect(tag.send("A2 02 0000 FFFF") == .ack(pagesWritten: 1))
        for page in 3...15 {
            tag.activate()
            #expect(tag.respond(to: zeroWrite(page: page)) == .nak(0x0))
        }
        #expect(tag.sendAfterSelect("A2 10 00000000") == .ack(pagesWritten: 1))
    }

    @Test func ntag213DynamicLockBitsLockTwoPagesEach() {
        var tag = activeTag(.ntag213)
        #expect(tag.send("A2 28 030000 00") == .ack(pagesWritten: 1))
        for page in ["10", "11", "12", "13"] {
            #expect(tag.sendAfterSelect("A2 \(page) 00000000") == .nak(0x0))
        }
        #expect(tag.sendAfterSelect("A2 14 00000000") == .ack(pagesWritten: 1))
        #expect(tag.send("A2 28 00080000") == .ack(pagesWritten: 1))
        #expect(tag.send("A2 27 00000000") == .nak(0x0))
        #expect(tag.sendAfterSelect("A2 25 00000000") == .ack(pagesWritten: 1))
    }

    @Test func dynamicLockBitsCannotBeClearedAndKeepTheRFUIByte() {
        var tag = activeTag(.ntag213)
        #expect(tag.send("A2 28 0F0101 00") == .ack(pagesWritten: 1))
        #expect(tag.send("A2 28 00000000") == .ack(pagesWritten: 1))
        #expect(tag.storedPage(0x28) == hex("0F0101BD"))
    }

    @Test func dynamicBlockLockingBitFreezesTwoLockBits() {
        var tag = activeTag(.ntag213)
        #expect(tag.send("A2 28 000001 00") == .ack(pagesWritten: 1))
        #expect(tag.send("A2 28 070000 00") == .ack(pagesWritten: 1))
        #expect(tag.storedPage(0x28) == hex("040001BD"))
        #expect(tag.send("A2 10 00000000") == .ack(pagesWritten: 1))
        #expect(tag.send("A2 13 00000000") == .ack(pagesWritten: 1))
        #expect(tag.send("A2 14 00000000") == .nak(0x0))
    }

    @Test func ntag215DynamicLockBitsLockSixteenPagesEach() {
        var tag = activeTag(.ntag215)
        #expect(tag.send("A2 82 01000000") == .ack(pagesWritten: 1))
        #expect(tag.send("A2 10 00000000") == .nak(0x0))
        #expect(tag.sendAfterSelect("A2 1F 00000000") == .nak(0x0))
        #expect(tag.sendAfterSelect("A2 20 00000000") == .ack(pagesWritten: 1))
        #expect(tag.send("A2 82 80000000") == .ack(pagesWritten: 1))
        #expect(tag.send("A2 81 00000000") == .nak(0x0))
        #expect(tag.sendAfterSelect("A2 7F 00000000") == .ack(pagesWritten: 1))
    }

    @Test func ntag216LastDynamicLockBitCoversPages224And225() {
        var tag = activeTag(.ntag216)
        #expect(tag.send("A2 E2 00200000") == .ack(pagesWritten: 1))
        #expect(tag.send("A2 E0 00000000") == .nak(0x0))
        #expect(tag.sendAfterSelect("A2 E1 00000000") == .nak(0x0))
        #expect(tag.sendAfterSelect("A2 DF 00000000") == .ack(pagesWritten: 1))
    }

    @Test func ultralightEV1DynamicLockBits() {
        var tag = activeTag(.ultralightEV1MF0UL21)
        #expect(tag.send("A2 24 00020000") == .ack(pagesWritten: 1))
        #expect(tag.send("A2 22 00000000") == .nak(0x0))
        #expect(tag.sendAfterSelect("A2 23 00000000") == .nak(0x0))
        #expect(tag.sendAfterSelect("A2 21 00000000") == .ack(pagesWritten: 1))
    }

    @Test func makingNTAG213ReadOnly() {
        var tag = activeTag(.ntag213)
        #expect(tag.send("A2 03 0000000F") == .ack(pagesWritten: 1))
        #expect(tag.send("A2 02 0000FFFF") == .ack(pagesWritten: 1))
        #expect(tag.send("A2 28 FFFFFF00") == .ack(pagesWritten: 1))
        for page in 3..<0x28 {
            tag.activate()
            #expect(tag.respond(to: zeroWrite(page: page)) == .nak(0x0))
        }
        #expect(tag.storedPage(3) == hex("E110120F"))
        #expect(tag.storedPage(0x28) == hex("FFFFFFBD"))
    }

    @Test func configurationLockFreezesCFG0AndCFG1ButNotThePassword() {
        var tag = activeTag(.ntag213)
        #expect(tag.send("A2 2A 40050000") == .ack(pagesWritten: 1))
        #expect(tag.send("A2 29 04000004") == .nak(0x0))
        #expect(tag.sendAfterSelect("A2 2A 00050000") == .nak(0x0))
        #expect(tag.sendAfterSelect("A2 2B 12345678") == .ack(pagesWritten: 1))
        #expect(tag.send("A2 2C 12340000") == .ack(pagesWritten: 1))
        #expect(tag.storedPage(0x29) == hex("040000FF"))
        #expect(tag.storedPage(0x2A) == hex("40050000"))
    }
}

