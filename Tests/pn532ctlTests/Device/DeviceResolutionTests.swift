import Foundation
import Testing

/// Which reader a command talks to: `--device`, else `PN532_DEVICE`, else the system's
/// setting file (`PN532CTL_DEVICE_FILE` names it here), else the simulator with one line on
/// standard error that says so (none under `--json`, whose `device` says `sim`).
@Suite("Device resolution: --device, PN532_DEVICE, the setting file, the simulator")
struct DeviceResolutionTests {
    static let notice =
        "pn532ctl: no reader configured (--device, PN532_DEVICE or /etc/pn532ctl/device): using the built-in simulator\n"

    /// A setting file holding `text`, in a directory removed with the value.
    final class SettingFile {
        let directory: URL
        var path: String { directory.appendingPathComponent("device").path }

        init(_ text: String) throws {
            directory = try temporaryDirectory()
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }

        init(bytes: [UInt8]) throws {
            directory = try temporaryDirectory()
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        }

        deinit { try? FileManager.default.removeItem(at: directory) }
    }

    private func scan(_ arguments: [String] = [], environment: [String: String]) throws -> CommandResult {
        try pn532ctl(["scan"] + arguments, environment: environment)
    }

    @Test func theOptionWinsOverTheEnvironmentAndTheFile() throws {
        let file = try SettingFile("bogus-from-file\n")
        let result = try scan(["--device", "sim:ntag213:uid=04A1B2C3D4E5F6"], environment: [
            "PN532_DEVICE": "bogus-from-environment", "PN532CTL_DEVICE_FILE": file.path,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output.hasPrefix("UID 04A1B2C3D4E5F6"))
        #expect(result.standardError.isEmpty)
    }

    @Test func theEnvironmentWinsOverTheFile() throws {
        let file = try SettingFile("bogus-from-file\n")
        let result = try scan(environment: ["PN532_DEVICE": "sim:ntag213:uid=04A1B2C3D4E5F6", "PN532CTL_DEVICE_FILE": file.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output.hasPrefix("UID 04A1B2C3D4E5F6"))
        #expect(result.standardError.isEmpty)
    }

    @Test func theFileNamesTheReaderWhenNothingElseDoes() throws {
        let file = try SettingFile("# written by install.sh\n\n  sim:ultralight:uid=04C0FFEE000001 \n")
        let result = try scan(environment: ["PN532CTL_DEVICE_FILE": file.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output.hasPrefix("UID 04C0FFEE000001"))
        #expect(result.standardError.isEmpty, "a configured reader needs no notice")
        let json = try JSONOutputTests.object(try pn532ctl(["info", "--json"], environment: ["PN532CTL_DEVICE_FILE": file.path]))
        #expect(json["device"] as? String == "sim:ultralight:uid=04C0FFEE000001")
    }

    @Test func nothingConfiguredIsTheSimulatorWithOneLineOnStandardError() throws {
        let result = try scan(environment: ["PN532CTL_DEVICE_FILE": "/nonexistent/pn532ctl/device"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("UID 04"))
        #expect(result.standardError == Self.notice)

        let json = try pn532ctl(["info", "--json"], environment: ["PN532CTL_DEVICE_FILE": "/nonexistent/pn532ctl/device"])
        #expect(json.status == 0)
        #expect(json.standardError.isEmpty, "under --json the object says it")
        #expect(try JSONOutputTests.object(json)["device"] as? String == "sim")
    }

    @Test func theInstallersTemplateConfiguresNothing() throws {
        let file = try SettingFile("# The reader pn532ctl uses when no --device is given:\n# uart:/dev/serial0\n\n")
        let result = try scan(environment: ["PN532CTL_DEVICE_FILE": file.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output.hasPrefix("UID 04"))
        #expect(result.standardError == Self.notice, "comments alone are no reader: the simulator, with the notice")
    }

    @Test(arguments: [
        ("sim\n/dev/ttyUSB0\n", "lines 1 and 2 both name a device: keep one"),
        ("serial0\n", "serial0: not a device"),
    ])
    func aBadFileIsAUsageErrorNamingIt(_ text: String, _ message: String) throws {
        let file = try SettingFile(text)
        let result = try scan(environment: ["PN532CTL_DEVICE_FILE": file.path])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("pn532ctl: \(file.path): \(message)"), "\(result.standardError)")
        #expect(result.output.isEmpty)
    }

    @Test func aFileThatIsNotUTF8IsRefused() throws {
        let file = try SettingFile(bytes: [0x73, 0x69, 0x6D, 0xFF, 0x0A])
        let result = try scan(environment: ["PN532CTL_DEVICE_FILE": file.path])
        #expect(result.status == 64)
        #expect(result.standardError == "pn532ctl: \(file.path): not UTF-8 text\n")
    }

    @Test func aFileThatCannotBeReadOrIsEndlessIsRefusedBoundedAndNamed() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let unreadable = try scan(environment: ["PN532CTL_DEVICE_FILE": directory.path])
        #expect(unreadable.status == 64)
        #expect(unreadable.standardError.contains("cannot read \(directory.path)"), "\(unreadable.standardError)")
        #expect(unreadable.standardError.contains("PN532CTL_DEVICE_FILE"))

        let endless = try scan(environment: ["PN532CTL_DEVICE_FILE": "/dev/zero"])
        #expect(endless.status == 64)
        #expect(endless.standardError.contains("/dev/zero is larger than 4096 bytes, the limit for the reader setting"), "\(endless.standardError)")
    }

    @Test func underJSONABadFileIsAnErrorObject() throws {
        let file = try SettingFile("sim\nsim\n")
        let result = try pn532ctl(["scan", "--json"], environment: ["PN532CTL_DEVICE_FILE": file.path])
        #expect(result.status == 64)
        #expect(result.standardError.isEmpty)
        let error = try #require(try JSONOutputTests.object(result)["error"] as? [String: Any])
        #expect(error["kind"] as? String == "usage")
        #expect((error["message"] as? String)?.hasPrefix(file.path) == true)
    }
}
