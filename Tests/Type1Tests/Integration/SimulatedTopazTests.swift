import NDEF
import PN532
import PN532Simulator
import TagProtocols
import TestSupport
import Testing
@testable import Type1

/// The Type 1 layer against the simulator's Topaz 96 and Topaz 512, through the in-process
/// simulated PN532 (InListPassiveTarget with BrTy 04, then InDataExchange).
struct SimulatedTopazTests {
    /// A PN532 session on the simulator with one Topaz in the field.
    final class Field {
        private let field: SimulatedSession
        var chip: SimulatedPN532 { field.chip }
        var session: PN532Session { field.session }

        init(_ tags: [SimulatedTag]) throws {
            field = try SimulatedSession(tags)
        }

        convenience init(_ product: TagProduct) throws {
            try self.init([SimulatedTag(product: product)])
        }

        func tag() throws -> Type1Tag {
            let target = try field.firstTarget(.jewel106)
            return try Type1Tag.identify(TargetExchange(session: session, target: target))
        }

        var memory: [UInt8] { chip.field.first?.memory ?? [] }
    }

    static func uriMessage(_ length: Int) -> NDEFMessage {
        NDEFMessage(records: [.uri("https://example.com/" + String(repeating: "x", count: length))])
    }

    @Test(arguments: [(TagProduct.topaz96, "https://example.com/topaz96", 90), (.topaz512, "https://example.com/topaz512", 462)])
    func readsTheFactoryMessageAndWritesANewOne(product: TagProduct, uri: String, capacity: Int) throws {
        let field = try Field(product)
        let tag = try field.tag()
        #expect(tag.isStatic == (product == .topaz96))
        #expect(try tag.readNDEFMessage() == NDEFMessage(records: [.uri(uri)]))
        #expect(try tag.ndefStatus() == NDEFStatusReport(status: .readWrite, capacity: capacity))
        let message = Self.uriMessage(40)
        try tag.writeNDEFMessage(message)
        #expect(try field.tag().readNDEFMessage() == message)
        #expect(field.memory[8] == 0xE1)
    }

    @Test func aMessageLongerThanASegmentOnTheTopaz512() throws {
        let field = try Field(.topaz512)
        let message = Self.uriMessage(400)
        try field.tag().writeNDEFMessage(message)
        #expect(try field.tag().readNDEFMessage() == message)
        #expect(field.memory[0x180..<0x200].contains { $0 != 0 })
        #expect(Array(field.memory[0x68..<0x70]) == [0x55, 0x55, 0xAA, 0xAA, 0x12, 0x49, 0x06, 0x00])
        #expect(Array(field.memory[0x78..<0x80]) == [UInt8](repeating: 0, count: 8))
    }

    @Test(arguments: [(TagProduct.topaz96, 90), (.topaz512, 462)])
    func aWriteLargerThanTheCapacityIsRefusedWithNothingWritten(product: TagProduct, capacity: Int) throws {
        let field = try Field(product)
        let before = field.memory
        let message = Self.uriMessage(capacity)
        let failure = try #require(throws: TagFailure.self) { try field.tag().writeNDEFMessage(message) }
        #expect(failure.kind == .messageTooLong(length: message.encoded().count, capacity: capacity))
        #expect(field.memory == before)
    }

    @Test(arguments: [TagProduct.topaz96, .topaz512])
    func lockThenAWriteIsRefused(product: TagProduct) throws {
        let field = try Field(product)
        try field.tag().writeLock()
        #expect(field.memory[11] == 0x0F)
        #expect(Array(field.memory[0x70..<0x72]) == [0xFF, 0xFF])
        if product == .topaz512 { #expect(Array(field.memory[0x7A..<0x80]) == [UInt8](repeating: 0xFF, count: 6)) }
        let locked = field.memory
        let tag = try field.tag()
        #expect(try tag.ndefStatus().status == .readOnly)
        let failure = try #require(throws: TagFailure.self) { try tag.writeNDEFMessage(Self.uriMessage(4)) }
        #expect(failure.kind == .readOnly)
        #expect(throws: Type1Error.alreadyLocked) { try tag.lock() }
        #expect(field.memory == locked)
    }
}
