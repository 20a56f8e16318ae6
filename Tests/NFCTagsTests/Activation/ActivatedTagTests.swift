import NFCCore
import PN532Simulator
import TagProtocols
import TestSupport
import Testing
import Type2
@testable import NFCTags

/// The one activation: a listed target becomes the value of its tag type, and a card of a
/// family no tag layer activates gets no command.
@Suite("Activation: a listed target becomes a tag")
struct ActivatedTagTests {
    static let settings = ActivationSettings(isoDEPAnswerTime: .milliseconds(750), type1AnswerTime: .milliseconds(600))

    @Test(arguments: [
        (TagProduct.ntag213, Type2Product.ntag213), (.ntag215, .ntag215), (.ntag216, .ntag216),
        (.ultralight, .ultralight), (.ultralightEV1MF0UL21, .ultralightEV1MF0UL21),
    ])
    func aType2TargetIsIdentifiedByGetVersionAlone(_ product: TagProduct, _ expected: Type2Product) throws {
        let card = try SimulatedCard(product)
        let activated = try ActivatedTag(card.target.info, over: card.exchange, settings: Self.settings)
        guard case let .type2(tag) = activated else {
            Issue.record("\(product) was activated as \(activated.family)")
            return
        }
        #expect(tag.product == expected)
        #expect(activated.family == .type2(expected))
        #expect(activated.ndef === tag)
        #expect(activated.originality === tag)
        #expect(card.exchange.commands == [[0x60]])
        #expect(card.exchange.answerTimes.isEmpty)
    }

    @Test(arguments: [TagProduct.classic1k, .classic4k, .classicMini])
    func aMIFAREClassicIsNamedAndGetsNoCommand(_ product: TagProduct) throws {
        let card = try SimulatedCard(product)
        let activated = try ActivatedTag(card.target.info, over: card.exchange, settings: Self.settings)
        guard case let .other(family) = activated else {
            Issue.record("\(product) was activated as a tag")
            return
        }
        #expect(family == CardFamily(info: card.target.info))
        #expect(activated.family == family)
        #expect(activated.ndef == nil)
        #expect(activated.originality == nil)
        #expect(card.exchange.commands.isEmpty)
        #expect(card.exchange.answerTimes.isEmpty)
    }

    @Test(arguments: [TagProduct.desfire, .desfireNDEF, .ntag424, .phone, .phoneNDEF])
    func anISODEPTypeACardIsAType4TagAndGetsNoCommand(_ product: TagProduct) throws {
        let card = try SimulatedCard(product)
        let activated = try ActivatedTag(card.target.info, over: card.exchange, settings: Self.settings)
        guard case let .type4(_, family) = activated else {
            Issue.record("\(product) was activated as \(activated.family)")
            return
        }
        #expect(family == CardFamily(info: card.target.info))
        #expect(activated.family == family)
        #expect(activated.ndef != nil)
        #expect(activated.originality == nil)
        #expect(card.exchange.commands.isEmpty, "the NDEF application is selected on the first NDEF operation")
        #expect(card.exchange.answerTimes == [.milliseconds(750)])
    }

    @Test func aBlankDESFireReportsNDEFNotSupported() throws {
        let card = try SimulatedCard(.desfire)
        let tag = try #require(try ActivatedTag(card.target.info, over: card.exchange).ndef)
        #expect(try tag.ndefStatus() == NDEFStatusReport(status: .notSupported, capacity: 0))
    }

    @Test(arguments: [TagProduct.felicaLiteS, .felica12FC])
    func aFeliCaCardIsAType3TagAndGetsNoCommand(_ product: TagProduct) throws {
        let card = try PolledCard(product, .felica212)
        let activated = try ActivatedTag(card.target.info, over: card.exchange, settings: Self.settings)
        guard case .type3 = activated else {
            Issue.record("\(product) was activated as \(activated.family)")
            return
        }
        #expect(activated.ndef != nil)
        #expect(card.exchange.commands.isEmpty)
        #expect(try activated.ndef?.ndefStatus().status == .readWrite)
    }

    @Test(arguments: [TagProduct.topaz512, .topaz96])
    func aTopazIsIdentifiedByRIDAsAType1Tag(_ product: TagProduct) throws {
        let card = try PolledCard(product, .jewel106)
        let activated = try ActivatedTag(card.target.info, over: card.exchange, settings: Self.settings)
        guard case .type1 = activated else {
            Issue.record("\(product) was activated as \(activated.family)")
            return
        }
        #expect(activated.family == .topaz)
        #expect(card.exchange.commands.count == 1)
        #expect(card.exchange.commands.first?.first == 0x78, "RID")
        #expect(card.exchange.answerTimes == [.milliseconds(600)])
    }

    @Test func aTopazAnsweringRIDWithAnotherUIDIsRefused() {
        let info = TargetInfo.jewel(JewelTarget(sensRes: 0x0C00, jewelID: hex("B5 A8 0E 01")))
        let failure = #expect(throws: TagFailure.self) {
            try ActivatedTag(info, over: ScriptedExchange(answering: hex("12 48 04 70 9A 05")))
        }
        #expect(failure?.message.contains("another tag answered") == true)
    }

    @Test(arguments: [
        (TargetInfo.nfcB(NFCBTarget(atqb: hex("50 1A 2B 3C 4D 00 00 00 00 00 81 81"), attribResponse: [0x00])), CardFamily.iso14443B, [Duration.milliseconds(750)]),
        (.nfcF(NFCFTarget(idm: hex("01 2E 4C F0 00 00 00 01"), pmm: hex("00 F0 00 00 00 01 43 00"), bitRate: .kbps212)), .felicaLite, []),
    ])
    func aCardOfAnotherTechnologyGetsItsAnswerTimeAndNoCommand(_ info: TargetInfo, _ family: CardFamily, _ answerTimes: [Duration]) throws {
        let exchange = RecordingExchange(ScriptedExchange())
        let activated = try ActivatedTag(info, over: exchange, settings: Self.settings)
        #expect(activated.family == family)
        #expect(activated.ndef == nil)
        #expect(exchange.commands.isEmpty)
        #expect(exchange.answerTimes == answerTimes)
    }

    @Test func theDefaultSettingsGiveAnISODEPCardOneSecond() throws {
        let card = try SimulatedCard(.desfire)
        _ = try ActivatedTag(card.target.info, over: card.exchange)
        #expect(card.exchange.answerTimes == [.seconds(1)])
        #expect(ActivationSettings().type1AnswerTime == .seconds(1))
    }

    @Test func anUnknownType2ProductIsAFailureWithTheTagLayersWords() {
        let version = hex("00 04 04 05 02 01 13 03")
        let info = TargetInfo.nfcA(NFCATarget(atqa: 0x0044, sak: 0x00, uid: hex("04 11 22 33 44 55 66")))
        let failure = #expect(throws: TagFailure.self) { try ActivatedTag(info, over: ScriptedExchange(answering: version)) }
        #expect(failure?.kind == .unknownProduct)
        #expect(failure?.message == Type2Error.unknownProduct(version: version).description)
        #expect(failure?.underlying as? Type2Error == .unknownProduct(version: version))
    }

    @Test func aType2TagThatLeavesDuringActivationIsATagThatLeft() throws {
        let card = try SimulatedCard(.ntag213)
        card.chip.removeTagAfterCommands = 0
        let failure = #expect(throws: TagFailure.self) { try ActivatedTag(card.target.info, over: card.exchange) }
        #expect(failure?.tagLeft == true)
    }
}
