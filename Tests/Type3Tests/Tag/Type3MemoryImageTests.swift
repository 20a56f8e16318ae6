import NFCCore
import TagProtocols
import Testing
@testable import Type3

/// A Type 3 tag's dump against scripted cards: the blocks read and the sizes from the card
/// that are bounded.
@Suite("Type 3 tag: the memory image of dump")
struct Type3MemoryImageTests {
    typealias A = CardAnswers

    @Test func aPlainCardGivesBlock0AndTheNmaxbBlocks() throws {
        let attribute = A.attribute(nbr: 2, nmaxb: 3, length: 20)
        let data: [[UInt8]] = (1...3).map { [UInt8](repeating: UInt8($0), count: 16) }
        let exchange = ScriptedExchange([A.check([attribute]), A.check(Array(data[0..<2])), A.check([data[2]])])
        let image = try Type3Tag(exchange: exchange, idm: A.idm, pmm: A.plainPMm).readMemoryImage()
        #expect(image.file == attribute + data.flatMap { $0 })
        #expect(image.blocks.map(\.number) == [0, 1, 2, 3])
        #expect(image.blocks.map(\.note) == ["attribute information block: Nbr 2, Nbw 1, Nmaxb 3, Ln 20", "NDEF message", "NDEF message", ""])
        #expect(image.limit == nil)
        #expect(exchange.answers.isEmpty)
    }

    /// Nmaxb is two bytes: a card saying 5000 blocks gets 2048 read, and the dump says so.
    @Test func anNmaxbBeyondTheBoundIsCutAndNamed() throws {
        let attribute = A.attribute(nbr: 15, nmaxb: 5000, length: 0)
        let batches = stride(from: 1, through: Type3Tag.dumpBlockLimit, by: 15).map { first in
            A.check(Array(repeating: [UInt8](repeating: 0xAB, count: 16), count: min(15, Type3Tag.dumpBlockLimit - first + 1)))
        }
        let exchange = ScriptedExchange([A.check([attribute])] + batches + [A.check([attribute])])
        let image = try Type3Tag(exchange: exchange, idm: A.idm, pmm: A.plainPMm).readMemoryImage()
        #expect(image.file.count == (Type3Tag.dumpBlockLimit + 1) * 16)
        #expect(image.limit == "Nmaxb is 5000 blocks, beyond the 2048 a dump reads: blocks 1-2048 were read")
        #expect(exchange.answers.count == 1, "not one Check more than the bound needs")
    }

    @Test func anAttributeBlockThatLiesIsTheOnlyBlockRead() throws {
        var attribute = A.attribute(nmaxb: 13, length: 0)
        attribute[15] ^= 0x01
        let exchange = ScriptedExchange([A.check([attribute])])
        let image = try Type3Tag(exchange: exchange, idm: A.idm, pmm: A.plainPMm).readMemoryImage()
        #expect(image.file == attribute)
        #expect(image.blocks.first?.note == "attribute information block (invalid)")
        #expect(image.limit?.hasPrefix("block 0 is not an attribute information block (the card is not formatted for NDEF: its attribute information block is invalid (its checksum is ") == true)
    }
}
