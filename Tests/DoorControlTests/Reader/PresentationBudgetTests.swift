import Basics
import DoorControl
import GPIO
import NFCCore
import PN532
import PN532Simulator
import Testing
import TestSupport

/// A presentation's budget on the virtual clock, with a chip that takes `processing` per
/// command (a slow reader, or an emulator that answers just inside its timeouts).
@Suite("Presentation budget: deadlines and inputs serviced during slow reads")
struct PresentationBudgetTests {
    static let alice: [UInt8] = [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]

    static func stall216() throws -> SimulatedTag {
        try SimulatedTag(product: .ntag216, mfd: try CraftedTagImage.stall216.bytes())
    }

    /// A door whose chip takes `processing` for every command.
    static func slowDoor(processing: Duration, pulse: Duration = .seconds(3), budget: PresentationBudget = PresentationBudget()) -> VirtualDoor {
        var timing = DoorReader.Timing()
        timing.budget = budget
        let door = VirtualDoor(allowed: [alice], relay: .pulse(pulse), timing: timing)
        door.chip.timing.processing = processing
        return door
    }

    /// The time of the first decision on `uid`.
    static func decisionTime(_ door: VirtualDoor, _ uid: [UInt8]) -> MonotonicTime? {
        door.journal.timedDecisions.first { $0.presentation.uid == uid }?.time
    }

    @Test("a 0.5 s pulse ends on time while another tag is read slowly")
    func pulseEndsOnTimeDuringASlowRead() throws {
        let door = Self.slowDoor(processing: .milliseconds(120), pulse: .milliseconds(500))
        door.present(VirtualDoor.tag(uid: Self.alice), at: 1)
        door.remove(Self.alice, at: 1.3)
        door.present(try Self.stall216(), at: 1.3)
        door.run(until: 6)

        let relay = door.outputs.relay
        #expect(relay.map(\.on) == [false, true, false])
        let onAt = relay[1].time, offAt = relay[2].time
        let stallDecided = try #require(Self.decisionTime(door, CraftedTagImage.stall216.uid))
        #expect(onAt + .milliseconds(500) < stallDecided, "the pulse ends while the stall216 tag is being read")
        #expect(offAt - onAt >= .milliseconds(500))
        #expect(offAt - onAt <= .milliseconds(500) + .milliseconds(150), "late by at most one tag command")
    }

    @Test("a 300 ms exit press during a long read opens the door before the read ends")
    func exitPressDuringALongReadOpensTheDoor() throws {
        let door = Self.slowDoor(processing: .milliseconds(150))
        let button = ScriptedButton(clock: { door.now }, pressed: VirtualDoor.time(1.3)..<VirtualDoor.time(1.6))
        let monitor = try InputMonitor(
            exitButton: try button.line(), doorContact: nil, doorbell: nil, debounce: .milliseconds(30), now: door.now)
        door.engine.betweenTagCommands = {
            guard let due = monitor.nextSample, door.now >= due else { return }
            for event in (try? monitor.sample(at: door.now)) ?? [] { door.engine.handle(event) }
        }
        door.present(try Self.stall216(), at: 1)
        door.run(until: 4)

        let stallDecided = try #require(Self.decisionTime(door, CraftedTagImage.stall216.uid))
        #expect(stallDecided > VirtualDoor.time(1.6), "the press lies inside the read")
        // The last step may run past 4 s (a presence round of slow commands), and the pulse
        // may end there: what counts is the relay before then.
        let relay = door.outputs.relay.filter { $0.time < VirtualDoor.time(4) }
        #expect(relay.map(\.on) == [false, true])
        #expect(relay.count == 2 && relay[1].time < stallDecided)
        #expect(door.journal.entries.contains(.note(.unlocked("exit button"))))
    }

    @Test("the NULL-TLV NTAG216 is denied as unreadable in a handful of commands, and audited")
    func stall216IsDeniedQuickly() throws {
        let door = VirtualDoor(allowed: [])
        door.present(try Self.stall216(), at: 1)
        door.run(until: 3)
        let (decision, presentation) = try #require(door.journal.decisions.first)
        #expect(!decision.granted)
        #expect(presentation.readError?.contains("no NDEF Message TLV") == true)
        let decided = try #require(Self.decisionTime(door, CraftedTagImage.stall216.uid))
        #expect(decided - VirtualDoor.time(1) < .milliseconds(300), "activation and 6 tag commands, not 217 FAST_READs (0.83 s)")
        #expect(door.outputs.relay.map(\.on) == [false])
    }

    @Test("past its time budget a slow tag is denied as unreadable, within the budget and one command")
    func timeBudgetDeniesASlowTag() throws {
        let door = Self.slowDoor(processing: .milliseconds(150), budget: PresentationBudget(commands: 32, time: .milliseconds(500)))
        door.present(try Self.stall216(), at: 1)
        door.run(until: 4)
        let (decision, presentation) = try #require(door.journal.decisions.first)
        #expect(!decision.granted)
        #expect(decision.rule == "presentation budget")
        #expect(decision.reason.contains("budget of 0.5 seconds is spent"))
        #expect(presentation.readError?.contains("the tag is unreadable") == true)
        let decided = try #require(Self.decisionTime(door, CraftedTagImage.stall216.uid))
        #expect(decided - VirtualDoor.time(1) < .milliseconds(500) + .milliseconds(400), "activation, the budget, one command")
    }

    @Test("past its command budget even a listed tag is denied as unreadable")
    func commandBudgetDeniesAListedTag() throws {
        var timing = DoorReader.Timing()
        timing.budget = PresentationBudget(commands: 2, time: .seconds(1))
        let door = VirtualDoor(allowed: [Self.alice], timing: timing)
        door.present(VirtualDoor.tag(uid: Self.alice, records: [.uri("https://door.example")]), at: 1)
        door.run(until: 3)
        let (decision, _) = try #require(door.journal.decisions.first)
        #expect(!decision.granted)
        #expect(decision.rule == "presentation budget")
        #expect(decision.reason.contains("budget of 2 tag commands"))
        #expect(door.outputs.relay.map(\.on) == [false])
    }
}

/// An exit button held during `pressed` on the virtual clock.
final class ScriptedButton: GPIOLineIO {
    let clock: () -> MonotonicTime
    let pressed: Range<MonotonicTime>

    init(clock: @escaping () -> MonotonicTime, pressed: Range<MonotonicTime>) {
        self.clock = clock
        self.pressed = pressed
    }

    func readLevel() throws(GPIOError) -> Bool { pressed.contains(clock()) }
    func writeLevel(_ high: Bool) throws(GPIOError) {}
    func waitForEdge(timeout: Duration) throws(GPIOError) -> Bool { false }

    func line() throws -> GPIOLine {
        GPIOLine(name: try GPIOLineName("GPIO22"), activeLow: false, io: self, clock: SystemGPIOClock())
    }
}
