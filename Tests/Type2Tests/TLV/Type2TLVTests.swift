import NDEF
import Testing
import TestSupport
@testable import Type2

@Suite("Type 2 TLVs: framing, parsing, capacity")
struct Type2TLVTests {
    @Test func libnfcReferenceImage() throws {
        let area = hex("030FD1010B55016C69626E66632E6F7267FE") + [UInt8](repeating: 0, count: 30)
        let (offset, bytes) = try Type2DataArea.ndefMessage(in: area)
        #expect(offset == 0)
        let message = try NDEFMessage(decoding: bytes)
        #expect(message.records.first?.wellKnownTypeURIPayload() == "http://www.libnfc.org")
    }

    @Test func skipsNullLockAndMemoryControlTLVs() throws {
        let area = hex("00 00 0103A00C34 0203000000 FD0199 0300 FE")
        let blocks = try Type2DataArea.blocks(in: area)
        #expect(blocks.map(\.tag) == [.lockControl, .memoryControl, .proprietary, .ndefMessage, .terminator])
        #expect(blocks[0].value == 4..<7)
        #expect(try Type2DataArea.ndefMessage(in: area) == (offset: 15, message: []))
    }

    @Test func threeByteLength() throws {
        let message = [UInt8](repeating: 0xAB, count: 300)
        let tlv = try Type2DataArea.ndefTLV(for: message)
        #expect(Array(tlv.prefix(4)) == hex("03 FF 012C"))
        #expect(tlv.last == 0xFE)
        #expect(try Type2DataArea.ndefMessage(in: tlv).message == message)
        #expect(try Type2DataArea.ndefTLV(for: [UInt8](repeating: 0, count: 254), terminator: false).prefix(2) == [0x03, 0xFE])
        #expect(try Type2DataArea.ndefTLV(for: [UInt8](repeating: 0, count: 255), terminator: false).prefix(4) == [0x03, 0xFF, 0x00, 0xFF])
    }

    @Test func tlvErrors() throws {
        #expect(throws: NDEFError(offset: 2, reason: .truncated(.tlvValue, needed: 5, available: 1))) {
            try Type2DataArea.blocks(in: hex("0305 00"))
        }
        #expect(throws: NDEFError(offset: 1, reason: .truncated(.tlvLength, needed: 3, available: 2))) {
            try Type2DataArea.blocks(in: hex("03FF01"))
        }
        #expect(throws: NDEFError(offset: 1, reason: .invalidTLVLength(0xFFFF))) {
            try Type2DataArea.blocks(in: hex("03FFFFFF"), mode: .lenient)
        }
        #expect(throws: NDEFError(offset: 1, reason: .invalidTLVLength(0x0010))) {
            try Type2DataArea.blocks(in: hex("03FF0010") + [UInt8](repeating: 0, count: 16))
        }
        #expect(throws: NDEFError(offset: 0, reason: .unknownTLV(0x42))) { try Type2DataArea.blocks(in: hex("420100 0300FE")) }
        #expect(throws: NDEFError(offset: 0, reason: .noNDEFMessageTLV)) { try Type2DataArea.ndefMessage(in: hex("FE0305")) }
        #expect(throws: NDEFError(offset: 0, reason: .messageTooLongForTLV(0xFFFF))) {
            try Type2DataArea.ndefTLV(for: [UInt8](repeating: 0, count: 0xFFFF))
        }
    }

    @Test func readingStopsAtTheFirstNDEFTLV() throws {
        let area = hex("0300 01E3D1 42")
        #expect(try Type2DataArea.ndefMessage(in: area) == (offset: 0, message: []))
        #expect(throws: NDEFError.self) { try Type2DataArea.blocks(in: area) }
    }

    @Test func lenientSkipsUndefinedTLVs() throws {
        #expect(try Type2DataArea.ndefMessage(in: hex("420100 0300FE"), mode: .lenient).offset == 3)
    }

    @Test(arguments: [(0, 0), (2, 0), (48, 46), (144, 142), (256, 254), (257, 254), (258, 254), (259, 255),
                      (496, 492), (872, 868)])
    func capacity(_ pair: (area: Int, capacity: Int)) throws {
        #expect(Type2DataArea.capacity(ofDataArea: pair.area) == pair.capacity)
        if pair.capacity > 0 {
            let tlv = try Type2DataArea.ndefTLV(for: [UInt8](repeating: 1, count: pair.capacity), terminator: false)
            #expect(tlv.count <= pair.area)
            let over = try Type2DataArea.ndefTLV(for: [UInt8](repeating: 1, count: pair.capacity + 1), terminator: false)
            #expect(over.count > pair.area)
        }
    }
}
