import NFCCore
import PN532
import PN532Simulator
import Testing
import TestSupport

/// The FeliCa cards' Type 3 behaviour through the simulated PN532: the plain 12FC card, the
/// blocks per Read and Write Without Encryption each card takes, and the Lite-S MC block's
/// write rules (S_PAD write bits only cleared, MC_ALL only FF or 00).
struct FeliCaNDEFCardTests {
    static let idm = hex("01 2E 12 FC 00 00 00 42")

    static func selected(_ product: TagProduct) throws -> FrameHost {
        let host = try FrameHost.awake(tags: [SimulatedTag(product: product, uid: idm)])
        _ = try host.exchange([0x4A, 0x01, 0x01, 0x00, 0xFF, 0xFF, 0x01, 0x00])
        return host
    }

    /// The answer to the FeliCa packet `packet` through InDataExchange, without `41 00`.
    static func answer(_ host: FrameHost, _ packet: [UInt8]) throws -> [UInt8]? {
        try host.response(to: [0x40, 0x01, UInt8(packet.count + 1)] + packet).map { Array($0.dropFirst(2)) }
    }

    static func read(_ blocks: [Int]) -> [UInt8] {
        [0x06] + idm + [0x01, 0x0B, 0x00, UInt8(blocks.count)] + blocks.flatMap { [0x80, UInt8($0)] }
    }

    static func write(_ blocks: [Int], _ data: [UInt8]) -> [UInt8] {
        [0x08] + idm + [0x01, 0x09, 0x00, UInt8(blocks.count)] + blocks.flatMap { [0x80, UInt8($0)] } + data
    }

    @Test func thePlainCardAnswersOnly12FC() throws {
        let host = try FrameHost.awake(tags: [SimulatedTag(product: .felica12FC, uid: Self.idm)])
        let answer = try host.response(to: [0x4A, 0x01, 0x01, 0x00, 0xFF, 0xFF, 0x01, 0x00])
        #expect(answer?.suffix(2) == [0x12, 0xFC])
        #expect(answer.map { Array($0[13..<15]) } == [0x01, 0x01])
        let other = try FrameHost.awake(tags: [SimulatedTag(product: .felica12FC, uid: Self.idm)])
        _ = try other.exchange([0x32, 0x05, 0xFF, 0x01, 0x00])
        #expect(try other.response(to: [0x4A, 0x01, 0x01, 0x00, 0x88, 0xB4, 0x01, 0x00]) == [0x4B, 0x00])
    }

    @Test func thePlainCardHoldsAnNDEFAttributeBlock() throws {
        let host = try Self.selected(.felica12FC)
        let answer = try #require(try Self.answer(host, Self.read([0])))
        let attribute = Array(answer.suffix(16))
        #expect(Array(attribute.prefix(5)) == [0x10, 12, 8, 0x00, 64])
        #expect(Array(attribute[9..<11]) == [0x00, 0x01])
    }

    @Test(arguments: [(TagProduct.felicaLiteS, 4, 1), (.felica12FC, 12, 8)])
    func eachCardTakesItsBlocksPerCommand(_ product: TagProduct, _ reads: Int, _ writes: Int) throws {
        let host = try Self.selected(product)
        #expect(try Self.answer(host, Self.read(Array(1...reads)))?.count == 13 + 16 * reads)
        #expect(try Self.answer(host, Self.read(Array(1...reads + 1))) == [0x0C, 0x07] + Self.idm + [0xFF, 0xA2])
        let data = (0..<16 * writes).map { UInt8($0 & 0xFF) }
        #expect(try Self.answer(host, Self.write(Array(1...writes), data)) == [0x0C, 0x09] + Self.idm + [0x00, 0x00])
        #expect(try Self.answer(host, Self.read(Array(1...writes)))?.suffix(16 * writes) == ArraySlice(data))
        let more = [UInt8](repeating: 7, count: 16 * (writes + 1))
        #expect(try Self.answer(host, Self.write(Array(1...writes + 1), more)) == [0x0C, 0x09] + Self.idm + [0xFF, 0xA2])
    }

    @Test func aWriteWhoseDataIsShortIsRefused() throws {
        let host = try Self.selected(.felica12FC)
        #expect(try Self.answer(host, Self.write([1, 2], [UInt8](repeating: 1, count: 17))) == [0x0C, 0x09] + Self.idm + [0xFF, 0xA2])
    }

    @Test func aWriteWithOneMissingBlockWritesNone() throws {
        let host = try Self.selected(.felica12FC)
        let before = try Self.answer(host, Self.read([1]))
        #expect(try Self.answer(host, Self.write([1, 200], [UInt8](repeating: 1, count: 32))) == [0x0C, 0x09] + Self.idm + [0xFF, 0xA8])
        #expect(try Self.answer(host, Self.read([1])) == before)
    }

    @Test func clearingAnSPADBitOfMCMakesThatBlockReadOnlyAfterAReset() throws {
        let host = try Self.selected(.felicaLiteS)
        let mc: [UInt8] = [0xFE, 0xFF, 0xFF, 0x01, 0x07] + [UInt8](repeating: 0, count: 11)
        #expect(try Self.answer(host, Self.write([0x88], mc)) == [0x0C, 0x09] + Self.idm + [0x00, 0x00])
        #expect(try Self.answer(host, Self.read([0x88]))?.suffix(16) == ArraySlice(mc))
        let data = [UInt8](repeating: 0x33, count: 16)
        #expect(try Self.answer(host, Self.write([0], data)) == [0x0C, 0x09] + Self.idm + [0x00, 0x00])
        // The field goes off and on: the card resets and its new MC takes effect.
        _ = try host.exchange([0x32, 0x01, 0x00])
        _ = try host.exchange([0x32, 0x01, 0x01])
        _ = try host.exchange([0x4A, 0x01, 0x01, 0x00, 0xFF, 0xFF, 0x01, 0x00])
        #expect(try Self.answer(host, Self.write([0], data)) == [0x0C, 0x09] + Self.idm + [0xFF, 0xA8])
        #expect(try Self.answer(host, Self.write([1], data)) == [0x0C, 0x09] + Self.idm + [0x00, 0x00])
        // Bits are only cleared: setting bit 0 again changes nothing.
        var again = mc
        again[0] = 0xFF
        #expect(try Self.answer(host, Self.write([0x88], again)) == [0x0C, 0x09] + Self.idm + [0x00, 0x00])
        #expect(try Self.answer(host, Self.read([0x88]))?.suffix(16) == ArraySlice(mc))
    }

    @Test func mcAllTakesOnlyFFOr00AndThenFreezesBytes2To5() throws {
        let host = try Self.selected(.felicaLiteS)
        var mc: [UInt8] = [0xFF, 0xFF, 0x12, 0x01, 0x07] + [UInt8](repeating: 0, count: 11)
        #expect(try Self.answer(host, Self.write([0x88], mc)) == [0x0C, 0x09] + Self.idm + [0xFF, 0xA8])
        mc[2] = 0x00
        #expect(try Self.answer(host, Self.write([0x88], mc)) == [0x0C, 0x09] + Self.idm + [0x00, 0x00])
        var changed = mc
        changed[2] = 0xFF
        changed[4] = 0x03
        #expect(try Self.answer(host, Self.write([0x88], changed)) == [0x0C, 0x09] + Self.idm + [0x00, 0x00])
        #expect(try Self.answer(host, Self.read([0x88]))?.suffix(16) == ArraySlice(mc))
    }
}
