import PN532Simulator
import Testing

struct SimulatedTagCounterTests {
    /// An NTAG215 with `access` written to CFG1, selected again.
    static func ntag215(access: UInt8) -> SimulatedTag {
        var tag = activeTag(.ntag215)
        precondition(tag.respond(to: [0xA2, 0x84, access, 0x05, 0x00, 0x00]) == .ack(pagesWritten: 1))
        tag.activate()
        return tag
    }

    @Test func firstReadAfterActivationCounts() {
        var tag = Self.ntag215(access: 0x10)
        #expect(tag.send("39 02") == .data([0x00, 0x00, 0x00]))
        _ = tag.send("30 04")
        _ = tag.send("30 08")
        #expect(tag.send("39 02") == .data([0x01, 0x00, 0x00]))
        tag.activate()
        _ = tag.send("3A 04 05")
        #expect(tag.send("39 02") == .data([0x02, 0x00, 0x00]))
        #expect(tag.nfcCounter == 2)
    }

    @Test func counterIsSentLeastSignificantByteFirst() {
        var tag = Self.ntag215(access: 0x10)
        tag.nfcCounter = 0x12_3456
        #expect(tag.send("39 02") == .data([0x56, 0x34, 0x12]))
    }

    @Test func counterStopsAtFFFFFF() {
        var tag = Self.ntag215(access: 0x10)
        tag.nfcCounter = 0xFF_FFFF
        _ = tag.send("30 00")
        #expect(tag.send("39 02") == .data([0xFF, 0xFF, 0xFF]))
    }

    @Test func refusedReadDoesNotCount() {
        var tag = Self.ntag215(access: 0x10)
        #expect(tag.send("30 87") == .nak(0x0))
        tag.activate()
        #expect(tag.nfcCounter == 0)
        _ = tag.send("30 00")
        #expect(tag.nfcCounter == 1)
    }

    @Test func disabledCounterDoesNotCountAndCannotBeRead() {
        var tag = Self.ntag215(access: 0x00)
        _ = tag.send("30 00")
        #expect(tag.nfcCounter == 0)
        #expect(tag.send("39 02") == .nak(0x0))
    }

    @Test func onlyCounter2Exists() {
        var tag = Self.ntag215(access: 0x10)
        #expect(tag.send("39 00") == .nak(0x0))
        #expect(tag.sendAfterSelect("39") == .nak(0x0))
    }

    @Test func passwordProtectedCounterNeedsAuthentication() {
        var tag = Self.ntag215(access: 0x18)
        #expect(tag.send("39 02") == .nak(0x0))
        #expect(tag.sendAfterSelect("1B FFFFFFFF") == .data([0x00, 0x00]))
        #expect(tag.send("39 02") == .data([0x00, 0x00, 0x00]))
    }

    @Test(arguments: [TagProduct.ntag210, .ntag212, .ultralight, .ultralightEV1MF0UL21])
    func productsWithoutTheNFCCounterDoNotAnswer(product: TagProduct) {
        var tag = activeTag(product)
        #expect(tag.send("39 02") == .silent)
    }
}
