import NDEF
import NFCCore
import TagProtocols
import Testing
@testable import Type1

/// The Type 1 tag over scripted exchanges: reads, the tear-safe write, locking, and hostile
/// or departing tags.
struct Type1TagTests {
    static let message = NDEFMessage(records: [.uri("https://example.com/type1")])

    static func tag(_ card: ScriptedTopaz) throws -> Type1Tag {
        try Type1Tag.identify(card)
    }

    @Test(arguments: [true, false])
    func writesAndReadsBackOnATopaz96(echoesAddress: Bool) throws {
        let card = ScriptedTopaz(memory: TopazImage.static96(tlvs: [0x03, 0x00, 0xFE]), headerROM: TopazImage.staticHR)
        card.echoesAddress = echoesAddress
        let tag = try Self.tag(card)
        #expect(tag.isStatic && tag.uid == [0x01, 0x02, 0x03, 0x04])
        try tag.writeNDEF(Self.message)
        #expect(try tag.readNDEF() == Self.message)
        #expect(card.memory[8] == 0xE1)
        #expect(try tag.queryNDEFStatus() == NDEFStatusReport(status: .readWrite, capacity: 90))
    }

    @Test func theWriteInvalidatesFirstAndValidatesLast() throws {
        let card = ScriptedTopaz(memory: TopazImage.static96(tlvs: [0x03, 0x00, 0xFE]), headerROM: TopazImage.staticHR)
        try Self.tag(card).writeNDEF(Self.message)
        let writes = card.writeCommands
        #expect(writes.first.map { Array($0.prefix(3)) } == [0x53, 0x08, 0x00])
        #expect(writes.last.map { Array($0.prefix(3)) } == [0x53, 0x08, 0xE1])
        let length = UInt8(Self.message.encoded().count)
        #expect(writes.dropLast().last.map { Array($0.prefix(3)) } == [0x53, 0x0D, length])
        #expect(writes.allSatisfy { Array($0.suffix(4)) == [0x01, 0x02, 0x03, 0x04] })
    }

    @Test func aLongMessageOnATopaz512UsesBlockWritesAndSkipsTheReservedBlocks() throws {
        let card = ScriptedTopaz(memory: TopazImage.dynamic512(), headerROM: TopazImage.dynamicHR)
        let tag = try Self.tag(card)
        let long = NDEFMessage(records: [.uri("https://example.com/" + String(repeating: "a", count: 300))])
        try tag.writeNDEF(long)
        let before = card.commands.count
        #expect(try tag.readNDEF() == long)
        #expect(card.commands.dropFirst(before).map { Array($0.prefix(2)) } == [[0x10, 0x00], [0x10, 0x10], [0x10, 0x20], [0x10, 0x30]])
        #expect(card.writeCommands.contains { $0.first == 0x54 })
        #expect(Array(card.memory[0x68..<0x80]) == [UInt8](repeating: 0, count: 24))
        #expect(try tag.queryNDEFStatus() == NDEFStatusReport(status: .readWrite, capacity: 462))
    }

    @Test func aShortMessageOnATopaz512NeedsOnlySegment0AndByteWrites() throws {
        let card = ScriptedTopaz(memory: TopazImage.dynamic512(), headerROM: TopazImage.dynamicHR)
        let tag = try Self.tag(card)
        try tag.writeNDEF(Self.message)
        #expect(try tag.readNDEF() == Self.message)
        #expect(try tag.queryNDEFStatus() == NDEFStatusReport(status: .readWrite, capacity: 462))
        let segments = card.commands.filter { $0.first == 0x10 }.map { $0[1] }
        #expect(!segments.isEmpty && segments.allSatisfy { $0 == 0x00 })
        #expect(card.writeCommands.allSatisfy { $0.first == 0x53 })
    }

    @Test func aMessageLargerThanTheCapacityWritesNothing() throws {
        let card = ScriptedTopaz(memory: TopazImage.static96(tlvs: [0x03, 0x00, 0xFE]), headerROM: TopazImage.staticHR)
        let before = card.memory
        let long = NDEFMessage(records: [.uri("https://example.com/" + String(repeating: "a", count: 90))])
        #expect(throws: Type1Error.messageTooLong(length: long.encoded().count, capacity: 90)) { try Self.tag(card).writeNDEF(long) }
        #expect(card.writeCommands.isEmpty && card.memory == before)
    }

    @Test func noRoomForAnNDEFTLVRefusesEvenAnEmptyMessage() throws {
        let proprietary: [UInt8] = [0xFD, 89] + [UInt8](repeating: 0x77, count: 89)
        let card = ScriptedTopaz(memory: TopazImage.static96(tlvs: proprietary), headerROM: TopazImage.staticHR)
        let tag = try Self.tag(card)
        #expect(try tag.queryNDEFStatus() == NDEFStatusReport(status: .readWrite, capacity: 0, hasNDEFTLV: false))
        #expect(throws: Type1Error.messageTooLong(length: 0, capacity: 0)) { try tag.writeNDEF(.empty) }
        #expect(card.writeCommands.isEmpty)
    }

    @Test func aTagThatLeavesMidWriteIsTornAndReadsAsInvalidated() throws {
        let card = ScriptedTopaz(memory: TopazImage.static96(tlvs: [0x03, 0x00, 0xFE]), headerROM: TopazImage.staticHR)
        card.writesBeforeLeaving = 5
        #expect(throws: Type1Error.tornWrite(bytesWritten: 5)) { try Self.tag(card).writeNDEF(Self.message) }
        #expect(card.memory[8] == 0x00)
        let again = ScriptedTopaz(memory: card.memory, headerROM: TopazImage.staticHR)
        let tag = try Self.tag(again)
        #expect(throws: Type1Error.invalidated) { try tag.readNDEF() }
        #expect(try tag.queryNDEFStatus() == NDEFStatusReport(status: .readWrite, capacity: 90, hasNDEFTLV: false))
        try tag.writeNDEF(Self.message)
        #expect(try tag.readNDEF() == Self.message)
    }

    @Test func aReadOnlyCCRefusesTheWriteWithNothingWritten() throws {
        let card = ScriptedTopaz(memory: TopazImage.static96(cc: [0xE1, 0x10, 0x0E, 0x0F], tlvs: [0x03, 0x00]), headerROM: TopazImage.staticHR)
        #expect(throws: Type1Error.readOnly) { try Self.tag(card).writeNDEF(Self.message) }
        #expect(card.writeCommands.isEmpty)
    }

    @Test func lockSetsTheAccessByteAndEveryLockBit() throws {
        let card = ScriptedTopaz(memory: TopazImage.dynamic512(), headerROM: TopazImage.dynamicHR)
        let tag = try Self.tag(card)
        try tag.lock()
        #expect(card.memory[11] == 0x0F)
        #expect(Array(card.memory[0x70..<0x72]) == [0xFF, 0xFF])
        #expect(Array(card.memory[0x7A..<0x80]) == [UInt8](repeating: 0xFF, count: 6))
        #expect(card.memory[0x78] == 0 && card.memory[0x79] == 0)
        #expect(card.writeCommands.first.map { Array($0.prefix(3)) } == [0x1A, 0x0B, 0x0F])
        #expect(card.writeCommands.allSatisfy { [0x1A, 0x1B].contains($0.first) })
        #expect(try tag.queryNDEFStatus().status == .readOnly)
        #expect(throws: Type1Error.alreadyLocked) { try tag.lock() }
        #expect(throws: Type1Error.readOnly) { try tag.writeNDEF(Self.message) }
    }

    @Test func aHostileLockControlTLVIsAnErrorNotATrap() throws {
        let card = ScriptedTopaz(memory: TopazImage.dynamic512(controls: [0x01, 0x03, 0xF0, 0x30, 0x37]), headerROM: TopazImage.dynamicHR)
        let tag = try Self.tag(card)
        let failure = try #require(throws: TagFailure.self) { try tag.ndefStatus() }
        #expect(failure.kind == .notFormatted)
        #expect(failure.message.contains("outside the data area"))
        #expect(throws: Type1Error.controlAreaOutsideMemory(tlvAddress: 12, area: 1920..<1926, memorySize: 512)) { try tag.lock() }
        #expect(card.writeCommands.isEmpty)
    }

    @Test func anNDEFLengthBeyondTheDataAreaIsInvalidNDEF() throws {
        let card = ScriptedTopaz(memory: TopazImage.static96(tlvs: [0x03, 0xFE]), headerROM: TopazImage.staticHR)
        let failure = try #require(throws: TagFailure.self) { try Self.tag(card).readNDEFMessage() }
        #expect(failure.kind == .invalidNDEF(NDEFError(offset: 0, reason: .truncated(.tlvValue, needed: 254, available: 90))))
    }

    @Test func aBadMagicIsNotSupported() throws {
        let card = ScriptedTopaz(memory: TopazImage.static96(cc: [0x00, 0x00, 0x00, 0x00], tlvs: []), headerROM: TopazImage.staticHR)
        let tag = try Self.tag(card)
        #expect(try tag.queryNDEFStatus() == NDEFStatusReport(status: .notSupported, capacity: 0))
        #expect(throws: Type1Error.notFormatted(Type1CapabilityContainer([0, 0, 0, 0]))) { try tag.readNDEF() }
    }

    @Test func aShortRIDAnswerAndAHeaderWithoutNDEFAreRefused() {
        let card = ScriptedTopaz(memory: TopazImage.static96(tlvs: []), headerROM: TopazImage.staticHR)
        card.ridAnswer = [0x11, 0x48, 0x01]
        #expect(throws: Type1Error.malformedAnswer(step: "RID", count: 3, expected: 6)) { try Self.tag(card) }
        card.ridAnswer = [0x21, 0x48, 0x01, 0x02, 0x03, 0x04]
        #expect(throws: Type1Error.notNDEFCapable(headerROM: [0x21, 0x48])) { try Self.tag(card) }
    }

    @Test func aTagThatAnswersTheWrongLengthToRALLIsMalformed() throws {
        let card = ScriptedTopaz(memory: TopazImage.static96(tlvs: []), headerROM: [0x11])
        let tag = Type1Tag(exchange: card, headerROM: [0x11, 0x48], uid: [0x01, 0x02, 0x03, 0x04])
        #expect(throws: Type1Error.malformedAnswer(step: "RALL", count: 121, expected: 122)) { try tag.readNDEF() }
    }
}
