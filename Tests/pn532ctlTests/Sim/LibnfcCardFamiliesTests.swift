import Foundation
import Testing

/// libnfc's own tools against the simulator's other card families, served by `pn532ctl sim`
/// on a pty: nfc-mfclassic reads a Classic 1K with the default keys, nfc-jewel reads a Topaz,
/// nfc-list shows a FeliCa card (IDm, PMm, system code), an ISO-DEP card's ATS and the
/// ISO/IEC 14443-B card's PUPI and protocol info, and nfc-read-forum-tag3 reads the FeliCa
/// Lite-S's NDEF message.
@Suite("libnfc and the card families", .enabled(if: LibnfcTools.shouldRun))
struct LibnfcCardFamiliesTests {
    @Test func nfcMfclassicReadsTheClassic1KWithTheDefaultKeys() throws {
        let simulator = try SimulatorProcess(["--tag", "classic1k:uid=A1B2C3D4"])
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let dump = directory.appendingPathComponent("classic.mfd")
        let result = try LibnfcTools.run("nfc-mfclassic", ["r", "a", "u", dump.path], device: simulator.path)
        #expect(result.output.contains("Done, 64 of 64 blocks read."))
        let bytes = [UInt8](try Data(contentsOf: dump))
        #expect(bytes.count == 1024)
        let checkByte: UInt8 = 0xA1 ^ 0xB2 ^ 0xC3 ^ 0xD4
        #expect(Array(bytes.prefix(16)) == [0xA1, 0xB2, 0xC3, 0xD4, checkByte, 0x08, 0x04, 0x00, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69])
        for sector in 0..<16 {
            let trailer = Array(bytes[sector * 64 + 48..<sector * 64 + 64])
            // Key A is the key that opened the sector; key B is what nfc-mfclassic knows of it
            // when reading with key A: nothing (zeros).
            #expect(trailer == [UInt8](repeating: 0xFF, count: 6) + [0xFF, 0x07, 0x80, 0x69] + [UInt8](repeating: 0, count: 6))
            for block in 0..<3 where sector > 0 || block > 0 {
                #expect(bytes[sector * 64 + block * 16..<sector * 64 + block * 16 + 16].allSatisfy { $0 == 0 })
            }
        }
    }

    @Test func nfcJewelReadsTheTopaz() throws {
        let simulator = try SimulatorProcess(["--tag", "topaz512:uid=0470AABBCCDDEE"])
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let dump = directory.appendingPathComponent("topaz.jwd")
        let result = try LibnfcTools.run("nfc-jewel", ["r", dump.path], device: simulator.path)
        #expect(result.output.contains("Found Jewel card with UID: 0470aabb"))
        #expect(result.output.contains("Done, 15 of 15 blocks read."))
        let bytes = [UInt8](try Data(contentsOf: dump))
        #expect(bytes.count == 120)
        #expect(Array(bytes.prefix(7)) == [0x04, 0x70, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE])
        #expect(Array(bytes[8..<12]) == [0xE1, 0x10, 0x3F, 0x00])
    }

    @Test func nfcJewelReadsTheTopaz96AndItsNDEFMessage() throws {
        let simulator = try SimulatorProcess(["--tag", "topaz96:uid=0496AABBCCDDEE"])
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let dump = directory.appendingPathComponent("topaz96.jwd")
        let result = try LibnfcTools.run("nfc-jewel", ["r", dump.path], device: simulator.path)
        #expect(result.output.contains("Found Jewel card with UID: 0496aabb"))
        #expect(result.output.contains("Done, 15 of 15 blocks read."))
        let bytes = [UInt8](try Data(contentsOf: dump))
        #expect(bytes.count == 120)
        #expect(Array(bytes[8..<14]) == [0xE1, 0x10, 0x0E, 0x00, 0x03, 0x18])
        #expect(Array(bytes[14..<19]) == [0xD1, 0x01, 0x14, 0x55, 0x04])
    }

    @Test func nfcListShowsTheFeliCaCard() throws {
        let simulator = try SimulatorProcess(["--tag", "felica-lite-s:uid=012E4C5300000042"])
        let result = try LibnfcTools.run("nfc-list", [], device: simulator.path)
        #expect(result.output.contains("1 Felica (212 kbps) passive target(s) found"))
        #expect(result.output.contains("1 Felica (424 kbps) passive target(s) found"))
        #expect(result.output.contains("ID (NFCID2): 01  2e  4c  53  00  00  00  42"))
        #expect(result.output.contains("Parameter (PAD): 00  f1  00  00  00  01  43  00"))
    }

    @Test func nfcListShowsTheDESFireATS() throws {
        let simulator = try SimulatorProcess(["--tag", "desfire:uid=04DE5F1E000001"])
        let result = try LibnfcTools.run("nfc-list", [], device: simulator.path)
        #expect(result.output.contains("ATQA (SENS_RES): 03  44"))
        #expect(result.output.contains("UID (NFCID1): 04  de  5f  1e  00  00  01"))
        #expect(result.output.contains("SAK (SEL_RES): 20"))
        #expect(result.output.contains("ATS: 75  77  81  02  80"))
    }

    @Test func nfcListShowsTheNTAG424DNAsATSBesideTheDESFire() throws {
        let simulator = try SimulatorProcess(["--tag", "desfire:uid=04DE5F1E000001", "--tag", "ntag424:uid=04451C9A6E7180"])
        let result = try LibnfcTools.run("nfc-list", [], device: simulator.path)
        #expect(result.output.contains("2 ISO14443A passive target(s) found"))
        #expect(result.output.contains("UID (NFCID1): 04  de  5f  1e  00  00  01"))
        #expect(result.output.contains("ATS: 75  77  81  02  80"))
        #expect(result.output.contains("UID (NFCID1): 04  45  1c  9a  6e  71  80"))
        #expect(result.output.contains("ATS: 77  77  71  02  80"))
    }

    @Test func nfcListShowsThePhonesRandomUID() throws {
        let simulator = try SimulatorProcess(["--tag", "phone"])
        let result = try LibnfcTools.run("nfc-list", [], device: simulator.path)
        #expect(result.output.contains("1 ISO14443A passive target(s) found"))
        // libnfc names a UID starting 08 (random) NFCID3.
        #expect(result.output.contains("UID (NFCID3): 08  "))
        #expect(!result.output.contains("Felica"))
        #expect(result.output.contains("ATS: 78  80  70  02"))
    }

    @Test func nfcListShowsTheTypeBCard() throws {
        let simulator = try SimulatorProcess(["--tag", "typeb:uid=1A2B3C4D"])
        let result = try LibnfcTools.run("nfc-list", ["-v"], device: simulator.path)
        #expect(result.output.contains("0 ISO14443A passive target(s) found."))
        #expect(result.output.contains("1 ISO14443B passive target(s) found:"))
        #expect(result.output.contains("ISO/IEC 14443-4B (106 kbps) target:"))
        #expect(result.output.contains("PUPI: 1a  2b  3c  4d"))
        #expect(result.output.contains("Application Data: 00  00  00  00"))
        #expect(result.output.contains("Protocol Info: 00  81  81"))
        #expect(result.output.contains("* PICC supports only 106 kbits/s in both directions"))
        #expect(result.output.contains("* Maximum frame sizes: 256 bytes"))
        #expect(result.output.contains("* Protocol types supported: ISO/IEC 14443-4"))
        // libnfc calls FO bit 1 NAD; ISO/IEC 14443-3 makes it CID, which the card supports.
        #expect(result.output.contains("* Frame options supported: NAD"))
        #expect(result.output.contains("0 ISO14443B' passive target(s) found."))
    }

    @Test func nfcReadForumTag3ReadsTheLiteSMessage() throws {
        let simulator = try SimulatorProcess(["--tag", "felica-lite-s"])
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let message = directory.appendingPathComponent("message.ndef")
        let result = try LibnfcTools.run("nfc-read-forum-tag3", ["-o", message.path], device: simulator.path)
        #expect(result.output.contains("* Checksum: ok"))
        let expected: [UInt8] = [0xD1, 0x01, 0x14, 0x55, 0x04] + Array("github.com/pn532ctl".utf8)
        #expect([UInt8](try Data(contentsOf: message)) == expected)
    }
}
