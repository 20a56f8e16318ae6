import Basics
import DoorControl
import NFCCore
import PN532
import Testing

@Suite("Door controller timelines")
struct DoorControllerTests {
    static func at(_ seconds: Double) -> MonotonicTime { MonotonicTime(nanoseconds: Int64(seconds * 1e9)) }

    static func controller(_ change: (inout DoorConfig) -> Void = { _ in }) -> DoorController {
        var config = DoorConfig(reader: ReaderConfig(device: "sim"), relay: RelayConfig(output: LineConfig(line: "GPIO17")))
        config.inputs.heldOpenAlarm = .seconds(30)
        change(&config)
        return DoorController(settings: DoorController.Settings(config))
    }

    static let grant = DoorEvent.decision(Decision(granted: true, user: "alice", rule: "r", reason: "ok"), uid: [4, 1, 2, 3])
    static let denial = DoorEvent.decision(Decision(granted: false, user: nil, rule: "default deny", reason: "no"), uid: [4, 1, 2, 3])

    static func relay(_ actions: [DoorAction]) -> [Bool] {
        actions.compactMap { if case .relay(let on) = $0 { on } else { nil } }
    }

    @Test("a grant pulses the relay for the configured time")
    func pulse() {
        let door = Self.controller()
        #expect(Self.relay(door.handle(Self.grant, at: Self.at(0))) == [true])
        #expect(door.nextDeadline == Self.at(3))
        #expect(Self.relay(door.advance(to: Self.at(2.999))) == [])
        #expect(Self.relay(door.advance(to: Self.at(3))) == [false])
        #expect(!door.relayOn)
    }

    @Test("a second grant during the pulse extends it without a second switch")
    func extend() {
        let door = Self.controller()
        _ = door.handle(Self.grant, at: Self.at(0))
        #expect(Self.relay(door.handle(Self.grant, at: Self.at(2))) == [])
        #expect(Self.relay(door.advance(to: Self.at(3))) == [])
        #expect(Self.relay(door.advance(to: Self.at(5))) == [false])
    }

    @Test("a denial never touches the relay")
    func denial() {
        let door = Self.controller()
        #expect(Self.relay(door.handle(Self.denial, at: Self.at(0))) == [])
        #expect(!door.relayOn)
    }

    @Test("the exit button unlocks, also while the door is open")
    func exitWhileOpen() {
        let door = Self.controller()
        _ = door.handle(.doorOpened, at: Self.at(0))
        let actions = door.handle(.exitRequested, at: Self.at(1))
        #expect(Self.relay(actions) == [true])
        #expect(actions.contains(.note(.exitRequested)))
    }

    @Test("closing the door relocks at once; without relock_on_close the pulse runs out")
    func relockOnClose() {
        let door = Self.controller()
        _ = door.handle(Self.grant, at: Self.at(0))
        _ = door.handle(.doorOpened, at: Self.at(1))
        #expect(Self.relay(door.handle(.doorClosed, at: Self.at(1.5))) == [false])

        let keeps = Self.controller { $0.inputs.relockOnClose = false }
        _ = keeps.handle(Self.grant, at: Self.at(0))
        _ = keeps.handle(.doorOpened, at: Self.at(1))
        #expect(Self.relay(keeps.handle(.doorClosed, at: Self.at(1.5))) == [])
        #expect(Self.relay(keeps.advance(to: Self.at(3))) == [false])
    }

    @Test("a door held open raises one alarm at the configured time")
    func heldOpen() {
        let door = Self.controller()
        _ = door.handle(.doorOpened, at: Self.at(10))
        #expect(door.advance(to: Self.at(39.9)).isEmpty)
        #expect(door.advance(to: Self.at(40)) == [.note(.heldOpen(.seconds(30)))])
        #expect(door.advance(to: Self.at(100)).isEmpty)
        #expect(door.nextDeadline == nil)
    }

    @Test("lockNow releases the relay even when the controller believes it is released")
    func lockNow() {
        let door = Self.controller()
        #expect(Self.relay(door.lockNow(because: "start")) == [false])
        _ = door.handle(Self.grant, at: Self.at(0))
        let actions = door.lockNow(because: "SIGTERM")
        #expect(Self.relay(actions) == [false])
        #expect(actions.contains(.note(.locked("SIGTERM"))))
        #expect(door.nextDeadline == nil)
    }

    @Test("feedback plays the granted and denied patterns and stops cleanly")
    func feedback() {
        let door = Self.controller {
            $0.feedback.led = LineConfig(line: "GPIO5")
            $0.feedback.ledGranted = FeedbackPattern([.seconds(1)])
            $0.feedback.ledDenied = FeedbackPattern([.milliseconds(100), .milliseconds(100), .milliseconds(100)])
        }
        let leds = { (actions: [DoorAction]) in actions.compactMap { if case .led(let on) = $0 { on } else { nil } } }
        #expect(leds(door.handle(Self.grant, at: Self.at(0))) == [true])
        #expect(leds(door.advance(to: Self.at(1))) == [false])
        #expect(leds(door.handle(Self.denial, at: Self.at(5))) == [true])
        #expect(leds(door.advance(to: Self.at(5.3))) == [false, true, false])
        #expect(leds(door.handle(Self.denial, at: Self.at(6))) == [true])
        #expect(leds(door.lockNow(because: "stop")) == [false])
    }
}
