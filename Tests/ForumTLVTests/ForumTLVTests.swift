import ForumTLV
import NDEF
import Testing

/// The NDEF Message TLV, the capacity and the control areas shared by Type 1 and Type 2.
struct ForumTLVTests {
    @Test func theNDEFTLVTakesAOneOrThreeByteLength() throws {
        #expect(try ForumTLV.ndefTLV(for: [0xAA]) == [0x03, 0x01, 0xAA, 0xFE])
        #expect(try ForumTLV.ndefTLV(for: [0xAA], terminator: false) == [0x03, 0x01, 0xAA])
        let long = [UInt8](repeating: 0x55, count: 300)
        #expect(try Array(ForumTLV.ndefTLV(for: long).prefix(4)) == [0x03, 0xFF, 0x01, 0x2C])
        #expect(throws: NDEFError(offset: 0, reason: .messageTooLongForTLV(0xFFFF))) {
            try ForumTLV.ndefTLV(for: [UInt8](repeating: 0, count: 0xFFFF))
        }
    }

    @Test(arguments: [(0, 0), (1, 0), (92, 90), (256, 254), (257, 254), (259, 255), (466, 462), (496, 492)])
    func capacityLeavesRoomForTheHeader(size: Int, capacity: Int) {
        #expect(ForumTLV.capacity(ofDataArea: size) == capacity)
    }

    @Test func aTopaz512sControlTLVsNameBlockF() throws {
        let lock = try #require(ForumControlArea(value: [0xF2, 0x30, 0x33], isLock: true))
        #expect(lock.range == 0x7A..<0x80)
        #expect(lock.kind == .lock(bitCount: 48, bytesPerBit: 8))
        let reserved = try #require(ForumControlArea(value: [0xF0, 0x02, 0x03], isLock: false))
        #expect(reserved.range == 0x78..<0x7A)
        #expect(reserved.lockedValues.isEmpty)
    }

    @Test func aPartialLockByteSetsOnlyItsBits() throws {
        let lock = try #require(ForumControlArea(value: [0x00, 12, 0x00], isLock: true))
        #expect(lock.lockedValues == [0xFF, 0x0F])
        #expect(ForumControlArea(value: [0x00, 0x0C, 0x00], isLock: true)?.range == 0..<2)
    }

    @Test func zeroMeans256AndAValueThatIsNotThreeBytesIsRefused() {
        #expect(ForumControlArea(value: [0x00, 0x00, 0x00], isLock: false)?.range == 0..<256)
        #expect(ForumControlArea(value: [0x00, 0x00, 0x00], isLock: true)?.range == 0..<32)
        #expect(ForumControlArea(value: [0xF2, 0x30], isLock: true) == nil)
    }
}
