import Foundation
import Testing

@Suite("device commands over I2C: sim-i2c and i2c: device strings")
struct I2CDeviceCommandTests {
    @Test func infoOverTheSimulatedBus() throws {
        let result = try pn532ctl(["info", "--device", "sim-i2c"])
        #expect(result.status == 0)
        #expect(result.output == """
            Device    sim-i2c
            Chip      PN532 (IC 0x32)
            Firmware  1.6
            Supports  ISO 14443-A, ISO 14443-B, ISO 18092
            Link      I2C

            """)
        let json = try pn532ctl(["info", "--json", "--device", "sim-i2c"])
        let object = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
        #expect(object["device"] as? String == "sim-i2c")
        #expect(object["baud"] is NSNull)
    }

    @Test func scanTwoTagsOverTheSimulatedBus() throws {
        let result = try pn532ctl(["scan", "--device", "sim-i2c:ntag213:uid=00A1B2C3D4E5F6,ultralight"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("UID 00A1B2C3D4E5F6  ATQA 0044  SAK 00  NFC Forum Type 2 tag\n"))
        #expect(result.output.hasSuffix("More than one tag detected.\n"))
    }

    @Test(arguments: [
        ("i2c:", "expected i2c:/dev/i2c-N[:0xADDR]"),
        ("i2c:dev/i2c-1", "expected i2c:/dev/i2c-N[:0xADDR]"),
        ("i2c:/dev/i2c-1:0x24:9", "expected i2c:/dev/i2c-N[:0xADDR]"),
        ("i2c:/dev/i2c-1:0x78", "'0x78' is not a 7-bit I2C device address (0x03–0x77"),
        ("i2c:/dev/i2c-1:0x02", "'0x02' is not a 7-bit I2C device address"),
        ("i2c:/dev/i2c-1:zz", "'zz' is not a 7-bit I2C device address"),
        ("sim-i2c:nosuchtag", "--device sim-i2c:nosuchtag:"),
    ])
    func badDeviceStringsAreUsageErrors(_ device: String, _ message: String) throws {
        let result = try pn532ctl(["info", "--device", device])
        #expect(result.status == 64)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.output.isEmpty)
    }

    @Test func aMissingBusNamesItAndSaysWhatToCheck() throws {
        let result = try pn532ctl(["info", "--device", "i2c:/dev/i2c-no-such-bus:0x24"])
        #expect(result.status == 69)
        #expect(result.standardError.contains("cannot open i2c:/dev/i2c-no-such-bus:0x24"))
        #expect(result.standardError.contains("is I2C enabled"))
    }

    @Test func irqPinGoesWithAnI2CDeviceAndABoardLineName() throws {
        let uart = try pn532ctl(["info", "--device", "sim", "--irq-pin", "GPIO4"])
        #expect(uart.status == 64)
        #expect(uart.standardError.contains("--irq-pin goes with an i2c: or spi: device"))
        let name = try pn532ctl(["info", "--device", "i2c:/dev/i2c-1", "--irq-pin", "PIN"])
        #expect(name.status == 64)
        #expect(name.standardError.contains("'PIN' is not a line name"))
    }
}
