import Basics
import NFCCore
import PN532Reader
import PN532ReaderSimulator
import PN532
@testable import PN532Simulator
import TagProtocols
import Type2
import Testing

@Suite("Connecting to a tag: poll, more than one tag, identify, password")
struct TagConnectionTests {
    static let first: [UInt8] = [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]
    static let second: [UInt8] = [0x04, 0x77, 0x88, 0x99, 0xAA, 0xBB, 0xCC]

    @Test func theOneTagInTheFieldIsIdentified() throws {
        let reader = try ReaderDevice.open(simulating: SimulatedPN532(tags: [SimulatedTag(product: .ntag216, uid: Self.first)]))
        defer { try? reader.close() }
        let connection = try reader.connect(wait: nil, exclusive: true)
        #expect(connection.target.uid == Self.first)
        #expect(connection.tag.product == .ntag216)
    }

    @Test(arguments: [nil, Duration.milliseconds(500)])
    func anEmptyFieldIsNoTagSayingWhetherItWaited(_ wait: Duration?) throws {
        let reader = try ReaderDevice.open(simulating: SimulatedPN532())
        defer { try? reader.close() }
        #expect(throws: ReaderError.noTag(waited: wait != nil)) { _ = try reader.connect(wait: wait, exclusive: false) }
    }

    @Test func waitingFindsATagThatComesLater() throws {
        let chip = SimulatedPN532()
        let reader = try ReaderDevice.open(simulating: chip)
        defer { try? reader.close() }
        chip.schedule(.present(SimulatedTag(product: .ntag213, uid: Self.second)), at: chip.clock + .milliseconds(300))
        let connection = try reader.connect(wait: .seconds(2), exclusive: true)
        #expect(connection.target.uid == Self.second)
    }

    @Test func twoTagsAreRefusedWhenExclusiveAndTheFirstIsTakenElse() throws {
        let chip = SimulatedPN532(tags: [SimulatedTag(product: .ntag213, uid: Self.first), SimulatedTag(product: .ntag215, uid: Self.second)])
        let reader = try ReaderDevice.open(simulating: chip)
        defer { try? reader.close() }
        #expect(throws: ReaderError.moreThanOneTag) { _ = try reader.connect(wait: nil, exclusive: true) }
        let connection = try reader.connect(wait: nil, exclusive: false)
        #expect([Self.first, Self.second].contains(connection.target.uid))
    }

    @Test func theRightPasswordAuthenticatesAndAWrongOneIsTheTagsRefusal() throws {
        let reader = try ReaderDevice.open(simulating: SimulatedPN532(tags: [SimulatedTag(product: .ntag213, uid: Self.first)]))
        defer { try? reader.close() }
        let connection = try reader.connect(wait: nil, exclusive: true)
        try connection.authenticate(password: [0xFF, 0xFF, 0xFF, 0xFF], expectedAcknowledge: [0x00, 0x00])
        let again = try reader.connect(wait: nil, exclusive: true)
        #expect(throws: ReaderError.tag(Type2Error.wrongPassword.tagFailure)) {
            try again.authenticate(password: [0x12, 0x34, 0x56, 0x78], expectedAcknowledge: [0x00, 0x00])
        }
    }

    @Test func anUltralightHasNoPasswordCommand() throws {
        let reader = try ReaderDevice.open(simulating: SimulatedPN532(tags: [SimulatedTag(product: .ultralight, uid: Self.first)]))
        defer { try? reader.close() }
        let connection = try reader.connect(wait: nil, exclusive: true)
        #expect(connection.tag.product == .ultralight)
        #expect(throws: ReaderError.self) { try connection.authenticate(password: [0xFF, 0xFF, 0xFF, 0xFF], expectedAcknowledge: [0, 0]) }
    }
}
