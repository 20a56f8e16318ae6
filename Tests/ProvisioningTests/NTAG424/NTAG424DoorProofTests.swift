import Credentials
import EV2SecureMessaging
import PN532
import PN532Simulator
import TestSupport
import Testing
@testable import Provisioning

/// A provisioned card against the door's challenge (`EV2CardProof`) as door.toml configures
/// it: `key_number = 4` and the site's `system_id` give key 4's diversification (UID ‖ 04 ‖
/// system id, the door's and provisioning's one derivation); `uid_key = { key_number = 2, file =
/// PICCData key }` reads the real UID of a random-ID card.
@Suite("A provisioned NTAG 424 DNA proves its door key")
struct NTAG424DoorProofTests {
    static func request(master: AESKey = NTAG424Fixtures.master) -> EV2ProofRequest {
        let systemIdentifier = NTAG424Fixtures.keys.systemIdentifier
        return EV2ProofRequest(keyNumber: NTAG424Keys.door, asksKeyVersion: true, uidKey: (NTAG424Keys.sdmMetaRead, NTAG424Fixtures.picc)) { uid, version in
            guard version == 0x01 else { return nil }
            return KeyDiversification.ntag424CardKey(master: master, uid: uid, keyNumber: NTAG424Keys.door, systemIdentifier: systemIdentifier)
        }
    }

    static func prove(_ tag: SimulatedTag, _ request: EV2ProofRequest) throws -> Result<EV2ProvenCard, EV2ProofFailure> {
        let field = try SimulatedSession([tag])
        let listed = try field.firstTarget(.typeA106)
        let exchange = TargetExchange(session: field.session, target: listed)
        do throws(EV2ProofFailure) {
            return .success(try EV2CardProof.prove(over: exchange, listedUID: listed.info.identifier, request: request))
        } catch {
            return .failure(error)
        }
    }

    @Test(arguments: [false, true])
    func provisionedCardProvesKeyFour(randomID: Bool) throws {
        let (outcome, tag) = try NTAG424Fixtures.present(SimulatedTag(product: .ntag424), to: try NTAG424Fixtures.provisioner(randomID: randomID))
        #expect(outcome.error == nil)
        let proven = try Self.prove(tag, Self.request()).get()
        #expect(proven.uid == tag.ntag424?.uid)
        #expect(proven.keyVersion == 0x01)
        let otherSite = AESKey([UInt8](repeating: 0x99, count: 16))!
        guard case .failure(let failure) = try Self.prove(tag, Self.request(master: otherSite)) else {
            Issue.record("another site's master key opened the card")
            return
        }
        #expect(failure.isAuthenticationFailure)
    }
}
