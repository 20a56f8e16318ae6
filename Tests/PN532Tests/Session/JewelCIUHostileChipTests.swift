import NFCCore
import TestSupport
import Testing

@testable import PN532

/// The Jewel bypass against a chip whose register replies lie: each is a clear error, and the
/// CIU registers are still put back.
struct JewelCIUHostileChipTests {
    /// A reply the scripted chip sends: its ACK, then the response frame with `payload`.
    static func reply(_ payload: [UInt8]) throws -> [UInt8] {
        try Frame.ack.encoded() + Frame.information(direction: .chipToHost, payload: payload).encoded()
    }

    /// READ8 of block 10 through the CIU, the chip answering: the baseline registers, the
    /// WriteRegister, FIFOLevel `level`, `fifo` when given, then the restoring WriteRegister.
    static func read8(level: UInt8, fifo: [UInt8]?) throws -> (Result<[UInt8], TagExchangeError>, PN532Session) {
        var replies = [try reply([0x07, 0x00, 0x80, 0x80]), try reply([0x09]), try reply([0x07, level])]
        if let fifo { replies.append(try reply([0x07] + fifo)) }
        replies.append(try reply([0x09]))
        let session = PN532Session(link: ScriptedLink(replies: replies))
        session.settingsOwned = true
        let exchange = TargetExchange(session: session, target: 1, uid: hex("B2 56 54 00"), chipRunsExchange: true, isJewel: true)
        let command = [0x02, 0x10] + [UInt8](repeating: 0, count: 8) + hex("B2 56 54 00")
        return (Result { () throws(TagExchangeError) in try exchange.exchange(command) }, session)
    }

    static func malformedReason(_ result: Result<[UInt8], TagExchangeError>) -> String? {
        guard case .failure(.transport(let failure)) = result, failure.kind == .malformedAnswer else { return nil }
        return failure.description
    }

    @Test func aFIFOLevelLargerThanTheFIFOIsAClearError() throws {
        let (result, session) = try Self.read8(level: 200, fifo: nil)
        #expect(Self.malformedReason(result)?.contains("200 bytes in its CIU FIFO") == true)
        #expect(session.settingsOwned)
    }

    @Test func aFIFOWithABadCRCIsAClearError() throws {
        // 13 FIFO bytes: ADD8 10 and 8 zero bytes, each with its odd parity bit, and a CRC_B of 00 00.
        let bytes: [UInt8] = [0x10] + [UInt8](repeating: 0, count: 10)
        var fifo = [UInt8](repeating: 0, count: 13)
        for (index, byte) in bytes.enumerated() {
            let bits = UInt16(byte) | UInt16(byte.nonzeroBitCount % 2 == 0 ? 1 : 0) << 8
            for bit in 0..<9 where bits >> bit & 1 == 1 { fifo[(index * 9 + bit) / 8] |= 1 << ((index * 9 + bit) % 8) }
        }
        let (result, session) = try Self.read8(level: 13, fifo: fifo)
        #expect(Self.malformedReason(result)?.contains("CRC_B") == true)
        #expect(session.settingsOwned)
    }

    @Test func aFIFOOfTheWrongBitCountIsAClearError() throws {
        let (result, session) = try Self.read8(level: 19, fifo: [UInt8](repeating: 0, count: 19))
        #expect(Self.malformedReason(result)?.contains("not a whole Topaz answer") == true)
        #expect(session.settingsOwned)
    }
}
