import NFCCore
import PN532Simulator
import TestSupport
import Testing
@testable import NFCTags

@Suite("GetVersion asked of simulated ISO-DEP cards through the PN532's block protocol")
struct NXPCardVersionQueryTests {
    static let getVersion = hex("90 60 00 00 00")
    static let additionalFrame = hex("90 AF 00 00 00")

    @Test func anNTAG424DNAAnswersItsDataSheetsPartsInThreeFrames() throws {
        let card = try SimulatedCard(SimulatedTag(product: .ntag424, uid: hex("04 45 1C 9A 6E 71 80")))
        let version = try NXPCardVersion.query(over: card.exchange)
        #expect(version.hardware.bytes == hex("04 04 02 30 00 11 05"))
        #expect(version.software.bytes == hex("04 04 02 01 02 11 05"))
        #expect(version.uid == hex("04 45 1C 9A 6E 71 80"))
        #expect(version.production.count == 14)
        #expect(card.exchange.commands == [Self.getVersion, Self.additionalFrame, Self.additionalFrame])
    }

    @Test func aDESFireEV1AnswersItsParts() throws {
        let card = try SimulatedCard(.desfire)
        let version = try NXPCardVersion.query(over: card.exchange)
        #expect(version.hardware.type == 0x01)
        #expect(version.hardware.majorVersion == 0x01)
        #expect(card.exchange.commands.count == 3)
    }

    @Test func aPhoneRefusesTheFirstFrameAndNoOtherIsSent() throws {
        let card = try SimulatedCard(.phone)
        #expect(throws: NXPCardVersionError.status(part: 1, 0x6E00)) { try NXPCardVersion.query(over: card.exchange) }
        #expect(card.exchange.commands == [Self.getVersion])
    }

    @Test func aCardThatLeavesMidwayIsAnExchangeErrorAndNothingMoreIsSent() throws {
        let card = try SimulatedCard(.ntag424)
        card.chip.removeTagAfterCommands = 1
        #expect(throws: NXPCardVersionError.exchange(.noAnswer)) { try NXPCardVersion.query(over: card.exchange) }
        #expect(card.exchange.commands == [Self.getVersion, Self.additionalFrame])
    }
}
