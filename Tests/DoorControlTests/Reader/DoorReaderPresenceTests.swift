import Basics
import DoorControl
import NFCCore
import PN532
import PN532Simulator
import Testing

@Suite("Door reader: each new UID in the field is a new presentation")
struct DoorReaderPresenceTests {
    static let alice: [UInt8] = [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]
    static let bob: [UInt8] = [0x04, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77]
    static let stranger: [UInt8] = [0x04, 0x99, 0x88, 0x77, 0x66, 0x55, 0x44]

    @Test("a tag left on the reader does not keep the next tags from being read")
    func tagLeftOnTheReaderDoesNotBlockOthers() throws {
        let door = VirtualDoor(allowed: [Self.alice, Self.bob], relay: .pulse(.seconds(1)))
        door.present(VirtualDoor.tag(uid: Self.stranger), at: 1)
        door.present(VirtualDoor.tag(uid: Self.alice), at: 3)
        door.remove(Self.alice, at: 4)
        door.present(VirtualDoor.tag(uid: Self.bob), at: 6)
        door.run(until: 8)

        let decisions = door.journal.timedDecisions
        #expect(decisions.map(\.presentation.uid) == [Self.stranger, Self.alice, Self.bob], "the stranger's tag is decided once")
        #expect(decisions.map(\.decision.granted) == [false, true, true])
        #expect(decisions.allSatisfy { !$0.presentation.multipleTags })
        let aliceDecided = try #require(decisions.dropFirst().first?.time)
        #expect(aliceDecided - VirtualDoor.time(3) < .milliseconds(300), "within a presence interval and a read")
        #expect(door.journal.entries.contains(.removed(uid: Self.alice)))
        #expect(!door.journal.entries.contains(.removed(uid: Self.stranger)))
        #expect(door.outputs.relay.filter(\.on).count == 2)
    }

    @Test("a tag swapped for another between two presence checks is a new presentation")
    func swappedTagIsANewPresentation() throws {
        let door = VirtualDoor(allowed: [Self.alice, Self.bob])
        door.present(VirtualDoor.tag(uid: Self.stranger), at: 1)
        door.remove(Self.stranger, at: 2)
        door.present(VirtualDoor.tag(uid: Self.bob), at: 2)
        door.run(until: 3)
        let decisions = door.journal.timedDecisions
        #expect(decisions.map(\.presentation.uid) == [Self.stranger, Self.bob])
        #expect(door.journal.entries.contains(.removed(uid: Self.stranger)))
        let bobDecided = try #require(decisions.last?.time)
        #expect(bobDecided - VirtualDoor.time(2) < .milliseconds(300))
    }

    @Test("a FeliCa card is decided on its IDm, within its InAutoPoll window's turn")
    func feliCaCardIsDecidedOnItsIDm() throws {
        let idm: [UInt8] = [0x01, 0x2E, 0x4C, 0xF1, 0x00, 0x00, 0x00, 0x01]
        let door = VirtualDoor(allowed: [idm])
        door.present(SimulatedTag(product: .felicaLiteS, uid: idm), at: 1)
        door.remove(idm, at: 2)
        door.run(until: 3)
        let decisions = door.journal.timedDecisions
        #expect(decisions.map(\.presentation.uid) == [idm])
        #expect(decisions.map(\.decision.granted) == [true])
        #expect(decisions.first?.presentation.product == "FeliCa Lite-S")
        let decided = try #require(decisions.first?.time)
        // The chip polls FeliCa in two of its eight 150 ms windows (212 kbps second, 424 kbps
        // fourth): found within 750 ms; the decision follows within 50 ms.
        #expect(decided - VirtualDoor.time(1) <= .milliseconds(800))
        #expect(door.journal.entries.contains(.removed(uid: idm)))
    }

    @Test("with the other families off the door sees type A tags only")
    func otherFamiliesOff() {
        let idm: [UInt8] = [0x01, 0x2E, 0x4C, 0xF1, 0x00, 0x00, 0x00, 0x01]
        let door = VirtualDoor(allowed: [idm, Self.alice], pollsOtherFamilies: false)
        door.present(SimulatedTag(product: .felicaLiteS, uid: idm), at: 1)
        door.present(VirtualDoor.tag(uid: Self.alice), at: 2)
        door.run(until: 3)
        #expect(door.journal.timedDecisions.map(\.presentation.uid) == [Self.alice])
    }
}
