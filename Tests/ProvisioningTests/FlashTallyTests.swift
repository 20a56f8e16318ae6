import Testing
@testable import Provisioning

@Suite("Flash tally: done, written, rate")
struct FlashTallyTests {
    @Test func successesCountAndFailuresDoNot() {
        let start = ContinuousClock.now
        var tally = FlashTally(total: 5, start: start)
        tally.ready(done: 2)
        tally.count(FlashTagResult(uid: "04000000000001", product: "NTAG213", bytes: 12, seq: 3, error: nil))
        tally.count(FlashTagResult(uid: "04000000000002", product: "NTAG213", bytes: nil, seq: 4, error: "the tag is read-only: nothing was written"))
        tally.count(FlashTagResult(uid: "04000000000003", product: "NTAG213", bytes: 12, seq: 4, error: nil))
        #expect((tally.done, tally.written, tally.total) == (4, 2, 5))
        #expect(tally.elapsedSeconds(at: start + .milliseconds(1500)) == 1.5)
        #expect(tally.tagsPerMinute(at: start + .seconds(30)) == 4)
        #expect(tally.tagsPerMinute(at: start) == 0)
    }
}
