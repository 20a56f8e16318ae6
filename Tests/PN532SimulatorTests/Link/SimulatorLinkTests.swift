import Basics
import NFCCore
import PN532
import PN532Simulator
import Testing

/// The in-process link: a virtual clock that moves only when the host waits, UART time for
/// written bytes, garbling at mismatched rates, faults, and several links to one chip.
struct SimulatorLinkTests {
    @Test func aReadWithNothingToComeJumpsToItsDeadline() throws {
        let link = SimulatorLink(chip: SimulatedPN532())
        let deadline = link.now + .milliseconds(250)
        #expect(try link.read(until: deadline) == [])
        #expect(link.now == deadline)
    }

    @Test func writtenBytesReachTheChipAfterTheirUARTTime() throws {
        let link = SimulatorLink(chip: SimulatedPN532())
        let bytes = FrameHost.wakeUpPreamble
        try link.write(bytes)
        link.advance(by: .uart(bytes: bytes.count, bitsPerSecond: 115_200) - .nanoseconds(1))
        #expect(link.chip.isAsleep)
        link.advance(by: .nanoseconds(1))
        #expect(!link.chip.isAsleep)
    }

    @Test func writesQueueBehindEachOther() throws {
        let host = try FrameHost.awake()
        let sent = host.link.now
        try host.link.write(acknowledgementBytes)
        try host.send([0x02])
        #expect(try host.next() == .frame(.ack))
        let expected = Duration.uart(bytes: 6 + 9, bitsPerSecond: 115_200) + host.chip.timing.acknowledgementDelay
            + .uart(bytes: 6, bitsPerSecond: 115_200)
        #expect(host.lastArrival - sent == expected)
    }

    @Test func advancingAppliesTheFieldChangesDueByThen() {
        let chip = SimulatedPN532(tags: [SimulatedTag(product: .ntag213)])
        let link = SimulatorLink(chip: chip)
        chip.schedule(.remove(uid: nil), at: link.now + .milliseconds(5))
        link.advance(by: .milliseconds(4))
        #expect(chip.field.count == 1)
        link.advance(by: .milliseconds(1))
        #expect(chip.field.isEmpty)
    }

    @Test func bytesSentAtTheWrongRateAreGarbledBothWays() throws {
        let host = try FrameHost.awake()
        try host.link.setBitsPerSecond(921_600)
        #expect(try host.exchange([0x02]) == [])
        try host.link.setBitsPerSecond(115_200)
        try host.send([0x02])
        try host.link.setBitsPerSecond(921_600)
        let received = try host.link.read(until: host.link.now + .milliseconds(50))
        #expect(!received.isEmpty)
        #expect(scannedFrames(received).isEmpty)
    }

    @Test func discardInputDropsWhatHasArrived() throws {
        let host = try FrameHost.awake()
        try host.send([0x02])
        host.link.advance(by: .milliseconds(20))
        try host.link.discardInput()
        #expect(try host.link.read(until: host.link.now + .milliseconds(50)) == [])
    }

    @Test func chipToHostFaultsDamageWhatTheHostReads() throws {
        let host = try FrameHost.awake()
        host.link.chipToHostFaults = ByteFaults(corruptRate: 1, seed: 3)
        try host.send([0x02])
        let received = try host.link.read(until: host.link.now + .milliseconds(50))
        #expect(received.count == acknowledgementBytes.count)
        #expect(zip(received, acknowledgementBytes).allSatisfy { ($0 ^ $1).nonzeroBitCount == 1 })
    }

    @Test func hostToChipFaultsDamageWhatTheChipReceives() throws {
        let host = try FrameHost.awake()
        host.link.hostToChipFaults = ByteFaults(dropRate: 1, seed: 3)
        #expect(try host.exchange([0x02]) == [])
    }

    @Test func aReadReturnsNothingOnlyAtItsDeadlineEvenWhenEveryByteIsDropped() throws {
        let host = try FrameHost.awake()
        host.link.chipToHostFaults = ByteFaults(dropRate: 1, seed: 3)
        try host.send([0x02])
        let deadline = host.link.now + .milliseconds(50)
        #expect(try host.link.read(until: deadline) == [])
        #expect(host.link.now == deadline)
    }

    @Test func aNewLinkToAChipContinuesFromTheChipsTime() throws {
        let host = try FrameHost.awake()
        host.chip.schedule(.present(SimulatedTag(product: .ntag213)), at: host.link.now + .seconds(1))
        #expect(try host.response(to: [0x4A, 0x01, 0x00], within: .seconds(2)) != nil)
        let second = FrameHost(chip: host.chip)
        #expect(second.link.now >= host.lastArrival)
        let sent = second.link.now
        #expect(try second.response(to: [0x02]) == [0x03, 0x32, 0x01, 0x06, 0x07])
        #expect(second.lastArrival - sent < .milliseconds(5))
    }

    /// On the real-time clock a wait sleeps: a read with nothing to come returns once the
    /// monotonic clock has reached its deadline, and the thread used next to no processor time
    /// meanwhile (a bound with a wide margin: a resource check, not a timing test).
    @Test func aRealTimeReadWithNothingToComeSleepsUntilItsDeadline() throws {
        let link = SimulatorLink(chip: SimulatedPN532(), clock: .realTime)
        let deadline = link.now + .milliseconds(300)
        let processorTime = threadProcessorTime()
        #expect(try link.read(until: deadline) == [])
        let used = threadProcessorTime() - processorTime
        #expect(link.now == deadline)
        #expect(MonotonicTime.monotonicNow() >= deadline)
        #expect(used < .milliseconds(30), "\(used) of processor time in a 300 ms wait")
    }

    @Test func aRealTimeLinkStartsAtTheMonotonicClockAVirtualOneAtTheChipsTime() {
        let before = MonotonicTime.monotonicNow()
        #expect(SimulatorLink(chip: SimulatedPN532(), clock: .realTime).now >= before)
        #expect(SimulatorLink(chip: SimulatedPN532()).now == MonotonicTime(nanoseconds: 0))
    }
}
