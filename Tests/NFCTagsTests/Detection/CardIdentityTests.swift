import NFCCore
import PN532Simulator
import TestSupport
import Testing
@testable import NFCTags

@Suite("ISO-DEP Type A cards named by their GetVersion")
struct CardIdentityTests {
    static func typeA(_ atqa: UInt16, _ uid: String, ats: String) -> TargetInfo {
        .nfcA(NFCATarget(atqa: atqa, sak: 0x20, uid: hex(uid), ats: AnswerToSelect(bytes: hex(ats))))
    }

    static let desfireATS = typeA(0x0344, "04 52 1A 2A 3C 2B 80", ats: "06 75 77 81 02 80")
    static let ntag424ATS = typeA(0x0344, "04 45 1C 9A 6E 71 80", ats: "06 77 77 71 02 80")

    @Test(arguments: [
        ("04 01 01 01 00 18 05", CardFamily.desfire(.ev1), "MIFARE DESFire EV1"),
        ("04 01 01 12 00 1A 05", .desfire(.ev2), "MIFARE DESFire EV2"),
        ("04 01 01 33 00 1A 05", .desfire(.ev3), "MIFARE DESFire EV3"),
        ("04 01 01 00 02 18 05", .desfire(nil), "MIFARE DESFire"),
        ("04 08 01 01 00 13 05", .desfireLight, "MIFARE DESFire Light"),
        ("04 04 02 30 00 11 05", .ntag424DNA, "NTAG 424 DNA"),
        ("04 04 82 30 00 11 05", .ntag424DNA, "NTAG 424 DNA"),
        ("04 04 02 10 00 0F 05", .isoDEP, "ISO-DEP card (ISO/IEC 14443-4 A)"),
        ("04 04 05 30 00 11 05", .isoDEP, "ISO-DEP card (ISO/IEC 14443-4 A)"),
        ("05 01 01 01 00 18 05", .isoDEP, "ISO-DEP card (ISO/IEC 14443-4 A)"),
    ])
    func theHardwarePartNamesTheProduct(_ hardware: String, _ family: CardFamily, _ name: String) {
        let named = CardFamily(info: Self.desfireATS, version: .answer(hex(hardware)))
        #expect(named == family)
        #expect(named.name == name)
    }

    @Test func theATSRuleHoldsOnlyWhenNoGetVersionWasAsked() {
        #expect(CardFamily(info: Self.ntag424ATS) == .ntag424DNA)
        #expect(CardFamily(info: Self.desfireATS) == .desfire(nil))
        #expect(CardFamily(info: Self.ntag424ATS, version: .noAnswer) == .isoDEP)
        #expect(CardFamily(info: Self.desfireATS, version: .noAnswer) == .isoDEP)
        #expect(CardFamily(info: Self.desfireATS, version: .answer(hex("04 04 02 30 00 11 05"))) == .ntag424DNA)
        #expect(CardFamily(info: Self.ntag424ATS, version: .answer(hex("04 01 01 12 00 1A 05"))) == .desfire(.ev2))
    }

    @Test(arguments: [
        (TagProduct.ntag424, CardFamily.ntag424DNA, true),
        (.desfire, .desfire(.ev1), true),
        (.phone, .randomUIDDevice, false),
    ])
    func simulatedCardsAreAskedAndNamed(_ product: TagProduct, _ family: CardFamily, _ answers: Bool) throws {
        let card = try SimulatedCard(product)
        let identity = try CardIdentity(info: card.target.info, over: card.exchange)
        #expect(identity.family == family)
        #expect((identity.version != nil) == answers)
        #expect(identity.info == card.target.info)
        #expect(card.exchange.commands.count == (answers ? 3 : 1))
    }

    @Test(arguments: [TagProduct.ntag213, .classic1k])
    func otherCardsGetNoCommand(_ product: TagProduct) throws {
        let card = try SimulatedCard(product)
        let identity = try CardIdentity(info: card.target.info, over: card.exchange)
        #expect(identity.family == CardFamily(info: card.target.info))
        #expect(identity.version == nil)
        #expect(card.exchange.commands.isEmpty)
        #expect(!CardIdentity.asksVersion(card.target.info))
    }

    @Test func aCardThatLeavesDuringTheQueryIsThrown() throws {
        let card = try SimulatedCard(.desfire)
        card.chip.removeTagAfterCommands = 0
        #expect(throws: TagExchangeError.noAnswer) { try CardIdentity(info: card.target.info, over: card.exchange) }
    }
}
