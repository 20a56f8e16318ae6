import PN532Reader
import Testing

/// `/etc/pn532ctl/device`'s format: comments and blank lines ignored, at most one device line,
/// trimmed; comments alone configure nothing; anything else is refused with what is wrong.
@Suite("The reader setting file")
struct DeviceSettingFileTests {
    private func line(_ text: String) throws(DeviceSettingError) -> String? {
        try DeviceSettingFile.deviceLine(in: Array(text.utf8))
    }

    @Test func theOneLineIsTrimmedAndCommentsAndBlankLinesAreSkipped() throws {
        #expect(try line("# written by install.sh\n\n  \t uart:/dev/serial0 \r\n# end\n") == "uart:/dev/serial0")
        #expect(try line("i2c:/dev/i2c-1") == "i2c:/dev/i2c-1", "no line feed at the end")
        #expect(try line("\u{FEFF}sim") == "\u{FEFF}sim", "a byte-order mark is not trimmed: the device parser refuses it")
    }

    @Test func commentsAloneConfigureNothing() throws {
        #expect(try line("") == nil)
        #expect(try line("# only a comment\n   \n\t\n") == nil, "the installer's template when it found no reader")
    }

    @Test func twoDeviceLinesAreRefusedWithTheirNumbers() {
        #expect(throws: DeviceSettingError.moreThanOneDevice(first: 2, second: 4)) { try line("# a\nsim\n\n/dev/ttyUSB0\n") }
    }

    @Test func bytesThatAreNotUTF8AreRefused() {
        #expect(throws: DeviceSettingError.notUTF8) { try DeviceSettingFile.deviceLine(in: [0x73, 0x69, 0x6D, 0xFF]) }
    }
}
