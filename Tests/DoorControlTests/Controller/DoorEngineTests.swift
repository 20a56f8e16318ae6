import Basics
import DoorControl
import NDEF
import NFCCore
import PN532
import PN532Simulator
import Testing

@Suite("Door engine on the virtual clock")
struct DoorEngineTests {
    static let alice: [UInt8] = [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]
    static let stranger: [UInt8] = [0x04, 0x99, 0x88, 0x77, 0x66, 0x55, 0x44]

    @Test("a listed tag energises the relay once, for the pulse, and its removal is reported")
    func grantPulse() {
        let door = VirtualDoor(allowed: [Self.alice])
        door.present(VirtualDoor.tag(uid: Self.alice), at: 1)
        door.remove(Self.alice, at: 6)
        door.run(until: 10)

        #expect(door.journal.decisions.map(\.0.granted) == [true])
        let relay = door.outputs.relay
        #expect(relay.map(\.on) == [false, true, false])
        let onAt = relay[1].time, offAt = relay[2].time
        #expect(onAt > VirtualDoor.time(1) && onAt < VirtualDoor.time(1.2))
        // Released when due, or after the one listing of a presence round then under way.
        #expect(offAt - onAt >= .seconds(3) && offAt - onAt <= .seconds(3) + .milliseconds(20))
        #expect(door.journal.entries.contains(.removed(uid: Self.alice)))
    }

    @Test("the door's gate and journal write the grant and the relay's changes to the audit log")
    func grantAudited() {
        let door = VirtualDoor(allowed: [Self.alice])
        door.present(VirtualDoor.tag(uid: Self.alice), at: 1)
        door.run(until: 5)

        let lines = door.auditLines
        let decisions = lines.filter { $0.contains("\"decision\"") }
        #expect(decisions.count == 1, "\(lines)")
        #expect(decisions.first?.contains("\"uid\":\"04112233445566\",\"user\":\"user\",\"granted\":true") == true, "\(lines)")
        #expect(lines.firstIndex { $0.contains("\"decision\"") } ?? .max < lines.firstIndex { $0.contains("\"unlocked\"") || $0.contains("energised") } ?? -1, "\(lines)")
    }

    @Test("a tag left on the reader does not trigger again; presented again, it does")
    func onePresentationOneEvent() {
        let door = VirtualDoor(allowed: [Self.alice])
        door.present(VirtualDoor.tag(uid: Self.alice), at: 1)
        door.remove(Self.alice, at: 20)
        door.present(VirtualDoor.tag(uid: Self.alice), at: 25)
        door.remove(Self.alice, at: 26)
        door.run(until: 30)
        #expect(door.journal.decisions.count == 2)
        #expect(door.journal.entries.filter { $0 == .removed(uid: Self.alice) }.count == 2)
    }

    @Test("an unlisted tag is denied and the relay stays released")
    func deny() {
        let door = VirtualDoor(allowed: [Self.alice])
        door.present(VirtualDoor.tag(uid: Self.stranger), at: 1)
        door.remove(Self.stranger, at: 2)
        door.run(until: 5)
        #expect(door.journal.decisions.map(\.0.granted) == [false])
        #expect(door.outputs.relay.map(\.on) == [false])
    }

    @Test("two tags at once are denied, even when one is listed")
    func twoTags() {
        let door = VirtualDoor(allowed: [Self.alice])
        door.present(VirtualDoor.tag(uid: Self.alice), at: 0)
        door.present(VirtualDoor.tag(uid: Self.stranger), at: 0)
        door.run(until: 3)
        #expect(door.journal.decisions.map(\.1.multipleTags) == [true])
        #expect(door.outputs.relay.map(\.on) == [false])
    }

    @Test("toggle mode flips the relay on each grant")
    func toggle() {
        let door = VirtualDoor(allowed: [Self.alice], relay: .toggle)
        door.present(VirtualDoor.tag(uid: Self.alice), at: 1)
        door.remove(Self.alice, at: 2)
        door.present(VirtualDoor.tag(uid: Self.alice), at: 3)
        door.remove(Self.alice, at: 4)
        door.run(until: 60)
        #expect(door.outputs.relay.map(\.on) == [false, true, false])
    }

    @Test("a stalled chip is lost, re-woken in vain, reset through RSTPD_N and works again")
    func stallRecoveredByReset() {
        var timing = DoorReader.Timing(healthInterval: .seconds(2))
        timing.presenceInterval = .milliseconds(150)
        let door = VirtualDoor(allowed: [Self.alice], timing: timing)
        door.run(until: 1)
        door.chip.stall()
        door.present(VirtualDoor.tag(uid: Self.alice), at: 10)
        door.run(until: 12)

        let events = door.journal.readerEvents
        #expect(events.contains { if case .lost = $0 { true } else { false } })
        #expect(events.contains(.recovered(step: "RSTPD_N reset")))
        #expect(door.journal.decisions.map(\.0.granted) == [true])
    }

    @Test("the first opening is reported as such, not as a recovery")
    func firstOpening() {
        let door = VirtualDoor(allowed: [Self.alice])
        door.run(until: 1)
        #expect(door.journal.readerEvents == [.opened("sim")])
    }

    @Test("an unplugged reader is reopened with backoff and never ends the loop")
    func reopenWithBackoff() {
        let door = VirtualDoor(allowed: [Self.alice])
        door.run(until: 1)
        door.connector.unplugged = true
        door.chip.stall()
        door.run(until: 40)
        let failures = door.journal.readerEvents.filter { if case .recoveryFailed(step: "reopen", _) = $0 { true } else { false } }
        #expect((4...8).contains(failures.count), "1 + 2 + 4 + 8 + 16 s of backoff fit in 40 s: \(failures.count)")
        door.connector.unplugged = false
        door.chip.reset(at: door.now)
        door.present(VirtualDoor.tag(uid: Self.alice), at: 80)
        door.run(until: 85)
        #expect(door.journal.readerEvents.last == .recovered(step: "reopen"))
        #expect(door.journal.decisions.map(\.0.granted) == [true])
    }
}
