import PN532Reader
import Testing
import TestSupport

/// The configured reader: `PN532_DEVICE`, else the setting file (`PN532CTL_DEVICE_FILE` names
/// it, else `/etc/pn532ctl/device`); nothing when neither names one, an error for a file that
/// exists and cannot be used. The environment is a dictionary here, not the process's.
@Suite("The configured reader")
struct ConfiguredDeviceTests {
    private func find(_ variables: [String: String]) throws(ConfiguredDeviceError) -> ConfiguredDevice? {
        try ConfiguredDevice.find { variables[$0] }
    }

    @Test func theEnvironmentWinsOverTheFile() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try scratch.write("device", "uart:/dev/serial0\n")
        let found = try find(["PN532_DEVICE": "i2c:/dev/i2c-1", "PN532CTL_DEVICE_FILE": scratch.file("device")])
        #expect(found == ConfiguredDevice(text: "i2c:/dev/i2c-1", source: .environment))
    }

    @Test func theFileNamesTheReaderWhenTheEnvironmentIsUnsetOrEmpty() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try scratch.write("device", "# written by install.sh\nuart:/dev/serial0\n")
        let path = scratch.file("device")
        let expected = ConfiguredDevice(text: "uart:/dev/serial0", source: .settingFile(path))
        #expect(try find(["PN532CTL_DEVICE_FILE": path]) == expected)
        #expect(try find(["PN532_DEVICE": "", "PN532CTL_DEVICE_FILE": path]) == expected)
    }

    @Test func aMissingFileOrTheTemplateConfiguresNothing() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try scratch.write("device", "# uart:/dev/serial0\n\n")
        #expect(try find(["PN532CTL_DEVICE_FILE": scratch.file("device")]) == nil)
        #expect(try find(["PN532CTL_DEVICE_FILE": scratch.file("none")]) == nil)
    }

    @Test func aFileThatExistsButCannotBeUsedIsAnError() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try scratch.write("device", "sim\nsim\n")
        #expect(throws: ConfiguredDeviceError.self) { try find(["PN532CTL_DEVICE_FILE": scratch.file("device")]) }
        #expect(throws: ConfiguredDeviceError.self) { try find(["PN532CTL_DEVICE_FILE": scratch.path]) }
    }
}
