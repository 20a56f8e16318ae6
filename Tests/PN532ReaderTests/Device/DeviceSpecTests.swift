import PN532
import PN532Reader
import Testing

@Suite("Device strings: /dev/PATH, uart:, i2c:")
struct DeviceSpecTests {
    @Test(arguments: [
        ("/dev/ttyS0", DeviceSpec.uart(path: "/dev/ttyS0", rate: .bps115200)),
        ("uart:/dev/serial0", .uart(path: "/dev/serial0", rate: .bps115200)),
        ("uart:/dev/serial0:921600", .uart(path: "/dev/serial0", rate: .bps921600)),
        ("uart:dev/x", .uart(path: "dev/x", rate: .bps115200)),
        ("uart:./ttyUSB0:9600", .uart(path: "./ttyUSB0", rate: .bps9600)),
        ("i2c:/dev/i2c-1", .i2c(path: "/dev/i2c-1", address: 0x24)),
        ("i2c:/dev/i2c-1:0x48", .i2c(path: "/dev/i2c-1", address: 0x48)),
        ("i2c:/dev/i2c-1:36", .i2c(path: "/dev/i2c-1", address: 36)),
        ("spi:/dev/spidev0.0", .spi(path: "/dev/spidev0.0", speed: 1_000_000)),
        ("spi:/dev/spidev0.1:500000", .spi(path: "/dev/spidev0.1", speed: 500_000)),
        ("spi:/dev/spidev1.0:5000000", .spi(path: "/dev/spidev1.0", speed: 5_000_000)),
    ])
    func formsParse(_ text: String, _ expected: DeviceSpec) throws {
        #expect(try DeviceSpec.parse(text) == expected)
    }

    @Test(arguments: ["uart:/dev/serial0:57600", "i2c:/dev/i2c-3:0x30", "spi:/dev/spidev0.0", "spi:/dev/spidev0.0:400000"])
    func descriptionParsesToTheSameDevice(_ text: String) throws {
        let spec = try DeviceSpec.parse(text)
        #expect(try DeviceSpec.parse(spec.description) == spec)
    }

    /// The message the command line shows after `--device ` and the door after `reader.device: `
    /// for a string of no form: the forms, those of the kinds registered when it is shown first.
    @Test func aStringOfNoFormListsTheForms() {
        #expect {
            try DeviceSpec.parse("tty0")
        } throws: { error in
            (error as? DeviceSpecError).map { "\($0)" } == "tty0: not a device; use \(DeviceSpec.forms)"
        }
    }

    /// The messages the command line shows after `--device ` and the door after `reader.device: `.
    @Test(arguments: [
        ("uart:/dev/x:1234",
         "uart:/dev/x:1234: '1234' is not a PN532 rate (9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600, 1288000)"),
        ("uart:", "uart:: expected uart:PATH[:BAUD], e.g. uart:/dev/serial0:115200 or uart:ttyUSB0 (relative to the working directory)"),
        ("uart::9600", "uart::9600: expected uart:PATH[:BAUD], e.g. uart:/dev/serial0:115200 or uart:ttyUSB0 (relative to the working directory)"),
        ("uart:/dev/x:9600:1", "uart:/dev/x:9600:1: expected uart:PATH[:BAUD], e.g. uart:/dev/serial0:115200 or uart:ttyUSB0 (relative to the working directory)"),
        ("i2c:", "i2c:: expected i2c:/dev/i2c-N[:0xADDR], e.g. i2c:/dev/i2c-1:0x24"),
        ("i2c:/dev/i2c-1:0x78", "i2c:/dev/i2c-1:0x78: '0x78' is not a 7-bit I2C device address (0x03–0x77; the PN532's is 0x24)"),
        ("uart:/dev/x:+115200",
         "uart:/dev/x:+115200: '+115200' is not a PN532 rate (9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600, 1288000)"),
        ("uart:/dev/x:１１５２００",
         "uart:/dev/x:１１５２００: '１１５２００' is not a PN532 rate (9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600, 1288000)"),
        ("i2c:/dev/i2c-1:+36", "i2c:/dev/i2c-1:+36: '+36' is not a 7-bit I2C device address (0x03–0x77; the PN532's is 0x24)"),
        ("i2c:/dev/i2c-1:0x+24", "i2c:/dev/i2c-1:0x+24: '0x+24' is not a 7-bit I2C device address (0x03–0x77; the PN532's is 0x24)"),
        ("i2c:/dev/i2c-1:0x２４", "i2c:/dev/i2c-1:0x２４: '0x２４' is not a 7-bit I2C device address (0x03–0x77; the PN532's is 0x24)"),
        ("i2c:/dev/i2c-1:zz", "i2c:/dev/i2c-1:zz: 'zz' is not a 7-bit I2C device address (0x03–0x77; the PN532's is 0x24)"),
        ("spi:", "spi:: expected spi:/dev/spidevB.C[:HZ], e.g. spi:/dev/spidev0.0 or spi:/dev/spidev0.0:500000"),
        ("spi:/dev/spidev0.0:9999", "spi:/dev/spidev0.0:9999: '9999' is not an SPI clock rate in Hz from 10000 to 5000000 (the PN532 takes up to 5 MHz; 1000000 is the default, 100000 helps on long wires)"),
        ("spi:/dev/spidev0.0:5000001", "spi:/dev/spidev0.0:5000001: '5000001' is not an SPI clock rate in Hz from 10000 to 5000000 (the PN532 takes up to 5 MHz; 1000000 is the default, 100000 helps on long wires)"),
        ("spi:/dev/spidev0.0:-1", "spi:/dev/spidev0.0:-1: '-1' is not an SPI clock rate in Hz from 10000 to 5000000 (the PN532 takes up to 5 MHz; 1000000 is the default, 100000 helps on long wires)"),
    ])
    func badStringsNameTheProblem(_ text: String, _ message: String) {
        #expect {
            try DeviceSpec.parse(text)
        } throws: { error in
            (error as? DeviceSpecError).map { "\($0)" } == message
        }
    }

    /// Found by FuzzDeviceString: U+0600 (a prepended character) and the `:` after it are one
    /// character, so a split by characters kept `:0x30` in the path and the printed device
    /// (`i2c:PATH:0x24`) parsed to another path. The string is split by Unicode scalars.
    @Test func separatorsAreFoundByScalarsNotCharacters() throws {
        #expect(try DeviceSpec.parse("i2c:/dev/i2c-1\u{0600}:0x30") == .i2c(path: "/dev/i2c-1\u{0600}", address: 0x30))
        #expect(try DeviceSpec.parse("uart:/dev/x\u{0600}:9600") == .uart(path: "/dev/x\u{0600}", rate: .bps9600))
        let found = "i2c:/r2CCCCCCCCCCCCCA\u{FFFD}\u{0600}"
        let spec = try DeviceSpec.parse(found)
        #expect(spec == .i2c(path: "/r2CCCCCCCCCCCCCA\u{FFFD}\u{0600}", address: 0x24))
        #expect(try DeviceSpec.parse(spec.description) == spec)
    }
}
