import NDEF
import NFCCore
import TagProtocols
import Testing
@testable import Type3

/// The Type 3 layer against scripted cards: the commands it sends, and hostile answers.
@Suite("Type 3 tag: Check, Update, the WriteFlag procedure, hostile answers")
struct Type3TagScriptedTests {
    typealias A = CardAnswers
    static let message = NDEFMessage(records: [.uri("https://example.com/type3/abcdefghij")])

    static func tag(_ answers: [Result<[UInt8], TagExchangeError>], pmm: [UInt8] = A.liteSPMm, answerLimit: Int = 253) -> (Type3Tag, ScriptedExchange) {
        let exchange = ScriptedExchange(answers, maximumAnswerLength: answerLimit)
        return (Type3Tag(exchange: exchange, idm: A.idm, pmm: pmm), exchange)
    }

    @Test func readsInBatchesOfNbrAndTruncatesToLn() throws {
        let bytes = Self.message.encoded()
        let blocks = A.blocks(bytes)
        #expect(blocks.count == 3)
        let (tag, exchange) = Self.tag([A.check([A.attribute(nbr: 2, length: bytes.count)]), A.check(Array(blocks[0..<2])), A.check([blocks[2]])])
        #expect(try tag.readNDEF() == Self.message)
        #expect(exchange.commands == [
            [0x10, 0x06] + A.idm + [0x01, 0x0B, 0x00, 0x01, 0x80, 0x00],
            [0x12, 0x06] + A.idm + [0x01, 0x0B, 0x00, 0x02, 0x80, 0x01, 0x80, 0x02],
            [0x10, 0x06] + A.idm + [0x01, 0x0B, 0x00, 0x01, 0x80, 0x03],
        ])
    }

    @Test func aSmallLinkCutsTheChecksBelowNbr() throws {
        let bytes = Self.message.encoded()
        let blocks = A.blocks(bytes)
        let (tag, exchange) = Self.tag(
            [A.check([A.attribute(nbr: 15, length: bytes.count)])] + blocks.map { A.check([$0]) }, answerLimit: 13 + 16 + 15)
        #expect(try tag.readNDEF() == Self.message)
        #expect(exchange.commands.count == 1 + blocks.count)
    }

    /// A Lite-S reads 4 blocks per Check whatever its Nbr says, writes 1 per Update whatever
    /// its Nbw says, and has 13 NDEF blocks: an Nmaxb beyond is not a Lite-S's.
    @Test func aLiteSIsReadAndWrittenWithinWhatItTakes() throws {
        let long = NDEFMessage(records: [.uri("https://example.com/" + String(repeating: "l", count: 60))])
        let bytes = long.encoded()
        let blocks = A.blocks(bytes)
        #expect(blocks.count == 5)
        let (tag, exchange) = Self.tag([A.check([A.attribute(nbr: 15, length: bytes.count)]), A.check(Array(blocks[0..<4])), A.check([blocks[4]])])
        #expect(try tag.readNDEF() == long)
        #expect(exchange.commands.map { $0[13] } == [1, 4, 1])
        let (writer, writes) = Self.tag([A.check([A.attribute(nbw: 13, length: 7)])] + Array(repeating: A.updated(), count: 5))
        try writer.writeNDEF(Self.message, verify: false)
        #expect(writes.commands.dropFirst().map { $0[13] } == [1, 1, 1, 1, 1])
        let (big, _) = Self.tag([A.check([A.attribute(nmaxb: 14, length: 7)])])
        #expect(try big.ndefStatus() == NDEFStatusReport(status: .notSupported, capacity: 0))
        let (plain, _) = Self.tag([A.check([A.attribute(nmaxb: 14, length: 7)])], pmm: A.plainPMm)
        #expect(try plain.ndefStatus() == NDEFStatusReport(status: .readWrite, capacity: 224))
    }

    @Test func anEmptyMessageNeedsOneCheck() throws {
        let (tag, exchange) = Self.tag([A.check([A.attribute(length: 0)])])
        #expect(try tag.readNDEF() == .empty)
        #expect(exchange.commands.count == 1)
    }

    @Test func aTornWriteIsReportedAsTornNotAsData() throws {
        let (tag, exchange) = Self.tag([A.check([A.attribute(writing: true, length: 30)]), A.check([A.attribute(writing: true, length: 30)])])
        #expect(throws: Type3Error.tornWrite) { try tag.readNDEF() }
        #expect(exchange.commands.count == 1)
        #expect(try tag.ndefStatus() == NDEFStatusReport(status: .readWrite, capacity: 208, hasNDEFTLV: false))
    }

    @Test func theStatusFollowsRWFlagAndNbw() throws {
        #expect(try Self.tag([A.check([A.attribute(writable: false, length: 3)])]).0.ndefStatus() == NDEFStatusReport(status: .readOnly, capacity: 208))
        #expect(try Self.tag([A.check([A.attribute(nbw: 0, length: 3)])]).0.ndefStatus() == NDEFStatusReport(status: .readOnly, capacity: 208))
        #expect(try Self.tag([A.check([A.attribute(nmaxb: 64, length: 3)])], pmm: A.plainPMm).0.ndefStatus() == NDEFStatusReport(status: .readWrite, capacity: 1024))
    }

    @Test func anAttributeBlockThatLiesIsNotFormatted() throws {
        var lying = A.attribute(length: 30)
        lying[14] ^= 0x01
        let (tag, _) = Self.tag([A.check([lying]), A.check([lying])])
        #expect(try tag.ndefStatus() == NDEFStatusReport(status: .notSupported, capacity: 0))
        #expect(throws: TagFailure.self) { try tag.readNDEFMessage() }
        let (other, _) = Self.tag([A.check([Type3AttributeBlockTests.with(1, 0xFF)])])
        do {
            _ = try other.readNDEFMessage()
            Issue.record("an Nbr of 255 was read")
        } catch {
            #expect(error.kind == .notFormatted)
            #expect(error.message.contains("Nbr"))
        }
    }

    /// Check answers a hostile card could send: each is an error, never a trap or data.
    @Test(arguments: [
        ("a block count that lies", Result<[UInt8], TagExchangeError>.success(A.frame([0x07] + A.idm + [0x00, 0x00, 0x02] + [UInt8](repeating: 0, count: 16)))),
        ("another IDm", .success(A.frame([0x07] + [UInt8](repeating: 9, count: 8) + [0x00, 0x00, 0x01] + [UInt8](repeating: 0, count: 16)))),
        ("another response code", .success(A.frame([0x09] + A.idm + [0x00, 0x00, 0x01] + [UInt8](repeating: 0, count: 16)))),
        ("a short block", .success(A.frame([0x07] + A.idm + [0x00, 0x00, 0x01] + [UInt8](repeating: 0, count: 15)))),
        ("a length byte that lies", .success([0x30, 0x07] + A.idm + [0x00, 0x00, 0x01] + [UInt8](repeating: 0, count: 16))),
        ("nothing", .success([])),
        ("refused", A.checkRefused(0xFF, 0xA8)),
        ("silent", .failure(.noAnswer)),
    ])
    func aHostileCheckAnswerIsAnError(_ name: String, _ answer: Result<[UInt8], TagExchangeError>) {
        let (tag, _) = Self.tag([answer])
        #expect(throws: Type3Error.self, "\(name)") { try tag.readNDEF() }
    }

    @Test func aCardRefusingTheAttributeBlocksCheckHasNoNDEF() throws {
        let (tag, _) = Self.tag([A.checkRefused(0x01, 0xA6)], pmm: A.plainPMm)
        #expect(try tag.queryNDEFStatus() == NDEFStatusReport(status: .notSupported, capacity: 0))
    }

    @Test func aHostileDataCheckIsAnErrorToo() {
        let (tag, _) = Self.tag([A.check([A.attribute(length: 40)]), A.check([[UInt8](repeating: 0, count: 16)])])
        #expect(throws: Type3Error.self) { try tag.readNDEF() }
    }

    @Test func writeFollowsTheWriteFlagProcedure() throws {
        let bytes = Self.message.encoded()
        let blocks = A.blocks(bytes)
        let (tag, exchange) = Self.tag([A.check([A.attribute(nbw: 2, length: 7)])] + Array(repeating: A.updated(), count: 4), pmm: A.plainPMm)
        try tag.writeNDEF(Self.message, verify: false)
        let updates = exchange.commands.dropFirst()
        #expect(updates.allSatisfy { $0[1] == 0x08 && Array($0[10..<13]) == [0x01, 0x09, 0x00] })
        #expect(updates.map { $0[13] } == [1, 2, 1, 1])
        #expect(Array(exchange.commands[1].suffix(16)) == A.attribute(nbw: 2, writing: true, length: 7))
        #expect(Array(exchange.commands[2][14..<18]) == [0x80, 0x01, 0x80, 0x02])
        #expect(Array(exchange.commands[2].suffix(32)) == blocks[0] + blocks[1])
        #expect(Array(exchange.commands[3].suffix(16)) == blocks[2])
        #expect(Array(exchange.commands[4].suffix(16)) == A.attribute(nbw: 2, length: bytes.count))
    }

    @Test func writeVerifiesByReadingBack() throws {
        let bytes = Self.message.encoded()
        let blocks = A.blocks(bytes)
        let final = A.attribute(length: bytes.count)
        let script = [A.check([A.attribute(length: 7)])] + Array(repeating: A.updated(), count: 5)
            + [A.check([final]), A.check(Array(blocks[0..<3]))]
        try Self.tag(script).0.writeNDEF(Self.message)
        var damaged = blocks
        damaged[1][3] ^= 0x40
        let bad = [A.check([A.attribute(length: 7)])] + Array(repeating: A.updated(), count: 5) + [A.check([final]), A.check(damaged)]
        #expect(throws: Type3Error.verificationFailed(block: 2)) { try Self.tag(bad).0.writeNDEF(Self.message) }
    }

    @Test func aMessageBeyondNmaxbWritesNothing() {
        let (tag, exchange) = Self.tag([A.check([A.attribute(nmaxb: 2, length: 7)])])
        #expect(throws: Type3Error.messageTooLong(length: Self.message.length, capacity: 32)) { try tag.writeNDEF(Self.message) }
        #expect(exchange.codes == [0x06])
    }

    @Test func aReadOnlyCardWritesNothing() {
        let (tag, exchange) = Self.tag([A.check([A.attribute(writable: false, length: 7)])])
        #expect(throws: Type3Error.readOnly) { try tag.writeNDEF(Self.message) }
        #expect(exchange.codes == [0x06])
    }

    @Test func aCardLeavingAfterWriteFlag0FIsATornWrite() {
        let (tag, _) = Self.tag([A.check([A.attribute(length: 7)]), A.updated(), .failure(.noAnswer)])
        do {
            try tag.writeNDEFMessage(Self.message, verify: true)
            Issue.record("the write went through")
        } catch {
            #expect(error.kind == .tornWrite)
            #expect(error.tagLeft)
        }
    }

    @Test func aCommandThatCannotBeBuiltSendsNothing() {
        let (tag, exchange) = Self.tag([])
        #expect { try tag.check([]) } throws: { error in
            guard case let .frame(frameError, _) = error as? Type3Error else { return false }
            return frameError.kind == .argument && (error as? Type3Error)?.tagFailure.kind == .unsupported
        }
        #expect { try tag.update([1], data: [[0x00]]) } throws: { error in
            guard case let .frame(frameError, _) = error as? Type3Error else { return false }
            return frameError.kind == .argument
        }
        #expect(exchange.commands.isEmpty)
    }

    @Test func aRefusedUpdateIsAnError() {
        let (tag, _) = Self.tag([A.check([A.attribute(length: 7)]), A.updated(0xFF, 0xA8)])
        #expect(throws: Type3Error.status(flag1: 0xFF, flag2: 0xA8, step: "Update block 0")) { try tag.writeNDEF(Self.message) }
    }

    static let factoryMC: [UInt8] = [0xFF, 0xFF, 0xFF, 0x01, 0x07] + [UInt8](repeating: 0, count: 11)
    static let lockedMC: [UInt8] = [0x00, 0xC0, 0xFF, 0x01, 0x07] + [UInt8](repeating: 0, count: 11)

    @Test func lockOnALiteSClearsTheSPADWriteBitsOfMC() throws {
        let (tag, exchange) = Self.tag([
            A.check([A.attribute(length: 7)]), A.check([Self.factoryMC]), A.updated(), A.updated(), A.check([Self.lockedMC]),
        ])
        try tag.writeLock()
        #expect(Array(exchange.commands[1].suffix(2)) == [0x80, 0x88])
        #expect(Array(exchange.commands[2].suffix(16)) == A.attribute(writable: false, length: 7))
        #expect(Array(exchange.commands[3].suffix(18)) == [0x80, 0x88] + Self.lockedMC)
    }

    @Test func aLiteSLockCutShortIsFinishedByLockingAgain() throws {
        let (tag, exchange) = Self.tag([
            A.check([A.attribute(writable: false, length: 7)]), A.check([Self.factoryMC]), A.updated(), A.check([Self.lockedMC]),
        ])
        try tag.lock()
        #expect(exchange.codes == [0x06, 0x06, 0x08, 0x06])
        #expect(Array(exchange.commands[2].suffix(18)) == [0x80, 0x88] + Self.lockedMC)
    }

    @Test func anMCThatDoesNotReadBackIsAVerificationFailure() {
        let (tag, _) = Self.tag([
            A.check([A.attribute(length: 7)]), A.check([Self.factoryMC]), A.updated(), A.updated(), A.check([Self.factoryMC]),
        ])
        #expect(throws: Type3Error.verificationFailed(block: 0x88)) { try tag.lock() }
    }

    @Test func lockOnAnotherCardSetsOnlyRWFlag() throws {
        let (tag, exchange) = Self.tag([A.check([A.attribute(length: 7)]), A.updated()], pmm: A.plainPMm)
        try tag.writeLock()
        #expect(exchange.codes == [0x06, 0x08])
    }

    @Test func lockingALockedCardWritesNothing() {
        let (plain, plainExchange) = Self.tag([A.check([A.attribute(writable: false, length: 7)])], pmm: A.plainPMm)
        #expect(throws: Type3Error.alreadyLocked) { try plain.lock() }
        #expect(plainExchange.codes == [0x06])
        let (liteS, liteSExchange) = Self.tag([A.check([A.attribute(writable: false, length: 7)]), A.check([Self.lockedMC])])
        #expect(throws: Type3Error.alreadyLocked) { try liteS.lock() }
        #expect(liteSExchange.codes == [0x06, 0x06])
    }
}
