import Foundation
import Testing

/// `format` on a Type 1, 3 or 4 tag other than a DESFire: an empty NDEF message, a message
/// erased only with --yes, a read-only tag refused.
@Suite("pn532ctl format on Type 1, 3 and 4 tags")
struct FamilyFormatCommandTests {
    @Test(arguments: ["topaz512", "topaz96", "felica-lite-s", "felica-12fc", "desfire-ndef", "ntag424"])
    func formatLeavesAnEmptyMessageAndErasesOneOnlyWithYes(_ card: String) throws {
        let simulator = try SimulatorProcess(["--tag", card])
        let device = ["--device", simulator.path]
        let write = try pn532ctl(["write", "--text", "keep me"] + device)
        #expect(write.status == 0, "\(write.standardError)")

        let refused = try pn532ctl(["format"] + device)
        #expect(refused.status == 64)
        #expect(refused.standardError.contains("add --yes to erase it; nothing was written"), "\(refused.standardError)")
        let kept = try pn532ctl(["read", "--json"] + device)
        #expect(String(decoding: kept.standardOutput, as: UTF8.self).contains("keep me"))

        let format = try pn532ctl(["format", "--yes"] + device)
        #expect(format.status == 0, "\(format.standardError)")
        #expect(format.output.hasPrefix("Formatted "))
        #expect(format.output.contains("an empty NDEF message, capacity "))
        let read = try pn532ctl(["read", "--json"] + device)
        #expect(read.status == 0, "\(read.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: read.standardOutput) as? [String: Any])
        #expect((object["records"] as? [Any])?.isEmpty == true)
    }

    @Test func anEmptyTagIsFormattedWithoutYes() throws {
        let result = try pn532ctl(["format", "--json", "--device", "sim:ntag424"])
        #expect(result.status == 0, "\(result.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
        #expect(object["pagesWritten"] is NSNull)
        #expect(object["capacity"] as? Int == 254)
    }

    @Test func aReadOnlyTagIsRefused() throws {
        let result = try pn532ctl(["format", "--yes", "--device", "sim:phone-ndef"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("is read-only: it cannot be formatted; nothing was written"), "\(result.standardError)")
    }

    @Test func wipeIsType2s() throws {
        let result = try pn532ctl(["format", "--wipe", "--yes", "--device", "sim:felica-lite-s"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("--wipe"))
    }
}
