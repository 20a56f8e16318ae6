import TestSupport
import PN532Simulator
import Testing

struct TagScriptTests {
    @Test func aScriptedVersionReplacesTheProducts() {
        var tag = activeTag(.ultralight)
        tag.script = TagScript(version: hex("00 04 04 02 01 00 13 03"))
        #expect(tag.send("60") == .data(hex("00 04 04 02 01 00 13 03")))
        #expect(tag.state == .active)
    }

    @Test func anEmptyScriptedVersionIsSilence() {
        var tag = activeTag(.ntag213)
        tag.script = TagScript(version: [])
        #expect(tag.send("60") == .silent)
        #expect(tag.state == .idle)
    }

    @Test func faultsApplyToTheCommandsInTurn() {
        var tag = activeTag(.ntag213)
        let page0 = Array(tag.memory[0..<16])
        tag.script = TagScript(faults: [
            .truncated(count: 3), .garbled(offset: 17, mask: 0xFF), .extended([0xAA]), .none, .nak(0x15),
        ])
        #expect(tag.send("30 00") == .data(Array(page0.prefix(3))))
        var garbled = page0
        garbled[1] ^= 0xFF
        #expect(tag.send("30 00") == .data(garbled))
        #expect(tag.send("30 00") == .data(page0 + [0xAA]))
        #expect(tag.send("30 00") == .data(page0))
        #expect(tag.send("30 00") == .nak(0x5))
        #expect(tag.state == .idle)
        tag.activate()
        #expect(tag.send("30 00") == .data(page0))
        #expect(tag.script?.commandCount == 6)
        #expect(tag.script?.sent == Array(page0.prefix(3)) + garbled + page0 + [0xAA] + page0 + page0)
    }

    @Test func silenceSendsTheTagBackToIdle() {
        var tag = activeTag(.ntag215)
        tag.script = TagScript(faults: [.silent])
        #expect(tag.send("30 00") == .silent)
        #expect(tag.state == .idle)
    }

    @Test func anExtendedACKBecomesData() {
        var tag = activeTag(.ntag213)
        tag.script = TagScript(faults: [.extended([0x01, 0x02]), .truncated(count: 0)])
        #expect(tag.send("A2 04 01 02 03 04") == TagResponse(kind: .data([0x01, 0x02]), pagesWritten: 1))
        #expect(tag.send("A2 05 01 02 03 04") == .ack(pagesWritten: 1))
    }
}
