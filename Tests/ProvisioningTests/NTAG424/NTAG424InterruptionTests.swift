import Credentials
import PN532Simulator
import TestSupport
import Testing
@testable import Provisioning

/// The card leaves the field after k commands, for every k of a whole provisioning: found
/// again, its key versions and the key that authenticates say where it stopped, and the next
/// attempt finishes it. No k leaves a card that no known key opens.
@Suite("NTAG 424 DNA provisioning interrupted at every command")
struct NTAG424InterruptionTests {
    @Test(arguments: [false, true])
    func everyInterruptionResumes(randomID: Bool) throws {
        let provisioner = try NTAG424Fixtures.provisioner(randomID: randomID)
        let commands = try Self.commandsOfProvisioning(provisioner)
        #expect(commands > 20)
        var stops: Set<String> = []
        for k in 0..<commands {
            let (outcome, torn) = try NTAG424Fixtures.present(SimulatedTag(product: .ntag424), to: provisioner, removeAfter: k)
            guard outcome.error != nil else { continue }
            #expect(outcome.tagLeft, "k=\(k): \(outcome.error ?? "")")
            let card = try #require(torn.ntag424)
            let keyZero = card.keyVersions[0] == 0 ? AESKey.factoryDefault : NTAG424Fixtures.keys.key(0, uid: card.uid)
            #expect(card.keys[0] == keyZero.bytes, "k=\(k): key 0's version names the key that opens it")
            let advice = card.keyVersions[0] == 0 ? ["again to resume", "again to resume or verify it"] : ["again to verify it", "again to resume or verify it"]
            #expect(advice.contains { outcome.error?.hasSuffix($0) == true }, "k=\(k): \(outcome.error ?? "")")
            if outcome.error?.hasSuffix("resume or verify it") == true { stops.insert("changing key 0") }
            stops.insert(card.keyVersions.map(String.init).joined())
            let (again, finished) = try NTAG424Fixtures.present(torn, to: provisioner)
            if randomID, torn.ntag424?.randomID == true {
                #expect(again.error?.contains("random ID is on") == true, "k=\(k)")
                continue
            }
            #expect(again.error == nil, "k=\(k): \(again.error ?? "")")
            try NTAG424Fixtures.expectKeyed(finished)
        }
        #expect(stops.isSuperset(of: ["00000", "01000", "01100", "01110", "01111", "11111", "changing key 0"]))
    }

    /// The tag commands of a whole provisioning of a factory card.
    static func commandsOfProvisioning(_ provisioner: NTAG424Provisioner) throws -> Int {
        let field = try SimulatedSession([SimulatedTag(product: .ntag424)])
        let listed = try field.firstTarget(.typeA106)
        let before = field.chip.tagCommandCount
        let outcome = provisioner.provision(listed, session: field.session, seq: 1)
        #expect(outcome.error == nil)
        return field.chip.tagCommandCount - before
    }
}
