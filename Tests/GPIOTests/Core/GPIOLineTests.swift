import GPIO
import Testing

@Suite("GPIOLine: active level, pulse timing, debounced edges")
struct GPIOLineTests {
    let clock = VirtualClock()

    private func line(activeLow: Bool = false, debounce: Duration = .zero) throws -> (GPIOLine, FakeLineIO) {
        let io = FakeLineIO(clock: clock)
        let line = GPIOLine(name: try GPIOLineName("GPIO17"), activeLow: activeLow, io: io, clock: clock, debounce: debounce)
        return (line, io)
    }

    @Test func onMeansEnergisedForBothActiveLevels() throws {
        let (high, highIO) = try line()
        try high.set(true)
        let (low, lowIO) = try line(activeLow: true)
        try low.set(true)
        try low.set(false)
        #expect(highIO.writes.map(\.high) == [true])
        #expect(lowIO.writes.map(\.high) == [false, true])
        lowIO.initial = false
        lowIO.writes = []
        #expect(try low.read() == true)
    }

    @Test func pulseIsOnWaitOff() throws {
        let (line, io) = try line()
        clock.time = .seconds(10)
        try line.pulse(for: .milliseconds(300))
        #expect(io.writes.map(\.high) == [true, false])
        #expect(io.writes.map(\.at) == [.seconds(10), .seconds(10) + .milliseconds(300)])
        #expect(clock.sleeps == [.milliseconds(300)])
    }

    @Test func interruptedPulseStillSwitchesOff() throws {
        let (line, io) = try line(activeLow: true)
        clock.interruption = GPIOError.interrupted
        #expect(throws: GPIOError.interrupted) { try line.pulse(for: .seconds(5)) }
        #expect(io.writes.map(\.high) == [false, true])  // on (low), then off (high)
    }

    @Test func edgeAfterDebounce() throws {
        let (line, io) = try line(debounce: .milliseconds(20))
        io.changes = [(.milliseconds(100), true)]
        #expect(try line.waitForEdge(timeout: .seconds(1)) == .rising)
        #expect(clock.time == .milliseconds(120))
    }

    @Test func bounceShorterThanDebounceIsIgnored() throws {
        let (line, io) = try line(activeLow: true, debounce: .milliseconds(20))
        io.initial = true  // released button, pulled up
        io.changes = [(.milliseconds(100), false), (.milliseconds(105), true), (.milliseconds(300), false)]
        #expect(try line.waitForEdge(timeout: .seconds(1)) == .rising)  // pressed = active
        #expect(clock.time == .milliseconds(320))
    }

    @Test func noEdgeEndsAtTheDeadline() throws {
        let (line, _) = try line()
        #expect(try line.waitForEdge(timeout: .milliseconds(250)) == nil)
        #expect(clock.time == .milliseconds(250))
    }

    @Test func lineNamesAreBoardNames() throws {
        #expect(try GPIOLineName("GPIO17").offset == 17)
        #expect(try GPIOLineName("gpio4").offset == 4)
        for bad in ["529", "GPIO", "GPIO-1", "GPIO017", "P1_11", "GPIO17 "] {
            #expect(throws: GPIOError.invalidLineName(bad)) { try GPIOLineName(bad) }
        }
    }
}
