import NFCCore
import TestSupport
import PN532
import PN532Simulator
import Testing

/// The Topaz 512 through the simulated PN532: BrTy 04 polling, and Jewel commands, given as
/// libnfc gives them (without the UID, which the chip appends).
struct TopazCardTests {
    static let uid = hex("04 70 AA BB CC DD EE")

    static func selected() throws -> FrameHost {
        let host = try FrameHost.awake(tags: [SimulatedTag(product: .topaz512, uid: uid)])
        _ = try host.exchange([0x4A, 0x01, 0x04])
        return host
    }

    @Test func theJewelPollReportsSENSRESAndJewelID() throws {
        let host = try FrameHost.awake(tags: [SimulatedTag(product: .topaz512, uid: Self.uid)])
        #expect(try host.response(to: [0x4A, 0x01, 0x04]) == [0x4B, 0x01, 0x01, 0x0C, 0x00, 0x04, 0x70, 0xAA, 0xBB])
    }

    @Test func aTypeAPollDoesNotFindTheTopaz() throws {
        let host = try FrameHost.awake(tags: [SimulatedTag(product: .topaz512, uid: Self.uid)])
        _ = try host.exchange([0x32, 0x05, 0xFF, 0x01, 0x00])
        #expect(try host.response(to: [0x4A, 0x01, 0x00]) == [0x4B, 0x00])
    }

    @Test func ridGivesTheHeaderROMAndJewelID() throws {
        let host = try Self.selected()
        #expect(try host.response(to: [0x40, 0x01, 0x78]) == [0x41, 0x00, 0x12, 0x4C, 0x04, 0x70, 0xAA, 0xBB])
    }

    @Test func rallGivesTheHeaderROMAndTheStaticArea() throws {
        let host = try Self.selected()
        let answer = try #require(try host.response(to: [0x40, 0x01, 0x00]))
        #expect(answer.count == 2 + 2 + 120)
        #expect(Array(answer[2..<4]) == [0x12, 0x4C])
        #expect(Array(answer[4..<11]) == Self.uid)
        #expect(Array(answer[12..<16]) == [0xE1, 0x10, 0x3F, 0x00])
    }

    @Test func readGivesOneByteAndWriteEChangesIt() throws {
        let host = try Self.selected()
        #expect(try host.response(to: [0x40, 0x01, 0x01, 0x08]) == [0x41, 0x00, 0xE1])
        #expect(try host.response(to: [0x40, 0x01, 0x53, 0x20, 0x5A]) == [0x41, 0x00, 0x5A])
        #expect(try host.response(to: [0x40, 0x01, 0x01, 0x20]) == [0x41, 0x00, 0x5A])
    }

    /// The firmware passes RSEG of segment 0 only and none of the 8-byte commands (reference
    /// §1.3): status 01, and nothing written.
    @Test(arguments: [
        [0x02, 0x20], [0x54, 0x20, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08], [0x1B, 0x20, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08],
        [0x10, 0x10], [0x10, 0x30],
    ] as [[UInt8]])
    func theFirmwareRefusesTheEightByteCommandsAndLaterSegments(command: [UInt8]) throws {
        let host = try Self.selected()
        let before = host.chip.field[0].memory
        #expect(try host.response(to: [0x40, 0x01] + command) == [0x41, 0x01])
        #expect(host.chip.field[0].memory == before)
    }

    @Test func rsegOfSegment0PassesTheFirmware() throws {
        let host = try Self.selected()
        let answer = try #require(try host.response(to: [0x40, 0x01, 0x10, 0x00]))
        #expect(answer.count == 2 + 128)
        #expect(Array(answer[2..<9]) == Self.uid)
    }

    @Test func theUIDBlockCannotBeWritten() throws {
        let host = try Self.selected()
        #expect(try host.response(to: [0x40, 0x01, 0x53, 0x00, 0x99]) == [0x41, 0x01])
        #expect(host.chip.field[0].memory[0] == 0x04)
    }

    @Test func aTopaz96HasStaticMemoryAndNoSegmentCommands() throws {
        let host = try FrameHost.awake(tags: [SimulatedTag(product: .topaz96, uid: Self.uid)])
        _ = try host.exchange([0x4A, 0x01, 0x04])
        #expect(try host.response(to: [0x40, 0x01, 0x78]) == [0x41, 0x00, 0x11, 0x48, 0x04, 0x70, 0xAA, 0xBB])
        let all = try #require(try host.response(to: [0x40, 0x01, 0x00]))
        #expect(all.count == 2 + 2 + 120)
        #expect(Array(all[12..<18]) == [0xE1, 0x10, 0x0E, 0x00, 0x03, 0x18])
        #expect(try host.response(to: [0x40, 0x01, 0x10, 0x00]) == [0x41, 0x01])
    }

    @Test func theFactoryTopaz512CarriesItsControlTLVsAndAnNDEFMessage() {
        let memory = SimulatedTag(product: .topaz512, uid: Self.uid).memory
        #expect(Array(memory[8..<24]) == hex("E1 10 3F 00 01 03 F2 30 33 02 03 F0 02 03 03 19"))
        #expect(Array(memory[24..<29]) == hex("D1 01 15 55 04"))
        #expect(Array(memory[0x70..<0x72]) == [0x01, 0xE0])
    }

    @Test func aLockedBlockKeepsItsBytesAndAnswersThem() throws {
        let host = try Self.selected()
        #expect(try host.response(to: [0x40, 0x01, 0x1A, 0x70, 0x10]) == [0x41, 0x00, 0x11])
        let held = host.chip.field[0].memory[0x20]
        #expect(try host.response(to: [0x40, 0x01, 0x53, 0x20, held ^ 0xFF]) == [0x41, 0x00, held])
        #expect(host.chip.field[0].memory[0x20] == held)
    }

    @Test func theLockAndOTPBytesOnlyTakeBits() throws {
        let host = try Self.selected()
        #expect(try host.response(to: [0x40, 0x01, 0x53, 0x72, 0x0F]) == [0x41, 0x00, 0x0F])
        #expect(try host.response(to: [0x40, 0x01, 0x53, 0x72, 0xF0]) == [0x41, 0x00, 0xFF])
        #expect(try host.response(to: [0x40, 0x01, 0x53, 0x71, 0x00]) == [0x41, 0x00, 0xE0])
    }
}
