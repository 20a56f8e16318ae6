import TestSupport
import PN532Simulator
import Testing

struct SimulatedTagMFDTests {
    @Test func roundTrip() throws {
        var tag = activeTag(.ntag215)
        _ = tag.send("A2 04 0311D101")
        _ = tag.send("A2 85 11223344")
        let copy = try SimulatedTag(product: .ntag215, mfd: tag.mfdImage)
        #expect(copy.memory == tag.memory)
        #expect(copy.uid == tag.uid)
        #expect(copy.signature == tag.signature)
        #expect(copy.mfdImage[0x85 * 4..<0x86 * 4] == [0x11, 0x22, 0x33, 0x44])
    }

    @Test func wrongSizeIsRefusedWithBothSizes() {
        #expect(throws: TagImageError.wrongSize(product: .ntag215, expected: 540, actual: 64)) {
            try SimulatedTag(product: .ntag215, mfd: [UInt8](repeating: 0, count: 64))
        }
        let message = TagImageError.wrongSize(product: .ntag215, expected: 540, actual: 64).description
        #expect(message.contains("540"))
        #expect(message.contains("64"))
        #expect(message.contains("ntag215"))
    }

    @Test func ultralightImageIs64Bytes() throws {
        let image = SimulatedTag(product: .ultralight).mfdImage
        #expect(image.count == 64)
        var tag = try SimulatedTag(product: .ultralight, mfd: image)
        tag.activate()
        #expect(tag.send("30 03") == .data(hex("E1100600 0300FE00 00000000 00000000")))
    }

    @Test func imageOfATestUIDGetsItsSignature() throws {
        let image = SimulatedTag(product: .ntag213, uid: hex("04000000000001")).mfdImage
        let tag = try SimulatedTag(product: .ntag213, mfd: image)
        #expect(tag.signature == hex("162E1AE7CC280C9D78A417AE7730FE53F3A6D5BD44E9AF9CCA1BC18DDBF1CAF7"))
    }

    @Test func imageStartsWithFreshSessionState() throws {
        let tag = try SimulatedTag(product: .ntag213, mfd: SimulatedTag(product: .ntag213).mfdImage)
        #expect(tag.state == .idle)
        #expect(tag.nfcCounter == 0)
        #expect(tag.failedPasswordAttempts == 0)
    }
}
