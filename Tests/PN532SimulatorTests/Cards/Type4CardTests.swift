import NFCCore
import PN532
import PN532Simulator
import Testing
import TestSupport

/// The simulator's Type 4 cards at the APDU level, written from the NFC Forum T4T procedure
/// (reference type4-ntag424.md §2): the NDEF application, its CC and NDEF files.
struct Type4CardTests {
    static func selected(_ product: TagProduct) throws -> FrameHost {
        let host = try FrameHost.awake(tags: [SimulatedTag(product: product)])
        _ = try host.exchange([0x4A, 0x01, 0x00])
        return host
    }

    static func apdu(_ host: FrameHost, _ text: String) throws -> [UInt8]? {
        try host.response(to: [0x40, 0x01] + hex(text)).map { Array($0.dropFirst(2)) }
    }

    @Test func theNTAG424DNAReadsItsFactoryCCAndNDEFFile() throws {
        let host = try Self.selected(.ntag424)
        #expect(try Self.apdu(host, "00 A4 04 00 07 D2 76 00 00 85 01 01 00") == hex("90 00"))
        #expect(try Self.apdu(host, "00 A4 00 0C 02 E1 03") == hex("90 00"))
        #expect(try Self.apdu(host, "00 B0 00 00 17") == hex("00 17 20 01 00 00 FF 04 06 E1 04 01 00 00 00 05 06 E1 05 00 80 82 83 90 00"))
        #expect(try Self.apdu(host, "00 D6 00 00 01 00") == hex("69 82"))
        #expect(try Self.apdu(host, "00 A4 00 0C 02 E1 05") == hex("90 00"))
        #expect(try Self.apdu(host, "00 B0 00 00 10") == hex("69 82"))
        #expect(try Self.apdu(host, "00 A4 00 0C 02 E1 04") == hex("90 00"))
        #expect(try Self.apdu(host, "00 B0 00 00 02") == hex("00 00 90 00"))
        #expect(try Self.apdu(host, "00 D6 00 00 03 00 01 D0") == hex("90 00"))
        #expect(try Self.apdu(host, "00 B0 00 00 03") == hex("00 01 D0 90 00"))
        #expect(try Self.apdu(host, "00 B0 00 FE 04") == hex("00 00 62 82"))
        #expect(try Self.apdu(host, "00 B0 01 00 01") == hex("6B 00"))
        #expect(try Self.apdu(host, "00 D6 00 FF 02 00 00") == hex("6A 87"))
        #expect(try Self.apdu(host, "00 A4 00 0C 02 E1 07") == hex("6A 82"))
    }

    @Test func theNTAG424DNAsPICCLevelNameLeavesTheApplication() throws {
        let host = try Self.selected(.ntag424)
        #expect(try Self.apdu(host, "00 A4 04 00 07 D2 76 00 00 85 01 01 00") == hex("90 00"))
        #expect(try Self.apdu(host, "00 A4 04 00 07 D2 76 00 00 85 01 00") == hex("90 00"))
        #expect(try Self.apdu(host, "00 A4 00 0C 02 E1 04") == hex("6A 82"))
    }

    @Test func theFormattedDESFireCarriesMapping2AndKeepsItsNativeCommands() throws {
        let host = try Self.selected(.desfireNDEF)
        #expect(try Self.apdu(host, "90 60 00 00 00") == hex("04 01 01 01 00 18 05 91 AF"))
        #expect(try Self.apdu(host, "00 A4 04 00 07 D2 76 00 00 85 01 00") == hex("6A 82"))
        #expect(try Self.apdu(host, "00 A4 04 00 07 D2 76 00 00 85 01 01 00") == hex("90 00"))
        #expect(try Self.apdu(host, "00 A4 00 0C 02 E1 03") == hex("90 00"))
        #expect(try Self.apdu(host, "00 B0 00 00 0F") == hex("00 0F 20 00 3B 00 34 04 06 E1 04 08 00 00 00 90 00"))
        #expect(try Self.apdu(host, "00 A4 00 0C 02 E1 04") == hex("90 00"))
        #expect(try Self.apdu(host, "00 B0 07 FE 02") == hex("00 00 90 00"))
    }

    @Test func thePhoneAnswersAsAReadOnlyType4Tag() throws {
        let host = try Self.selected(.phoneNDEF)
        #expect(try Self.apdu(host, "00 A4 04 00 07 D2 76 00 00 85 01 01 00") == hex("90 00"))
        #expect(try Self.apdu(host, "00 A4 00 0C 02 E1 03") == hex("90 00"))
        #expect(try Self.apdu(host, "00 B0 00 00 0F") == hex("00 0F 20 00 3B 00 34 04 06 E1 04 00 40 00 FF 90 00"))
        #expect(try Self.apdu(host, "00 A4 00 0C 02 E1 04") == hex("90 00"))
        #expect(try Self.apdu(host, "00 B0 00 00 12") == hex("00 10 D1 01 0C 55 04") + Array("example.com".utf8) + hex("90 00"))
        #expect(try Self.apdu(host, "00 D6 00 00 02 00 00") == hex("69 82"))
    }

    @Test func aFileCommandBeforeTheApplicationIsSelectedIsRefused() throws {
        let host = try Self.selected(.desfireNDEF)
        #expect(try Self.apdu(host, "00 A4 00 0C 02 E1 03") == hex("6A 82"))
        #expect(try Self.apdu(host, "00 B0 00 00 02") == hex("69 85"))
    }

    @Test func anAnswerLongerThanAFrameIsChainedWithMI() throws {
        var tag = SimulatedTag(product: .ntag424)
        let extra = (0..<600).map { UInt8(truncatingIfNeeded: $0) }
        // Command 1 is RATS (InListPassiveTarget), command 2 the SELECT below.
        tag.script = TagScript(faults: [.none, .extended(extra)])
        let host = try FrameHost.awake(tags: [tag])
        _ = try host.exchange([0x4A, 0x01, 0x00])
        let answer = hex("90 00") + extra
        #expect(try host.response(to: [0x40, 0x01] + hex("00 A4 04 00 07 D2 76 00 00 85 01 01 00")) == [0x41, 0x40] + answer.prefix(262))
        #expect(try host.response(to: [0x40, 0x01]) == [0x41, 0x40] + answer[262..<524])
        #expect(try host.response(to: [0x40, 0x01]) == [0x41, 0x00] + answer[524...])
    }
}
