import NDEF
import PN532Simulator
import TagProtocols
import Testing
@testable import Type3

/// The Type 3 layer against the simulator's FeliCa cards (the oracle, written from the
/// specification) through the in-process PN532.
@Suite("Type 3 NDEF on the simulated FeliCa Lite-S and 12FC card")
struct Type3SimulatedCardTests {
    static let products: [TagProduct] = [.felicaLiteS, .felica12FC]
    static let message = NDEFMessage(records: [.uri("https://example.com/felica"), .uri("https://example.org/written-through-check-and-update")])

    @Test(arguments: products)
    func theFactoryMessageReads(_ product: TagProduct) throws {
        let tag = try SimulatedFeliCaField(product).tag()
        #expect(try tag.readNDEFMessage() == NDEFMessage(records: [.uri("https://github.com/pn532ctl")]))
        let capacity = product == .felicaLiteS ? 208 : 1024
        #expect(try tag.ndefStatus() == NDEFStatusReport(status: .readWrite, capacity: capacity))
        #expect(tag.isLiteS == (product == .felicaLiteS))
    }

    @Test(arguments: products)
    func aWrittenMessageReadsBack(_ product: TagProduct) throws {
        let field = try SimulatedFeliCaField(product)
        try field.tag().writeNDEFMessage(Self.message)
        #expect(try SimulatedFeliCaField([try #require(field.card)]).tag().readNDEFMessage() == Self.message)
    }

    /// 1 KB on the 12FC card (Nmaxb 64, all of it): a read is the attribute block and 6 Checks
    /// of Nbr 12 (the floor); a write is the attribute Check, 8 Updates of Nbw 8 between the
    /// two attribute writes, and with verification the 7 Checks again.
    @Test func aKilobyteTakesTheFewestChecksAndUpdatesNbrAndNbwAllow() throws {
        let long = NDEFMessage(records: [try NDEFRecord(format: .unknown, type: [], payload: [UInt8](repeating: 0x5A, count: 1018))])
        #expect(long.length == 1024)
        let field = try SimulatedFeliCaField(.felica12FC)
        let tag = try field.tag()
        var before = field.chip.tagCommandCount
        try tag.writeNDEF(long, verify: false)
        #expect(field.chip.tagCommandCount - before == 1 + 1 + 8 + 1)
        before = field.chip.tagCommandCount
        #expect(try tag.readNDEF() == long)
        #expect(field.chip.tagCommandCount - before == 1 + 6)
        before = field.chip.tagCommandCount
        try tag.writeNDEF(long)
        #expect(field.chip.tagCommandCount - before == 1 + 1 + 8 + 1 + 1 + 6)
    }

    @Test(arguments: products)
    func aMessageBeyondNmaxbIsRefusedWithNothingWritten(_ product: TagProduct) throws {
        let field = try SimulatedFeliCaField(product)
        let before = try #require(field.card).memory
        let capacity = product == .felicaLiteS ? 208 : 1024
        let long = NDEFMessage(records: [try NDEFRecord(format: .unknown, type: [], payload: [UInt8](repeating: 1, count: capacity))])
        #expect(throws: Type3Error.messageTooLong(length: long.length, capacity: capacity)) { try field.tag().writeNDEF(long) }
        #expect(field.card?.memory == before)
    }

    /// The card leaves after k commands of a write, for every k: presented again it holds the
    /// old message (it left before WriteFlag 0F), the new one (after WriteFlag 00), or reads
    /// as torn in between: never other bytes.
    @Test(arguments: products)
    func aCardLeavingMidWriteIsSeenAsTorn(_ product: TagProduct) throws {
        let old = NDEFMessage(records: [.uri("https://github.com/pn532ctl")])
        let new = NDEFMessage(records: [.uri("https://example.com/" + String(repeating: "n", count: 90))])
        var outcomes: Set<String> = []
        for k in 1..<16 {
            let field = try SimulatedFeliCaField(product)
            let tag = try field.tag()
            field.chip.removeTagAfterCommands = k
            do throws(Type3Error) { try tag.writeNDEF(new) } catch {
                switch error {
                case .exchange(.noAnswer, _), .leftDuringWrite(.noAnswer, _): break
                default: Issue.record("k=\(k): \(error)")
                }
            }
            let again = try SimulatedFeliCaField([try #require(field.card)]).tag()
            do throws(Type3Error) {
                switch try again.readNDEF() {
                case old: outcomes.insert("old")
                case new: outcomes.insert("new")
                default: Issue.record("k=\(k): the card holds neither message")
                }
            } catch {
                #expect(error == .tornWrite, "k=\(k)")
                #expect(try again.ndefStatus().hasNDEFTLV == false)
                outcomes.insert("torn")
                try again.writeNDEFMessage(new)
                #expect(try again.readNDEFMessage() == new, "k=\(k): a torn card is written again")
            }
        }
        #expect(outcomes == ["old", "torn", "new"])
    }

    /// A card whose attribute block lies (its checksum) is not formatted: nothing is read and
    /// a write changes nothing.
    @Test(arguments: products)
    func anAttributeBlockThatLiesWritesNothing(_ product: TagProduct) throws {
        var card = SimulatedTag(product: product)
        card.memory[15] ^= 0x01
        let field = try SimulatedFeliCaField([card])
        let tag = try field.tag()
        #expect(try tag.ndefStatus() == NDEFStatusReport(status: .notSupported, capacity: 0))
        #expect(throws: TagFailure.self) { try tag.readNDEFMessage() }
        #expect(throws: TagFailure.self) { try tag.writeNDEFMessage(Self.message) }
        #expect(field.card?.memory == card.memory)
    }

    /// The MC written by the lock takes effect when the card next resets: presented again, its
    /// attribute block cannot be made writable.
    @Test func lockingALiteSMakesItsMemoryReadOnly() throws {
        let field = try SimulatedFeliCaField(.felicaLiteS)
        try field.tag().writeLock()
        try field.session.setField(on: false)
        let tag = try field.tag()
        #expect(try tag.ndefStatus().status == .readOnly)
        #expect(try tag.check([0x88]).first.map { Array($0.prefix(2)) } == [0x00, 0xC0])
        #expect(throws: Type3Error.readOnly) { try tag.writeNDEF(Self.message) }
        #expect(throws: Type3Error.alreadyLocked) { try tag.lock() }
        var attribute = try tag.readAttributeBlock()
        attribute.isWritable = true
        #expect(throws: Type3Error.status(flag1: 0xFF, flag2: 0xA8, step: "Update block 0")) { try tag.update([0], data: [attribute.bytes]) }
        #expect(try tag.readNDEFMessage() == NDEFMessage(records: [.uri("https://github.com/pn532ctl")]))
    }

    @Test func lockingThe12FCCardSetsOnlyTheAttributeFlag() throws {
        let field = try SimulatedFeliCaField(.felica12FC)
        let tag = try field.tag()
        try tag.writeLock()
        #expect(try tag.ndefStatus().status == .readOnly)
        var attribute = try tag.readAttributeBlock()
        attribute.isWritable = true
        try tag.update([0], data: [attribute.bytes])
        #expect(try tag.ndefStatus().status == .readWrite)
    }

    @Test func aCheckBeyondTheCardsLimitIsRefusedByTheCard() throws {
        let tag = try SimulatedFeliCaField(.felicaLiteS).tag()
        #expect(throws: Type3Error.status(flag1: 0xFF, flag2: 0xA2, step: "Check blocks 1–5")) { try tag.check([1, 2, 3, 4, 5]) }
        #expect(try tag.check([1, 2, 3, 4]).count == 4)
    }
}
