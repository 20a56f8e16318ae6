import TestSupport
import PN532Simulator
import Testing

struct SimulatedTagCommandsTests {
    @Test func aNewTagAnswersOnlyOnceActivated() {
        var tag = SimulatedTag(product: .ntag215)
        #expect(tag.state == .idle)
        #expect(tag.send("30 00") == .silent)
        tag.activate()
        #expect(tag.state == .active)
        #expect(tag.send("30 00") == .data(Array(tag.memory[0..<16])))
    }

    @Test func haltSilencesTheTagUntilActivation() {
        var tag = activeTag(.ntag213)
        #expect(tag.send("50 00") == .silent)
        #expect(tag.state == .halted)
        #expect(tag.send("30 00") == .silent)
        #expect(tag.send("60") == .silent)
        #expect(tag.state == .halted)
        tag.activate()
        #expect(tag.send("60") == .data(hex("0004040201000F03")))
    }

    @Test func aNAKLeavesTheTagIdle() {
        var tag = activeTag(.ntag213)
        #expect(tag.send("30 FF") == .nak(0x0))
        #expect(tag.state == .idle)
        #expect(tag.send("30 00") == .silent)
    }

    @Test func aTagWokenFromHaltReturnsThereAfterAnError() {
        var tag = activeTag(.ntag213)
        _ = tag.send("50 00")
        tag.activate()
        #expect(tag.send("30 FF") == .nak(0x0))
        #expect(tag.state == .halted)
        tag.activate()
        _ = tag.send("30 00")
        tag.activate()
        #expect(tag.send("99") == .silent)
        #expect(tag.state == .idle)
    }

    @Test(arguments: ["99", "50 01", "26", ""])
    func unknownCommandsGetNoAnswerAndLeaveTheTagIdle(command: String) {
        var tag = activeTag(.ntag216)
        #expect(tag.send(command) == .silent)
        #expect(tag.state == .idle)
    }

    @Test(arguments: TagProduct.type2Products)
    func getVersion(product: TagProduct) {
        var tag = activeTag(product)
        let expected: TagResponse = product.getVersion.map(TagResponse.data) ?? .silent
        #expect(tag.send("60") == expected)
    }

    @Test func plainUltralightMustBeReselectedAfterGetVersion() {
        var tag = activeTag(.ultralight)
        #expect(tag.send("60") == .silent)
        #expect(tag.send("30 00") == .silent)
        #expect(tag.sendAfterSelect("30 00") == .data(Array(tag.memory[0..<16])))
    }

    @Test func getVersionWithAnArgumentIsRefused() {
        var tag = activeTag(.ntag215)
        #expect(tag.send("60 00") == .nak(0x0))
    }

    @Test func readSignatureReturnsTheSignature() {
        var tag = activeTag(.ntag215)
        #expect(tag.send("3C 00") == .data(tag.signature))
        tag.signature = [UInt8](repeating: 0xA5, count: 32)
        #expect(tag.send("3C 00") == .data([UInt8](repeating: 0xA5, count: 32)))
    }

    @Test func readSignatureNeedsAddressZero() {
        var tag = activeTag(.ntag215)
        #expect(tag.send("3C 01") == .nak(0x0))
    }

    @Test func readSignatureOnUltralightEV1() {
        var tag = activeTag(.ultralightEV1MF0UL21)
        #expect(tag.send("3C 00") == .data([UInt8](repeating: 0, count: 32)))
    }

    @Test func plainUltralightHasNoSignature() {
        var tag = activeTag(.ultralight)
        #expect(tag.send("3C 00") == .silent)
    }
}
