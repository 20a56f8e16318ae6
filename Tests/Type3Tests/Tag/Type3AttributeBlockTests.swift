import Testing
@testable import Type3

@Suite("Type 3 attribute information block: every field checked")
struct Type3AttributeBlockTests {
    /// nfcpy's example of a read-only Lite: version 1.0, Nbr 1, Nbw 1, Nmaxb 5, RWFlag 00, Ln 16.
    static let nfcpyExample: [UInt8] = [0x10, 0x01, 0x01, 0x00, 0x05, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x27]

    @Test func decodesNfcpysExampleAndEncodesItBack() throws {
        let block = try Type3AttributeBlock(decoding: Self.nfcpyExample)
        #expect(block == Type3AttributeBlock(blocksPerCheck: 1, blocksPerUpdate: 1, maximumBlocks: 5, isWritable: false, length: 16))
        #expect(block.capacity == 80)
        #expect(block.messageBlocks == 1)
        #expect(block.bytes == Self.nfcpyExample)
    }

    @Test func aTornWriteIsWriteFlag0F() throws {
        var bytes = CardAnswers.attribute(length: 30)
        #expect(try !Type3AttributeBlock(decoding: bytes).writeInProgress)
        bytes = CardAnswers.attribute(writing: true, length: 30)
        #expect(bytes[9] == 0x0F)
        #expect(try Type3AttributeBlock(decoding: bytes).writeInProgress)
    }

    /// A block with byte `index` set to `value` and the checksum made right again.
    static func with(_ index: Int, _ value: UInt8, from base: [UInt8] = CardAnswers.attribute(length: 30)) -> [UInt8] {
        var bytes = base
        bytes[index] = value
        let sum = bytes.prefix(14).reduce(0) { $0 + Int($1) }
        bytes[14] = UInt8(sum >> 8)
        bytes[15] = UInt8(sum & 0xFF)
        return bytes
    }

    @Test(arguments: [
        ("checksum", { var bytes = CardAnswers.attribute(length: 30); bytes[15] ^= 1; return bytes }()),
        ("version", with(0, 0x20)),
        ("Nbr", with(1, 0x00)),
        ("Nbr", with(1, 0xFF)),
        ("Nbr", with(1, 16)),
        ("Nbw", with(2, 14)),
        ("Nmaxb", with(4, 0x00)),
        ("WriteFlag", with(9, 0x05)),
        ("RWFlag", with(10, 0x02)),
        ("Ln", with(13, 209)),
        ("Ln", with(11, 0x01)),
        ("16", Array(CardAnswers.attribute(length: 30).prefix(15))),
        ("16", []),
    ])
    func aHostileFieldIsNamed(_ field: String, _ bytes: [UInt8]) {
        #expect {
            try Type3AttributeBlock(decoding: bytes)
        } throws: { error in
            guard case let .invalidAttributeBlock(problem) = error as? Type3Error else { return false }
            return problem.contains(field)
        }
    }

    @Test func theLargestFieldsDecode() throws {
        let bytes = CardAnswers.attribute(nbr: 15, nbw: 13, nmaxb: 0xFFFF, length: 0xFFFF * 16)
        let block = try Type3AttributeBlock(decoding: bytes)
        #expect(block.capacity == 0xFFFF * 16)
        #expect(block.length == 0xFFFF * 16)
    }
}
