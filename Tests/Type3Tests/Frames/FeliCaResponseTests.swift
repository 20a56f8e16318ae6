import Type3
import Testing

@Suite("FeliCa response frames: the length byte counts the frame")
struct FeliCaResponseTests {
    @Test func thePacketFollowsALengthByteThatCountsTheFrame() {
        #expect(FeliCaResponse(frame: [0x04, 0x07, 0xAA, 0xBB])?.packet == [0x07, 0xAA, 0xBB])
        #expect(FeliCaResponse(frame: [0x02, 0x07])?.packet == [0x07])
    }

    @Test(arguments: [[], [0x01], [0x05, 0x07, 0xAA], [0x02, 0x07, 0xAA], [0x00, 0x07]] as [[UInt8]])
    func aFrameWhoseLengthByteDoesNotCountItIsRefused(_ frame: [UInt8]) {
        #expect(FeliCaResponse(frame: frame) == nil)
    }

    @Test func aPacketIsFramedWithItsLength() {
        #expect(FeliCaResponse.frame(carrying: [0x06, 0x01]) == [0x03, 0x06, 0x01])
        #expect(FeliCaResponse.frame(carrying: [UInt8](repeating: 0, count: 254))?.first == 0xFF)
        #expect(FeliCaResponse.frame(carrying: [UInt8](repeating: 0, count: 255)) == nil)
        #expect(FeliCaResponse.frame(carrying: []) == nil)
    }
}
