import Foundation
import Testing

@Suite("info, selftest, scan, raw on the in-process simulator")
struct BenchCommandTests {
    @Test func infoHumanAndJSON() throws {
        let human = try pn532ctl(["info", "--device", "sim"])
        #expect(human.status == 0)
        #expect(human.output == """
            Device    sim
            Chip      PN532 (IC 0x32)
            Firmware  1.6
            Supports  ISO 14443-A, ISO 14443-B, ISO 18092
            Link      115200 baud

            """)
        let json = try pn532ctl(["info", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
        #expect(object["ic"] as? String == "PN532")
        #expect(object["firmware"] as? String == "1.6")
        #expect(object["baud"] as? Int == 115_200)
    }

    @Test func selftestPasses() throws {
        let result = try pn532ctl(["selftest"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines.allSatisfy { $0.hasPrefix("PASS  ") })
        #expect(lines[0].contains("252-byte echo"))
    }

    @Test func scanDefaultTagAndTwoTags() throws {
        let one = try pn532ctl(["scan"])
        #expect(one.status == 0)
        #expect(one.output == "UID 04112233445566  ATQA 0044  SAK 00  NFC Forum Type 2 tag\n")
        let two = try pn532ctl(["scan", "--device", "sim:ntag213:uid=00A1B2C3D4E5F6,ultralight"])
        #expect(two.output.hasPrefix("UID 00A1B2C3D4E5F6  ATQA 0044  SAK 00  NFC Forum Type 2 tag\n"))
        #expect(two.output.hasSuffix("More than one tag detected.\n"))
        let json = try pn532ctl(["scan", "--json", "--device", "sim:ntag216"])
        let object = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
        #expect(object["count"] as? Int == 1)
        #expect(object["moreThanOneTag"] as? Bool == false)
    }

    @Test func watchReportsOnePresentation() throws {
        let result = try pn532ctl(["scan", "--watch", "--count", "1", "--json"])
        #expect(result.status == 0)
        #expect(result.output == #"{"event":"present","uid":"04112233445566","product":null,"device":"sim","atqa":"0044","sak":"00","#
            + #""ats":null,"pmm":null,"systemCode":null,"atqb":null,"attribResponse":null,"technology":"NFC-A","family":"NFC Forum Type 2 tag","nfcForumType":2}"# + "\n")
    }

    @Test func watchReportsCardsOfTheOtherFamilies() throws {
        let felica = try pn532ctl(["scan", "--watch", "--count", "1", "--device", "sim:felica-lite-s:uid=012E4CF100000001"])
        #expect(felica.status == 0)
        #expect(felica.output == "present  IDm 012E4CF100000001  PMm 00F1000000014300  SYS 88B4  FeliCa Lite-S (212 kbps)\n")
        let jewel = try pn532ctl(["scan", "--watch", "--count", "1", "--json", "--device", "sim:topaz512"])
        #expect(jewel.output.hasPrefix(#"{"event":"present","uid":"#))
        #expect(jewel.output.contains(#""technology":"Jewel","family":"Topaz/Jewel","nfcForumType":1}"#))
    }

    @Test func watchOnAnEmptyFieldEndsAtItsTimeout() throws {
        let result = try pn532ctl(["scan", "--watch", "--timeout", "2", "--device", "sim:ntag213", "--count", "5"])
        #expect(result.status == 0)
        #expect(result.output.components(separatedBy: "present").count == 2)
    }

    @Test func rawCommandAndStatus() throws {
        let firmware = try pn532ctl(["raw", "02"])
        #expect(firmware.output == "GetFirmwareVersion response: 32010607\n")
        let exchange = try pn532ctl(["raw", "40 01 30 00"])
        #expect(exchange.output.contains("status 0x27"))
        let traced = try pn532ctl(["raw", "--trace", "4A0100"])
        #expect(traced.standardError.contains("TX 00 00 FF 04 FC D4 4A 01 00 E1 00  InListPassiveTarget"))
        #expect(traced.standardError.contains("RX 00 00 FF 00 FF 00  ACK"))
    }

    @Test(arguments: [
        (["raw", "FF"], 64, "'FF' is not a PN532 command code"),
        (["raw", "0"], 65, "odd number of hex digits"),
        (["scan", "--count", "2"], 64, "--count and --timeout go with --watch"),
        (["scan", "--wait", "0"], 64, "--wait must be between"),
        (["info", "--device", "tty0"], 64, "not a device"),
        (["info", "--device", "uart:/dev/x:1234"], 64, "'1234' is not a PN532 rate"),
        (["info", "--device", "sim:ntag999"], 64, "ntag999"),
        (["info", "--device", "/nonexistent/tty"], 69, "cannot open /nonexistent/tty"),
        (["raw", "00"], 64, "00: the PN532 rejected Diagnose with no parameters as malformed (syntax error)"),
        (["info", "--device", "sim:ntag213:image=/nonexistent"], 66, "pn532ctl: --device sim:ntag213:image=/nonexistent: cannot read tag image /nonexistent: No such file"),
    ])
    func errorsNameTheProblem(_ arguments: [String], _ status: Int32, _ message: String) throws {
        let result = try pn532ctl(arguments)
        #expect(result.status == status)
        #expect(result.standardError.contains(message))
    }

    @Test func deviceFromEnvironment() throws {
        let result = try pn532ctl(["scan"], environment: ["PN532_DEVICE": "sim:ntag213:uid=04A1B2C3D4E5F6"])
        #expect(result.output == "UID 04A1B2C3D4E5F6  ATQA 0044  SAK 00  NFC Forum Type 2 tag\n")
    }

    @Test func badDeviceFromEnvironmentIsNamedAsSuch() throws {
        let result = try pn532ctl(["scan"], environment: ["PN532_DEVICE": "bogus"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("pn532ctl: PN532_DEVICE=bogus: not a device; use sim"))
        #expect(!result.standardError.contains("--device"))
    }

    @Test func readerThatNeverAnswersIsReportedWithAHint() throws {
        let simulator = try SimulatorProcess(["--fault", "drop=1"])
        let result = try pn532ctl(["info", "--device", simulator.path])
        #expect(result.status == 69)
        #expect(result.standardError.contains("no ACK from the PN532 on \(simulator.path)"))
        #expect(result.standardError.contains("serial console disabled"))
    }
}
