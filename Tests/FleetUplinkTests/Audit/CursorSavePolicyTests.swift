import FleetUplink
import Testing

@Suite("When the audit cursor is saved")
struct CursorSavePolicyTests {
    @Test func aSaveIsDueAfterKAcknowledgementsOrTAfterTheLastSave() {
        let start = ContinuousClock.now
        var policy = CursorSavePolicy(acknowledgements: 3, interval: .seconds(10), start: start)
        #expect(!policy.isDue(at: start + .seconds(60)), "nothing moved, nothing to save")
        policy.advanced(by: 2)
        #expect(!policy.isDue(at: start + .seconds(1)))
        policy.advanced(by: 1)
        #expect(policy.isDue(at: start + .seconds(1)))
        policy.saved(at: start + .seconds(1))
        policy.advanced(by: 1)
        #expect(!policy.isDue(at: start + .seconds(10)))
        #expect(policy.isDue(at: start + .seconds(11)))
    }
}
