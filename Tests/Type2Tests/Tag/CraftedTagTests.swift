import NDEF
import NFCCore
import PN532
import PN532Simulator
import TagProtocols
import Testing
import TestSupport
@testable import Type2

/// Passes commands on and keeps them, to count what a read cost; `answerLimit` plays a
/// reader with smaller frames.
final class RecordingExchange: TagExchange {
    let inner: any TagExchange
    let answerLimit: Int?
    var commands: [[UInt8]] = []

    init(_ inner: any TagExchange, answerLimit: Int? = nil) {
        self.inner = inner
        self.answerLimit = answerLimit
    }

    var maximumCommandLength: Int { inner.maximumCommandLength }

    var maximumAnswerLength: Int { answerLimit ?? inner.maximumAnswerLength }

    func exchange(_ command: [UInt8], answer: TagAnswer) throws(TagExchangeError) -> [UInt8] {
        commands.append(command)
        return try inner.exchange(command, answer: answer)
    }

    func reselect() throws(TagExchangeError) {
        try inner.reselect()
    }

    /// The FAST_READ commands sent.
    var fastReads: [[UInt8]] { commands.filter { $0.first == 0x3A } }
}

@Suite("Crafted tags: TLV walks bounded by the CC's area, reads the tag cannot multiply")
struct CraftedTagTests {
    static func field(_ image: CraftedTagImage) throws -> SimulatedField {
        let product: TagProduct = image == .stall216 ? .ntag216 : .ntag213
        return try SimulatedField([try SimulatedTag(product: product, mfd: try image.bytes())])
    }

    static func field(ntag216DataArea area: [UInt8]) throws -> SimulatedField {
        var tag = SimulatedTag(product: .ntag216)
        tag.memory.replaceSubrange(16..<16 + area.count, with: area)
        return try SimulatedField([tag])
    }

    /// Each crash image: the error names the TLV field cut by the area's end, in both modes,
    /// for reading, for the status, and for a write, which writes nothing.
    @Test(arguments: [
        (CraftedTagImage.crashA, NDEFError(offset: 8, reason: .truncated(.tlvLength, needed: 1, available: 0))),
        (CraftedTagImage.crashB, NDEFError(offset: 144, reason: .truncated(.tlvLength, needed: 1, available: 0))),
        (CraftedTagImage.crashC, NDEFError(offset: 6, reason: .truncated(.tlvLength, needed: 3, available: 2))),
    ])
    func crashImagesAreInvalidNDEF(_ image: CraftedTagImage, _ expected: NDEFError) throws {
        let field = try Self.field(image)
        let before = field.memory
        for mode in [DecodingMode.strict, .lenient] {
            #expect(throws: Type2Error.invalidNDEF(expected)) { try field.tag().readNDEF(mode: mode) }
        }
        #expect(throws: Type2Error.invalidNDEF(expected)) { try field.tag().queryNDEFStatus() }
        #expect(throws: Type2Error.invalidNDEF(expected)) { try field.tag().writeNDEF(NDEFMessage(records: [.uri("https://a.b")])) }
        #expect(field.memory == before)
    }

    /// An NDEF TLV whose 3-byte length (65534) runs past the area: an error in both modes,
    /// found without reading the area.
    @Test(arguments: [DecodingMode.strict, .lenient])
    func lengthPastTheAreaIsAnErrorInBothModes(_ mode: DecodingMode) throws {
        let field = try Self.field(ntag216DataArea: hex("03FFFFFE D1010155 016100"))
        let recording = RecordingExchange(try field.select())
        let tag = try Type2Tag.identify(recording)
        #expect(throws: Type2Error.invalidNDEF(NDEFError(offset: 4, reason: .truncated(.tlvValue, needed: 65534, available: 868)))) {
            try tag.readNDEF(mode: mode)
        }
        #expect(recording.fastReads.isEmpty)
    }

    /// 872 bytes of NULL TLVs without a terminator: no NDEF message, found in 4 FAST_READs
    /// (⌈864 / 252⌉ after the 8 bytes of READ page 2), not 217; its padding is free space.
    @Test func nullTLVAreaIsReadInFourFastReads() throws {
        let field = try Self.field(.stall216)
        let recording = RecordingExchange(try field.select())
        let tag = try Type2Tag.identify(recording)
        #expect(throws: Type2Error.invalidNDEF(NDEFError(offset: 0, reason: .noNDEFMessageTLV))) { try tag.readNDEF() }
        #expect(recording.commands.count == 6)
        #expect(recording.fastReads == [[0x3A, 6, 68], [0x3A, 69, 131], [0x3A, 132, 194], [0x3A, 195, 221]])
        #expect(try tag.queryNDEFStatus() == NDEFStatusReport(status: .readWrite, capacity: 868, hasNDEFTLV: false))
    }

    /// The FAST_READ chunk follows the transport's answer limit: a reader whose answers carry
    /// 64 bytes reads the same area in 16-page chunks, and the message read is the same.
    @Test func fastReadChunksFollowTheTransportsAnswerLimit() throws {
        let message = NDEFMessage(records: [.uri("https://example.com/" + String(repeating: "x", count: 300))])
        let tlv = try Type2DataArea.ndefTLV(for: message.encoded())
        let field = try Self.field(ntag216DataArea: tlv)
        let small = RecordingExchange(try field.select(), answerLimit: 64)
        let tag = try Type2Tag.identify(small)
        #expect(tag.fastReadPageLimit == 16)
        #expect(try tag.readNDEF() == message)
        #expect(small.fastReads.allSatisfy { Int($0[2]) - Int($0[1]) + 1 <= 16 })
        #expect(small.fastReads.dropLast().allSatisfy { Int($0[2]) - Int($0[1]) + 1 == 16 })
        let normal = RecordingExchange(try field.select())
        #expect(try Type2Tag.identify(normal).readNDEF() == message)
        #expect(small.fastReads.count > normal.fastReads.count)
    }

    /// Whatever the data area holds, a read costs at most one READ and ⌈(872 − 8) / 252⌉ = 4
    /// FAST_READs on an NTAG216, and every FAST_READ but the last is a whole 63-page chunk.
    @Test func randomAreasNeverCostMoreThanFourFastReads() throws {
        var generator = SeededGenerator(seed: 11)
        for round in 0..<200 {
            var area = generator.bytes(872)
            // Mostly small TLV tags and lengths, so that walks go deep.
            for index in area.indices where UInt8.random(in: 0...3, using: &generator) != 0 {
                area[index] = [0x00, 0x01, 0x02, 0xFD, 0x03, 0x05, 0x10][Int.random(in: 0..<7, using: &generator)]
            }
            let field = try Self.field(ntag216DataArea: area)
            let recording = RecordingExchange(try field.select())
            let tag = try Type2Tag.identify(recording)
            _ = try? tag.readNDEF(mode: .lenient)
            #expect(recording.fastReads.count <= 4, "round \(round): \(recording.fastReads)")
            #expect(recording.fastReads.dropLast().allSatisfy { Int($0[2]) - Int($0[1]) + 1 == 63 }, "round \(round)")
        }
    }

    /// A small message after lock and memory control TLVs still takes READ page 2 and one
    /// FAST_READ of just the pages it covers.
    @Test func smallMessageTakesTwoReads() throws {
        let message = NDEFMessage(records: [.uri("https://example.com/door")])
        let tlv = try Type2DataArea.ndefTLV(for: message.encoded())
        let field = try Self.field(ntag216DataArea: hex("0103A00C34") + tlv)
        let recording = RecordingExchange(try field.select())
        let tag = try Type2Tag.identify(recording)
        #expect(try tag.readNDEF() == message)
        #expect(recording.commands.count == 3)
        let lastPage = UInt8(4 + (tlv.count + 3) / 4)
        #expect(recording.fastReads == [[0x3A, 6, lastPage]])
    }
}
