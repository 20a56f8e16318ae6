import Foundation
import Testing

/// The in-process simulator (`sim`, `sim-i2c`, `sim-spi`) waits like a chip: a command waiting for
/// something to change in the field sleeps, as on a real reader or the pty simulator, instead
/// of running through the simulator's virtual time at full speed. Checked with the command's
/// processor time over a window in which nothing happens: a bound with a wide margin (a
/// resource check, not a timing test).
@Suite("The in-process simulator waits like a chip")
struct InProcessSimulatorWaitTests {
    /// The share of one processor `command` used over a window of `seconds` in which it
    /// printed nothing.
    static func processorShare(of command: BackgroundCommand, quietFor seconds: Int64) throws -> Double {
        let start = ContinuousClock.now
        let before = try processorTime(of: command.processIdentifier)
        #expect(throws: SimulatorProcessError.noReply) { try command.readLine(within: seconds) }
        let used = try processorTime(of: command.processIdentifier) - before
        return used / (ContinuousClock.now - start)
    }

    /// The case: `scan --watch` with the simulator's one tag, which never leaves, used
    /// a whole core (2.91 s of processor time in 3 s).
    @Test(arguments: ["sim", "sim-i2c", "sim-spi"])
    func scanWatchSleepsWhileTheTagStays(device: String) throws {
        let watch = try BackgroundCommand(["scan", "--watch", "--device", device])
        _ = try watch.readLine(containing: "present")
        let share = try Self.processorShare(of: watch, quietFor: 2)
        #expect(share < 0.1, "scan --watch on \(device) used \(share * 100) % of a processor while the tag stayed")
        #expect(watch.interrupt() == 130)
    }

    /// The README's `flash … --count 50` on the simulator: after its one tag, the run waits
    /// for the tag to leave (it never does), asleep, until Ctrl-C.
    @Test func flashSleepsWhileWaitingForTheTagToLeave() throws {
        let flash = try BackgroundCommand(["flash", "--device", "sim", "--count", "50", "--text", "hello"])
        _ = try flash.readLine(containing: "ok")
        let share = try Self.processorShare(of: flash, quietFor: 2)
        #expect(share < 0.1, "flash used \(share * 100) % of a processor waiting for the tag to leave")
        #expect(flash.interrupt() == 130)
    }
}
