import Foundation
import Testing

/// `pn532ctl format` on the simulator's DESFire cards: a blank one gets the NDEF application
/// and then takes `write` and `read` (one pty simulator, so the card keeps what was written);
/// a formatted one and one whose PICC needs the master key are refused with the reason.
@Suite("pn532ctl format on a MIFARE DESFire")
struct DESFireFormatCommandTests {
    @Test func aBlankDESFireIsFormattedThenWrittenAndRead() throws {
        let simulator = try SimulatorProcess(["--tag", "desfire"])
        let before = try pn532ctl(["identify", "--json", "--device", simulator.path])
        let identified = try #require(try JSONSerialization.jsonObject(with: before.standardOutput) as? [String: Any])
        #expect(identified["ndefStatus"] as? String == "notSupported")
        let format = try pn532ctl(["format", "--device", simulator.path])
        #expect(format.status == 0, "\(format.standardError)")
        #expect(format.output == "Formatted MIFARE DESFire EV1 04DE5F1E000001: NDEF application 000001, capacity 3582 bytes, read back empty\n")
        let write = try pn532ctl(["write", "--device", simulator.path, "--text", "hi"])
        #expect(write.status == 0, "\(write.standardError)")
        let read = try pn532ctl(["read", "--json", "--device", simulator.path])
        #expect(read.status == 0, "\(read.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: read.standardOutput) as? [String: Any])
        #expect((object["records"] as? [[String: Any]])?.first?["text"] as? String == "hi")
        // Formatted, the card is formatted as any Type 4 tag: its message is erased only with --yes.
        let again = try pn532ctl(["format", "--device", simulator.path])
        #expect(again.status == 64)
        #expect(again.standardError.hasSuffix("holds a message of 9 bytes: add --yes to erase it; nothing was written\n"), "\(again.standardError)")
        #expect(again.output.isEmpty)
    }

    @Test func aCardPulledAwayPartWaySaysWhereAndIsFinishedWhenPresentedAgain() throws {
        // The activation's GetVersion (3), the NDEF application's SELECT (mapping 2.0, then
        // 1.0), then format's GetVersion (3), SelectApplication, GetKeySettings,
        // GetApplicationIDs, CreateApplication: the card leaves before the SelectApplication of
        // the new application.
        let simulator = try SimulatorProcess(["--tag", "desfire", "--fault", "tag-remove-after=12"])
        let stopped = try pn532ctl(["format", "--device", simulator.path])
        #expect(stopped.status == 1)
        #expect(stopped.standardError.hasPrefix("pn532ctl: MIFARE DESFire EV1 04DE5F1E000001: formatting stopped: SelectApplication 000001: "))
        #expect(stopped.standardError.contains("run format again, which finishes what is missing"))
        #expect(try simulator.control("return") == "returned 04DE5F1E000001 MIFARE DESFire EV1")
        let finished = try pn532ctl(["format", "--device", simulator.path])
        #expect(finished.status == 0, "\(finished.standardError)")
        #expect(finished.output.contains("(finished the application a stopped format left)"))
        let identify = try pn532ctl(["identify", "--json", "--device", simulator.path])
        let object = try #require(try JSONSerialization.jsonObject(with: identify.standardOutput) as? [String: Any])
        #expect(object["ndefStatus"] as? String == "readWrite")
        #expect(object["capacity"] as? Int == 3582)
    }

    @Test func aDESFireWhosePICCNeedsTheMasterKeyIsRefusedWithTheReason() throws {
        let result = try pn532ctl(["format", "--device", "sim:desfire-keyed"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("require authentication with the master key to create an application: not done by pn532ctl yet; nothing was written"))
        #expect(result.output.isEmpty)
    }

    @Test func wipeAndPasswordsAreType2sOnADESFire() throws {
        let wipe = try pn532ctl(["format", "--wipe", "--device", "sim:desfire"])
        #expect(wipe.status == 1)
        #expect(wipe.standardError.hasPrefix("pn532ctl: --wipe works on NFC Forum Type 2 tags only: MIFARE DESFire EV1"))
        let password = try pn532ctl(["format", "--password", "01020304", "--device", "sim:desfire"])
        #expect(password.status == 1)
        #expect(password.standardError.contains("are for Type 2 tags"))
    }

    @Test func aCardOfAnotherFamilyWithoutNDEFIsRefusedNamingWhatWorks() throws {
        let result = try pn532ctl(["format", "--device", "sim:classic1k"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("MIFARE Classic 1K"), "\(result.standardError)")
    }
}
