import Basics
import NFCCore
import PN532
import PN532Simulator
import Testing

/// `begin` / `responseIfReady` / `cancel`: a command the host leaves with the chip while it
/// waits on other things.
struct PendingCommandTests {
    static let uid: [UInt8] = [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]

    @Test func aWaitingListReturnsNilUntilATagArrivesAndStaysPending() throws {
        let reader = try SimulatedReader.started()
        try reader.session.setPassiveActivationRetries(0xFF)
        try reader.session.begin(.inListPassiveTarget(maxTargets: 2))
        #expect(reader.session.pending == .inListPassiveTarget)
        #expect(try reader.session.responseIfReady(until: reader.link.now + .seconds(1)) == nil)
        #expect(reader.session.pending == .inListPassiveTarget)

        let arrival = reader.link.now + .milliseconds(500)
        reader.chip.schedule(.present(SimulatedTag(product: .ntag213, uid: Self.uid)), at: arrival)
        let payload = try #require(try reader.session.responseIfReady(until: reader.link.now + .seconds(5)))
        #expect(reader.link.now >= arrival && reader.link.now < arrival + .milliseconds(50))
        #expect(try TargetList(payload: payload, modulation: .typeA106).targets.compactMap(\.passiveTarget).map(\.uid) == [Self.uid])
        #expect(reader.session.pending == nil)
    }

    @Test func cancelAbortsTheWaitingCommandAndTheNextCommandWorks() throws {
        let reader = try SimulatedReader.started()
        try reader.session.setPassiveActivationRetries(0xFF)
        try reader.session.begin(.inListPassiveTarget(maxTargets: 1))
        try reader.session.cancel()
        #expect(reader.session.pending == nil)
        #expect(try reader.session.firmwareVersion().version == 1)
    }

    @Test func aResponseWithoutACommandIsAnError() throws {
        let reader = try SimulatedReader.started()
        #expect(throws: PN532Error.self) { try reader.session.responseIfReady(until: reader.link.now) }
    }
}
