import Basics
import DoorControl
import PN532Simulator
import Testing

/// No card hides another at the door: a card of any family that rests on the reader leaves
/// every other family's credentials decided within one presence round, a phone that rests is
/// one presentation, and a card that rests too long is audited once and set aside.
@Suite("Door: a resting card hides no other")
struct DoorRestingCardTests {
    static let alice: [UInt8] = [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]
    static let stranger: [UInt8] = [0x04, 0x99, 0x88, 0x77, 0x66, 0x55, 0x44]
    static let idm: [UInt8] = [0x01, 0x2E, 0x4C, 0xF1, 0x00, 0x00, 0x00, 0x01]
    /// A presence round and the read of the card that came: what "within one round" allows.
    static let oneRound: Duration = .milliseconds(400)

    @Test("a type A credential presented while a FeliCa card rests is granted within one round")
    func typeAWhileFeliCaRests() throws {
        let door = VirtualDoor(allowed: [Self.alice])
        door.present(SimulatedTag(product: .felicaLiteS, uid: Self.idm), at: 1)
        door.present(VirtualDoor.tag(uid: Self.alice), at: 3)
        door.run(until: 5)
        #expect(door.journal.decisions.map(\.0.granted) == [false, true])
        let unlocked = try #require(door.outputs.relay.first { $0.on })
        #expect(unlocked.time > VirtualDoor.time(3) && unlocked.time < VirtualDoor.time(3) + Self.oneRound)
    }

    @Test("a FeliCa credential presented while a type A tag rests is granted within one round")
    func feliCaWhileTypeARests() throws {
        let door = VirtualDoor(allowed: [Self.idm])
        door.present(VirtualDoor.tag(uid: Self.stranger), at: 1)
        door.present(SimulatedTag(product: .felicaLiteS, uid: Self.idm), at: 3)
        door.run(until: 5)
        #expect(door.journal.decisions.map(\.0.granted) == [false, true])
        let unlocked = try #require(door.outputs.relay.first { $0.on })
        #expect(unlocked.time > VirtualDoor.time(3) && unlocked.time < VirtualDoor.time(3) + Self.oneRound)
    }

    @Test("a phone resting on the reader is one presentation, though its random UID changes at each listing")
    func restingPhone() {
        let door = VirtualDoor(allowed: [Self.alice])
        door.present(SimulatedTag(product: .phone, uid: []), at: 1)
        door.run(until: 6)
        #expect(door.journal.decisions.count == 1)
        #expect(!door.auditLines.contains { $0.contains("\"lockout\"") })
    }

    @Test("a card resting longer than resting_after is audited once as resting, set aside, and a credential after it is granted")
    func restingCardIsAuditedOnce() throws {
        var timing = DoorReader.Timing()
        timing.restingAfter = .seconds(2)
        let door = VirtualDoor(allowed: [Self.alice], timing: timing)
        door.present(VirtualDoor.tag(uid: Self.stranger), at: 1)
        door.present(VirtualDoor.tag(uid: Self.alice), at: 10)
        door.remove(Self.alice, at: 11)
        door.run(until: 20)
        #expect(door.journal.decisions.map(\.0.granted) == [false, true])
        let resting = door.auditLines.filter { $0.contains("resting on the reader") }
        #expect(resting.count == 1, "\(door.auditLines)")
        #expect(resting.first?.contains("\"uid\":\"04998877665544\"") == true)
        #expect(door.journal.entries.contains(.reader(.resting(uid: Self.stranger, after: .seconds(2)))))
    }
}
