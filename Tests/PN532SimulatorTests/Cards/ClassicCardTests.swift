import NFCCore
import TestSupport
import PN532
import PN532Simulator
import Testing

/// MIFARE Classic through the simulated PN532: the poll answer, authentication checked by the
/// chip, READ with the trailer's keys hidden, WRITE and its access conditions.
struct ClassicCardTests {
    static let uid = hex("A1 B2 C3 D4")
    static let defaultKey = [UInt8](repeating: 0xFF, count: 6)

    /// An awake chip with a factory Classic 1K selected as target 1.
    static func selected(_ product: TagProduct = .classic1k) throws -> FrameHost {
        let host = try FrameHost.awake(tags: [SimulatedTag(product: product, uid: uid)])
        _ = try host.exchange([0x4A, 0x01, 0x00])
        return host
    }

    /// InDataExchange AUTH with `key` for `block`.
    static func authenticate(_ host: FrameHost, keyB: Bool = false, block: UInt8, key: [UInt8] = defaultKey, uid: [UInt8] = uid) throws -> [UInt8]? {
        try host.response(to: [0x40, 0x01, keyB ? 0x61 : 0x60, block] + key + uid)
    }

    @Test(arguments: [(TagProduct.classic1k, hex("00 04"), UInt8(0x08)), (.classic4k, hex("00 02"), 0x18), (.classicMini, hex("00 04"), 0x09)])
    func pollReportsATQAAndSAK(_ entry: (TagProduct, [UInt8], UInt8)) throws {
        let host = try FrameHost.awake(tags: [SimulatedTag(product: entry.0, uid: Self.uid)])
        #expect(try host.response(to: [0x4A, 0x01, 0x00]) == [0x4B, 0x01, 0x01] + entry.1 + [entry.2, 0x04] + Self.uid)
    }

    @Test func theDefaultKeyOpensTheSectorAndReadsBlockZero() throws {
        let host = try Self.selected()
        #expect(try Self.authenticate(host, block: 0) == [0x41, 0x00])
        let block0 = Self.uid + [0xA1 ^ 0xB2 ^ 0xC3 ^ 0xD4, 0x08, 0x04, 0x00, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69]
        #expect(try host.response(to: [0x40, 0x01, 0x30, 0x00]) == [0x41, 0x00] + block0)
    }

    @Test func theTrailerReadsKeyAAsZerosAndKeyBInTheClear() throws {
        let host = try Self.selected()
        #expect(try Self.authenticate(host, block: 7) == [0x41, 0x00])
        let trailer = [UInt8](repeating: 0, count: 6) + [0xFF, 0x07, 0x80, 0x69] + Self.defaultKey
        #expect(try host.response(to: [0x40, 0x01, 0x30, 0x07]) == [0x41, 0x00] + trailer)
    }

    @Test func aWrongKeyIsStatus14AndTheCardAnswersNothingUntilSelectedAgain() throws {
        let host = try Self.selected()
        #expect(try Self.authenticate(host, block: 4, key: hex("A0 A1 A2 A3 A4 A5")) == [0x41, 0x14])
        #expect(try Self.authenticate(host, block: 4) == [0x41, 0x01])
        _ = try host.exchange([0x4A, 0x01, 0x00])
        #expect(try Self.authenticate(host, block: 4) == [0x41, 0x00])
    }

    @Test func aWrongUIDInTheAuthenticationFails() throws {
        let host = try Self.selected()
        #expect(try Self.authenticate(host, block: 4, uid: hex("00 00 00 00")) == [0x41, 0x14])
    }

    @Test func readingOutsideTheAuthenticatedSectorIsRefused() throws {
        let host = try Self.selected()
        _ = try Self.authenticate(host, block: 4)
        #expect(try host.response(to: [0x40, 0x01, 0x30, 0x08])?.first == 0x41)
        #expect(try host.response(to: [0x40, 0x01, 0x30, 0x08]) != [0x41, 0x00] + [UInt8](repeating: 0, count: 16))
    }

    @Test func writeStoresSixteenBytesInADataBlock() throws {
        let host = try Self.selected()
        _ = try Self.authenticate(host, block: 5)
        let data = (0..<16).map { UInt8($0 * 3) }
        #expect(try host.response(to: [0x40, 0x01, 0xA0, 0x05] + data) == [0x41, 0x00])
        #expect(try host.response(to: [0x40, 0x01, 0x30, 0x05]) == [0x41, 0x00] + data)
        #expect(Array(host.chip.field[0].memory[80..<96]) == data)
    }

    @Test func blockZeroCannotBeWritten() throws {
        let host = try Self.selected()
        _ = try Self.authenticate(host, block: 0)
        #expect(try host.response(to: [0x40, 0x01, 0xA0, 0x00] + [UInt8](repeating: 0, count: 16)) != [0x41, 0x00])
        #expect(Array(host.chip.field[0].memory.prefix(4)) == Self.uid)
    }

    @Test func keyBCannotReadDataWhileKeyBIsReadable() throws {
        let host = try Self.selected()
        #expect(try Self.authenticate(host, keyB: true, block: 4) == [0x41, 0x00])
        #expect(try host.response(to: [0x40, 0x01, 0x30, 0x04]) != [0x41, 0x00] + [UInt8](repeating: 0, count: 16))
    }

    @Test func aNewKeyWrittenToTheTrailerIsTheOneThatOpensTheSector() throws {
        let host = try Self.selected()
        _ = try Self.authenticate(host, block: 11)
        let newKey = hex("11 22 33 44 55 66")
        let trailer = newKey + [0xFF, 0x07, 0x80, 0x69] + Self.defaultKey
        #expect(try host.response(to: [0x40, 0x01, 0xA0, 0x0B] + trailer) == [0x41, 0x00])
        _ = try host.exchange([0x4A, 0x01, 0x00])
        #expect(try Self.authenticate(host, block: 8) == [0x41, 0x14])
        _ = try host.exchange([0x4A, 0x01, 0x00])
        #expect(try Self.authenticate(host, block: 8, key: newKey) == [0x41, 0x00])
    }

    @Test func theFourKSixteenBlockSectorsUseTheirOwnTrailer() throws {
        let host = try Self.selected(.classic4k)
        #expect(try Self.authenticate(host, block: 0xF3) == [0x41, 0x00])
        #expect(try host.response(to: [0x40, 0x01, 0x30, 0xFF])?.suffix(6) == ArraySlice(Self.defaultKey))
        #expect(host.chip.field[0].memory.count == 4096)
    }

    @Test func rawRATSGetsNoAnswerFromAClassic() throws {
        let host = try Self.selected()
        #expect(try host.response(to: [0x42, 0xE0, 0x50]) == [0x43, 0x01])
    }
}
