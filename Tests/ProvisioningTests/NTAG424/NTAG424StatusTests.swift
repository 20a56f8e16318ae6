import PN532Simulator
import Testing
@testable import Provisioning

/// `ntag424 status`'s reading of where a card stands, for each stage provisioning knows.
@Suite("NTAG 424 DNA status")
struct NTAG424StatusTests {
    static func status(_ tag: SimulatedTag, keys: NTAG424Keys? = NTAG424Fixtures.keys) throws -> NTAG424Status {
        let (card, uid, _) = try NTAG424Fixtures.card(tag)
        return try NTAG424Status.read(card, uid: uid, keys: keys)
    }

    @Test func everyStage() throws {
        let provisioner = try NTAG424Fixtures.provisioner()
        let factory = try Self.status(SimulatedTag(product: .ntag424))
        #expect(factory.stage == .factory)
        #expect(factory.keyZero == .factory)
        #expect(factory.keyVersions == [0, 0, 0, 0, 0])
        let (_, torn) = try NTAG424Fixtures.present(SimulatedTag(product: .ntag424), to: provisioner, removeAfter: 16)
        let partial = try Self.status(torn)
        #expect(partial.stage == .partial)
        #expect(partial.keyVersions == [0, 1, 1, 0, 0])
        #expect(partial.ndefFile == provisioner.template.fileSettings())
        let (_, keyed) = try NTAG424Fixtures.present(torn, to: provisioner)
        let provisioned = try Self.status(keyed)
        #expect(provisioned.stage == .provisioned)
        #expect(provisioned.keyZero == .site)
        #expect(try Self.status(.ntag424Keyed()).stage == .foreign)
        let unknown = try Self.status(.ntag424Keyed(), keys: nil)
        #expect(unknown.stage == .keyed)
        #expect(unknown.keyZero == .untried)
    }
}
