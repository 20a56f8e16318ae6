import Foundation
import Testing

/// `pn532ctl dump` on Type 1, 3 and 4 tags: each family's memory image, as text, as JSON and
/// as a file in memory order; `restore` stays Type 2's.
@Suite("dump on Type 1, 3 and 4 tags")
struct DumpFamilyCommandTests {
    /// The simulator's cards, the bytes of their image, and the first line of the listing.
    static let cards: [(String, Int, String)] = [
        ("topaz96", 120, "block 00  04 96 9A 05 12 00 01 00  ........  UID0-UID6, reserved"),
        ("topaz512", 512, "block 00  04 70 9A 05 12 00 01 00  .p......  UID0-UID6, reserved"),
        ("felica-lite-s", 240, "block 00  10 04 01 00 0D 00 00 00 00 00 01 00 00 18 00 3B  ...............;  attribute information block: Nbr 4, Nbw 1, Nmaxb 13, Ln 24"),
        ("felica-12fc", 1040, "block 00  10 0C 08 00 40 00 00 00 00 00 01 00 00 18 00 7D  ....@..........}  attribute information block: Nbr 12, Nbw 8, Nmaxb 64, Ln 24"),
        ("desfire-ndef", 15 + 2048, "E103 0000  00 0F 20 00 3B 00 34 04 06 E1 04 08 00 00 00     .. .;.4........   CCLEN, version 2.0, MLe 59, MLc 52, NDEF file E104, 2048 bytes"),
        ("ntag424", 23 + 256, "E103 0000  00 17 20 01 00 00 FF 04 06 E1 04 01 00 00 00 05  .. .............  CCLEN, version 2.0, MLe 256, MLc 255, NDEF file E104, 256 bytes"),
    ]

    @Test(arguments: cards)
    func theImageIsListedAndWritten(_ card: String, _ bytes: Int, _ firstLine: String) throws {
        let listing = try pn532ctl(["dump", "--device", "sim:\(card)"])
        #expect(listing.status == 0, "\(listing.standardError)")
        #expect(listing.output.split(separator: "\n").first.map(String.init) == firstLine)
        let raw = try pn532ctl(["dump", "--device", "sim:\(card)", "--out", "-"])
        #expect(raw.status == 0)
        #expect(raw.standardOutput.count == bytes)
        #expect(raw.standardError.contains("Wrote \(bytes) bytes (the memory image of "))
    }

    /// What `write` put on a FeliCa Lite-S is in the dump's file where the attribute block says.
    @Test func theFileHoldsWhatWasWritten() throws {
        let simulator = try SimulatorProcess(["--tag", "felica-lite-s"])
        #expect(try pn532ctl(["write", "--device", simulator.path, "--uri", "https://example.com/dumped"]).status == 0)
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("felica.bin").path
        let dump = try pn532ctl(["dump", "--device", simulator.path, "--out", path])
        #expect(dump.status == 0)
        #expect(dump.output.hasPrefix("Wrote 240 bytes (the memory image of FeliCa Lite-S "))
        let file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let message: [UInt8] = [0xD1, 0x01, 0x13, 0x55, 0x04] + Array("example.com/dumped".utf8)
        #expect(Int(file[13]) == message.count, "Ln")
        #expect(Array(file[16..<16 + message.count]) == message)
        #expect(dump.standardError == "warning: system blocks SER_C, CKV, WCNT, STATE, CRC_CHECK are not readable without MAC: left out\n")
    }

    @Test func restoreStaysType2s() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("ntag213.mfd").path
        #expect(try pn532ctl(["dump", "--device", "sim:ntag213", "--out", path]).status == 0)
        let restore = try pn532ctl(["restore", "--in", path, "--device", "sim:topaz96"])
        #expect(restore.status == 1)
        #expect(restore.standardError == "pn532ctl: this works on NFC Forum Type 2 tags only: Topaz/Jewel is NFC Forum Type 1; read, write, identify, lock, dump, flash and token work on it\n")
    }
}
