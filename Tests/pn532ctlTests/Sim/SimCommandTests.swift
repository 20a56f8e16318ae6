import Foundation
import Testing

/// Our own driver over a real pseudo-terminal to `pn532ctl sim`, in real time.
@Suite("pn532ctl sim on a pty, driven by pn532ctl")
struct SimCommandTests {
    @Test func infoAndScanOverThePTY() throws {
        let simulator = try SimulatorProcess(["--tag", "ntag215:uid=04112233445566"])
        let info = try pn532ctl(["info", "--device", simulator.path])
        #expect(info.status == 0)
        #expect(info.output.contains("Firmware  1.6"))
        #expect(info.output.contains("Link      115200 baud"))
        let scan = try pn532ctl(["scan", "--device", simulator.path])
        #expect(scan.output == "UID 04112233445566  ATQA 0044  SAK 00  NFC Forum Type 2 tag\n")
        #expect(simulator.stop() == 143)
    }

    @Test func baudChangeTo921600AndBack() throws {
        let simulator = try SimulatorProcess()
        for _ in 0..<3 {
            let scan = try pn532ctl(["scan", "--device", "uart:\(simulator.path):921600", "--trace"])
            #expect(scan.status == 0)
            #expect(scan.output.hasPrefix("UID "))
            #expect(scan.standardError.contains("SetSerialBaudRate"))
            #expect(!scan.standardError.contains("warning"))
        }
        let info = try pn532ctl(["info", "--device", simulator.path])
        #expect(info.status == 0)
    }

    @Test func chipLeftAtAnotherRateIsFoundAndBroughtBack() throws {
        let simulator = try SimulatorProcess()
        #expect(try simulator.control("rate +921600") == "error: +921600 is not a PN532 rate")
        #expect(try simulator.control("rate 921600") == "rate 921600")
        let info = try pn532ctl(["info", "--device", simulator.path, "--trace"])
        #expect(info.status == 0)
        #expect(info.output.contains("Link      115200 baud"))
        #expect(info.standardError.contains("SetSerialBaudRate"))
        let again = try pn532ctl(["scan", "--device", simulator.path, "--trace"])
        #expect(again.status == 0)
        #expect(!again.standardError.contains("SetSerialBaudRate"))
    }

    @Test func controlChannelPresentsAndRemovesTags() throws {
        let simulator = try SimulatorProcess(["--empty"])
        #expect(try simulator.control("list") == "field empty")
        let empty = try pn532ctl(["scan", "--device", simulator.path])
        #expect(empty.status == 1)
        #expect(empty.output == "No tag in the field.\n")
        #expect(try simulator.control("present ntag213:uid=04A1B2C3D4E5F6") == "present 04A1B2C3D4E5F6 NTAG213")
        #expect(try simulator.control("present ultralight:uid=04000000000001") == "present 04000000000001 MIFARE Ultralight")
        let two = try pn532ctl(["scan", "--device", simulator.path, "--json"])
        #expect(two.output.contains("\"moreThanOneTag\":true"))
        #expect(try simulator.control("remove 04A1B2C3D4E5F6") == "removed 04A1B2C3D4E5F6")
        let one = try pn532ctl(["scan", "--device", simulator.path])
        #expect(one.output == "UID 04000000000001  ATQA 0044  SAK 00  NFC Forum Type 2 tag\n")
        #expect(try simulator.control("remove 0499").hasPrefix("error: no tag with UID 0499"))
        #expect(try simulator.control("bogus").hasPrefix("error: 'bogus'"))
    }

    @Test func saveStallAndReset() throws {
        let simulator = try SimulatorProcess(["--tag", "ntag213:uid=04A1B2C3D4E5F6"])
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let image = directory.appendingPathComponent("tag.mfd")
        #expect(try simulator.control("save 04A1B2C3D4E5F6 \(image.path)") == "saved 04A1B2C3D4E5F6 180 bytes")
        let saved = try Data(contentsOf: image)
        #expect(saved.count == 180)
        #expect(Array(saved[12..<16]) == [0xE1, 0x10, 0x12, 0x00])
        #expect(try simulator.control("stall").hasPrefix("stalled"))
        let stalled = try pn532ctl(["info", "--device", simulator.path])
        #expect(stalled.status == 69)
        #expect(stalled.standardError.contains("no ACK"))
        #expect(try simulator.control("reset") == "reset")
        #expect(try pn532ctl(["info", "--device", simulator.path]).status == 0)
        let reloaded = try SimulatorProcess(["--tag", "ntag213:image=\(image.path)"])
        #expect(try pn532ctl(["scan", "--device", reloaded.path]).output == "UID 04A1B2C3D4E5F6  ATQA 0044  SAK 00  NFC Forum Type 2 tag\n")
    }

    /// One event per presentation, one per removal; a tag left on the reader does not
    /// trigger again.
    @Test func watchReportsPresentationsAndRemovals() throws {
        let simulator = try SimulatorProcess(["--empty"])
        let watch = try BackgroundCommand(["scan", "--watch", "--json", "--count", "2", "--timeout", "20", "--device", simulator.path])
        #expect(try simulator.control("present ntag213:uid=04A1B2C3D4E5F6") == "present 04A1B2C3D4E5F6 NTAG213")
        #expect(try watch.readLine() == #"{"event":"present","uid":"04A1B2C3D4E5F6","product":null,"device":"uart:"# + simulator.path + #":115200","atqa":"0044","sak":"00","ats":null,"pmm":null,"systemCode":null,"atqb":null,"attribResponse":null,"technology":"NFC-A","family":"NFC Forum Type 2 tag","nfcForumType":2}"#)
        #expect(try simulator.control("remove") == "removed all")
        #expect(try watch.readLine() == #"{"event":"removed","uid":"04A1B2C3D4E5F6","product":null,"device":"uart:"# + simulator.path + #":115200","atqa":"0044","sak":"00","ats":null,"pmm":null,"systemCode":null,"atqb":null,"attribResponse":null,"technology":"NFC-A","family":"NFC Forum Type 2 tag","nfcForumType":2}"#)
        #expect(try simulator.control("present ntag213:uid=04A1B2C3D4E5F6") == "present 04A1B2C3D4E5F6 NTAG213")
        #expect(try watch.readLine() == #"{"event":"present","uid":"04A1B2C3D4E5F6","product":null,"device":"uart:"# + simulator.path + #":115200","atqa":"0044","sak":"00","ats":null,"pmm":null,"systemCode":null,"atqb":null,"attribResponse":null,"technology":"NFC-A","family":"NFC Forum Type 2 tag","nfcForumType":2}"#)
        #expect(watch.wait() == 0)
    }

    /// Over a pty, the wait for a type A tag is cancelled for the other families in turn: a
    /// FeliCa card and a Topaz are each one presentation and one removal, and a type A tag
    /// after them is still waited for by the chip.
    @Test func watchReportsCardsOfEveryFamilyOverThePty() throws {
        let simulator = try SimulatorProcess(["--empty"])
        let watch = try BackgroundCommand(["scan", "--watch", "--count", "3", "--timeout", "30", "--device", simulator.path])
        #expect(try simulator.control("present felica-lite-s:uid=012E4CF100000001").hasPrefix("present 012E4CF100000001"))
        #expect(try watch.readLine() == "present  IDm 012E4CF100000001  PMm 00F1000000014300  SYS 88B4  FeliCa Lite-S (212 kbps)")
        #expect(try simulator.control("remove") == "removed all")
        #expect(try watch.readLine().hasPrefix("removed  IDm 012E4CF100000001"))
        #expect(try simulator.control("present topaz512:uid=11223344000000").hasPrefix("present"))
        #expect(try watch.readLine().hasPrefix("present  JEWELID 11223344  SENS_RES "))
        #expect(try simulator.control("remove") == "removed all")
        #expect(try watch.readLine().hasPrefix("removed  JEWELID 11223344"))
        #expect(try simulator.control("present ntag213:uid=04A1B2C3D4E5F6") == "present 04A1B2C3D4E5F6 NTAG213")
        #expect(try watch.readLine() == "present  UID 04A1B2C3D4E5F6  ATQA 0044  SAK 00  NFC Forum Type 2 tag")
        #expect(watch.wait() == 0)
    }

    /// A tag that joins one already on the reader is a presentation; each leaves with a
    /// removal; the one left alone stays present without a second event.
    @Test func watchReportsASecondTagAndBothRemovals() throws {
        let simulator = try SimulatorProcess(["--empty"])
        let watch = try BackgroundCommand(["scan", "--watch", "--count", "3", "--timeout", "30", "--device", simulator.path])
        #expect(try simulator.control("present ntag213:uid=04A1B2C3D4E5F6") == "present 04A1B2C3D4E5F6 NTAG213")
        #expect(try watch.readLine() == "present  UID 04A1B2C3D4E5F6  ATQA 0044  SAK 00  NFC Forum Type 2 tag")
        #expect(try simulator.control("present ultralight:uid=04000000000001") == "present 04000000000001 MIFARE Ultralight")
        #expect(try watch.readLine() == "present  UID 04000000000001  ATQA 0044  SAK 00  NFC Forum Type 2 tag")
        #expect(try simulator.control("remove 04A1B2C3D4E5F6") == "removed 04A1B2C3D4E5F6")
        #expect(try watch.readLine() == "removed  UID 04A1B2C3D4E5F6  ATQA 0044  SAK 00  NFC Forum Type 2 tag")
        #expect(try simulator.control("remove 04000000000001") == "removed 04000000000001")
        #expect(try watch.readLine() == "removed  UID 04000000000001  ATQA 0044  SAK 00  NFC Forum Type 2 tag")
        #expect(try simulator.control("present ntag213:uid=04A1B2C3D4E5F6") == "present 04A1B2C3D4E5F6 NTAG213")
        #expect(try watch.readLine() == "present  UID 04A1B2C3D4E5F6  ATQA 0044  SAK 00  NFC Forum Type 2 tag")
        #expect(watch.wait() == 0)
    }

    @Test func linkSymlinkPointsAtThePTY() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let link = directory.appendingPathComponent("pn532").path
        let simulator = try SimulatorProcess(["--link", link])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == simulator.path)
        #expect(try pn532ctl(["info", "--device", link]).status == 0)
        #expect(simulator.stop() == 143)
        #expect(!FileManager.default.fileExists(atPath: link))
    }

    @Test(arguments: [
        (["--tag", "ntag999"], "ntag999"),
        (["--fault", "corrupt=2"], "the rate must be a number from 0 to 1"),
        (["--fault", "wobble=1"], "unknown fault 'wobble'"),
        (["--fault", "seed=+1"], "the seed must be a whole number"),
        (["--fault", "tag-remove-after=+3"], "expected a number of tag commands"),
        (["--fault", "tag-remove-after=３"], "expected a number of tag commands"),
        (["--empty", "--tag", "ntag213"], "--empty and --tag contradict each other"),
    ])
    func badArgumentsAreUsageErrors(_ arguments: [String], _ message: String) throws {
        let result = try pn532ctl(["sim"] + arguments)
        #expect(result.status == 64)
        #expect(result.standardError.contains(message))
    }

    @Test func missingImageIsAnInputThatCannotBeOpened() throws {
        let result = try pn532ctl(["sim", "--tag", "ntag213:image=/nonexistent"])
        #expect(result.status == 66)
        #expect(result.standardError == "pn532ctl: --tag ntag213:image=/nonexistent: cannot read tag image /nonexistent: No such file or directory\n")
    }

    @Test func ctrlCExits130AndSIGTERM143() throws {
        #expect(try SimulatorProcess().interrupt() == 130)
        #expect(try SimulatorProcess().stop() == 143)
    }

    /// A link that loses bytes fails the command (69) or lets it through; with a tag in the
    /// field it never says the field is empty.
    @Test(arguments: 1...6)
    func lostRepliesAreNeverAnEmptyField(seed: Int) throws {
        let simulator = try SimulatorProcess(["--fault", "drop=0.05", "--fault", "seed=\(seed)"])
        let result = try pn532ctl(["read", "--wait", "2", "--device", simulator.path])
        #expect(result.status == 0 || result.status == 69, "\(result.standardError)")
        #expect(!result.standardError.contains("no tag in the field"))
    }

    /// Commands take effect in the order they come: a `list` or `remove` in the same read as
    /// the `present` before it sees the tag.
    @Test func controlCommandsTakeEffectInOrder() throws {
        let simulator = try SimulatorProcess(["--empty"])
        #expect(try simulator.control("present ntag213:uid=04A1B2C3D4E5F6\nlist") == "present 04A1B2C3D4E5F6 NTAG213")
        #expect(try simulator.nextReply() == "04A1B2C3D4E5F6 NTAG213")
        #expect(try simulator.control("present ultralight:uid=04000000000001\nremove 04000000000001\nlist") == "present 04000000000001 MIFARE Ultralight")
        #expect(try simulator.nextReply() == "removed 04000000000001")
        #expect(try simulator.nextReply() == "04A1B2C3D4E5F6 NTAG213")
        #expect(try simulator.control("remove\nreturn 04A1B2C3D4E5F6\nlist") == "removed all")
        #expect(try simulator.nextReply() == "returned 04A1B2C3D4E5F6 NTAG213")
        #expect(try simulator.nextReply() == "04A1B2C3D4E5F6 NTAG213")
    }
}
