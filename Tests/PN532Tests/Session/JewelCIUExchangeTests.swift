import NFCCore
import PN532
import PN532Simulator
import TestSupport
import Testing

/// The Jewel commands the firmware does not pass, sent by the driver through the CIU to the
/// simulated Topaz 512; the CIU registers put back afterwards, also on failure.
struct JewelCIUExchangeTests {
    static let uid = hex("B2 56 54 00 05 06 07")

    static func selected() throws -> (SimulatedSession, TargetExchange) {
        let field = try SimulatedSession([SimulatedTag(product: .topaz512, uid: uid)])
        let target = try field.firstTarget(.jewel106)
        return (field, TargetExchange(session: field.session, target: target))
    }

    static func command(_ code: UInt8, block: Int, _ data: [UInt8] = [UInt8](repeating: 0, count: 8)) -> [UInt8] {
        [code, UInt8(block)] + data + uid.prefix(4)
    }

    /// ManualRCV, BitFraming, TxMode, RxMode as the session owns them: parity on, whole
    /// bytes, CRC on both ways.
    static func expectRegistersRestored(_ session: PN532Session) throws {
        #expect(try session.readRegisters([0x630D, 0x633D, 0x6302, 0x6303]) == [0x00, 0x00, 0x80, 0x80])
        #expect(session.settingsOwned)
    }

    @Test func read8AndWriteE8ReachTheDynamicArea() throws {
        let (field, exchange) = try Self.selected()
        let data = hex("01 02 03 04 05 06 07 08")
        #expect(exchange.isJewel)
        #expect(try exchange.exchange(Self.command(0x54, block: 0x20, data)) == data)
        #expect(Array(field.chip.field[0].memory[0x100..<0x108]) == data)
        #expect(try exchange.exchange(Self.command(0x02, block: 0x20)) == data)
        try Self.expectRegistersRestored(field.session)
    }

    @Test func writeNE8OnlySetsBits() throws {
        let (field, exchange) = try Self.selected()
        _ = try exchange.exchange(Self.command(0x54, block: 0x21, hex("0F 00 00 00 00 00 00 00")))
        #expect(try exchange.exchange(Self.command(0x1B, block: 0x21, hex("F0 00 00 00 00 00 00 01"))) == hex("FF 00 00 00 00 00 00 01"))
        #expect(Array(field.chip.field[0].memory[0x108..<0x110]) == hex("FF 00 00 00 00 00 00 01"))
    }

    @Test(arguments: [1, 2, 3])
    func rsegOfALaterSegmentIsSixteenRead8(segment: Int) throws {
        let (field, exchange) = try Self.selected()
        for block in segment * 16..<segment * 16 + 16 {
            _ = try exchange.exchange(Self.command(0x54, block: block, [UInt8](repeating: UInt8(block), count: 8)))
        }
        let memory = field.chip.field[0].memory
        #expect(try exchange.exchange(Self.command(0x10, block: segment << 4)) == Array(memory[segment * 128..<segment * 128 + 128]))
        try Self.expectRegistersRestored(field.session)
    }

    /// Given as libnfc gives it (code and arguments), the command gets UID0–UID3 as the
    /// firmware would add them.
    @Test func aShortCommandIsCompletedWithTheUID() throws {
        let (field, exchange) = try Self.selected()
        #expect(try exchange.exchange([0x02, 0x10]) == Array(field.chip.field[0].memory[0x80..<0x88]))
    }

    @Test func rsegOfSegment0StillGoesThroughTheFirmware() throws {
        let (field, exchange) = try Self.selected()
        let before = field.chip.tagCommandCount
        #expect(try exchange.exchange(Self.command(0x10, block: 0)) == Array(field.chip.field[0].memory[0..<128]))
        #expect(field.chip.tagCommandCount == before + 1)
    }

    @Test func aTagThatLeavesMidSegmentIsNoAnswerAndTheRegistersArePutBack() throws {
        let (field, exchange) = try Self.selected()
        field.chip.removeTagAfterCommands = 5
        #expect(throws: TagExchangeError.noAnswer) { try exchange.exchange(Self.command(0x10, block: 0x10)) }
        try Self.expectRegistersRestored(field.session)
    }
}
