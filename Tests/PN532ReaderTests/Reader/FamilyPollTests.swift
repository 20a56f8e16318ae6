import Basics
import NFCCore
import PN532Reader
import PN532ReaderSimulator
import NFCTags
import PN532
@testable import PN532Simulator
import Testing

@Suite("Polling every card family: type A first, then FeliCa, type B, Jewel")
struct FamilyPollTests {
    @Test func aFeliCaCardThatComesDuringTheWaitIsFound() throws {
        let chip = SimulatedPN532()
        let reader = try ReaderDevice.open(simulating: chip)
        defer { try? reader.close() }
        let start = chip.clock
        chip.schedule(.present(SimulatedTag(product: .felicaLiteS)), at: start + .milliseconds(600))
        let found = try reader.session.pollEveryFamily(wait: .seconds(3))
        let target = try #require(found.first)
        guard case .nfcF = target.info else { Issue.record("not NFC-F: \(target.info)"); return }
        #expect(CardFamily(info: target.info) == .felicaLiteS)
        #expect(chip.clock - start >= .milliseconds(600))
        #expect(chip.clock - start < .seconds(3))
    }

    @Test func anEmptyFieldIsPolledUntilTheWaitHasPassed() throws {
        let chip = SimulatedPN532()
        let reader = try ReaderDevice.open(simulating: chip)
        defer { try? reader.close() }
        let start = chip.clock
        #expect(try reader.session.pollEveryFamily(wait: .milliseconds(700)).isEmpty)
        #expect(chip.clock - start >= .milliseconds(700))
        #expect(try reader.session.pollEveryFamily(wait: nil).isEmpty)
    }

    @Test(arguments: [
        (SimulatedTag(product: .topaz512), CardFamily.topaz),
        (SimulatedTag(product: .classic4k), .mifareClassic(.fourK)),
    ])
    func connectingToAnotherFamilyIsRefusedWithIt(_ tag: SimulatedTag, _ family: CardFamily) throws {
        let reader = try ReaderDevice.open(simulating: SimulatedPN532(tags: [tag]))
        defer { try? reader.close() }
        do {
            _ = try reader.connect(wait: nil, exclusive: true)
            Issue.record("connected to a \(family.name)")
        } catch let ReaderError.notNDEFTag(refused, _) {
            #expect(refused == family)
        }
    }
}
