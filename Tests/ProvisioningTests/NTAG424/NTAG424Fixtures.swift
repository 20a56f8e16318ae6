import Credentials
import EV2SecureMessaging
import ISO7816
import PN532
import PN532Simulator
import TestSupport
import Testing
@testable import Provisioning

/// The site, the plan and the card handling the NTAG 424 DNA provisioning tests share.
enum NTAG424Fixtures {
    static let master = AESKey((0..<16).map { UInt8($0) })!
    static let picc = AESKey((0..<16).map { UInt8(0xF0 - $0) })!
    static let keys = NTAG424Keys(master: master, piccKey: picc, systemIdentifier: [0x53, 0x49, 0x54, 0x45])!
    static let url = "https://example.com/sun?e={picc}&c={mac}"
    static let encURL = "https://example.com/sun?picc_data={picc}&enc={enc}&cmac={mac}"

    static func provisioner(_ template: String = url, fileData: [UInt8]? = nil, randomID: Bool = false) throws -> NTAG424Provisioner {
        NTAG424Provisioner(keys: keys, template: try NTAG424SUNTemplate(template, fileData: fileData), randomID: randomID)
    }

    /// Provisions `tag` in a field of its own; the outcome and the tag as it is afterwards
    /// (still in the field, or gone from it).
    static func present(_ tag: SimulatedTag, to provisioner: NTAG424Provisioner, removeAfter commands: Int? = nil)
        throws -> (FlashTagWriter.Outcome, SimulatedTag)
    {
        let field = try SimulatedSession([tag])
        let listed = try field.firstTarget(.typeA106)
        field.chip.removeTagAfterCommands = commands
        let outcome = provisioner.provision(listed, session: field.session, seq: 1)
        let after = try #require(field.chip.field.first ?? field.chip.departedTags.last)
        return (outcome, after)
    }

    /// The host library on `tag`: its NDEF application selected.
    static func card(_ tag: SimulatedTag) throws -> (EV2Card, [UInt8], SimulatedSession) {
        let field = try SimulatedSession([tag])
        let listed = try field.firstTarget(.typeA106)
        let card = EV2Card(exchange: TargetExchange(session: field.session, target: listed))
        try NTAG424Provisioner.select(card)
        return (card, listed.info.identifier, field)
    }

    /// Expects that `tag` holds the site's keys for its real UID (every one authenticates,
    /// version 01) and that a SUN read through the card verifies.
    static func expectKeyed(_ tag: SimulatedTag, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (card, _, _) = try card(tag)
        let uid = try #require(tag.ntag424?.uid, "the real UID, also under random ID", sourceLocation: sourceLocation)
        let template = try NTAG424SUNTemplate(url)
        let image = try card.readData(0x02, offset: 0, length: template.fileImage.count, mode: .plain)
        #expect(try NTAG424SUNCheck.verify(image, template: template, uid: uid, keys: keys) >= 1, sourceLocation: sourceLocation)
        for number in NTAG424Keys.numbers {
            try card.authenticateFirst(keyNumber: number, key: keys.key(number, uid: uid))
            #expect(try card.keyVersion(number) == 0x01, sourceLocation: sourceLocation)
        }
    }
}
