import Foundation
import Testing

@Suite("device commands over SPI: sim-spi and spi: device strings")
struct SPIDeviceCommandTests {
    @Test func infoOverTheSimulatedBus() throws {
        let result = try pn532ctl(["info", "--device", "sim-spi"])
        #expect(result.status == 0)
        #expect(result.output == """
            Device    sim-spi
            Chip      PN532 (IC 0x32)
            Firmware  1.6
            Supports  ISO 14443-A, ISO 14443-B, ISO 18092
            Link      SPI

            """)
    }

    @Test func scanTwoTagsOverTheSimulatedBus() throws {
        let result = try pn532ctl(["scan", "--device", "sim-spi:ntag213:uid=00A1B2C3D4E5F6,ultralight"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("UID 00A1B2C3D4E5F6  ATQA 0044  SAK 00  NFC Forum Type 2 tag\n"))
        #expect(result.output.hasSuffix("More than one tag detected.\n"))
    }

    @Test func readAndWriteOverTheSimulatedBus() throws {
        let read = try pn532ctl(["read", "--json", "--device", "sim-spi"])
        #expect(read.status == 0, "\(read.standardError)")
        #expect(read.output.contains("\"uri\":\"https://github.com/pn532ctl/pn532ctl\""))
        let write = try pn532ctl(["write", "--device", "sim-spi:ntag213:uid=04A1B2C3D4E5F6", "--text", "Hello", "--uri", "https://nfcpy.org"])
        #expect(write.status == 0, "\(write.standardError)")
        #expect(write.output.hasPrefix("Wrote 26 bytes to NTAG213 04A1B2C3D4E5F6:"))
        #expect(write.output.contains("verified"))
    }

    @Test(arguments: [
        ("spi:", "expected spi:/dev/spidevB.C[:HZ]"),
        ("spi:dev/spidev0.0", "expected spi:/dev/spidevB.C[:HZ]"),
        ("spi:/dev/spidev0.0:1000000:9", "expected spi:/dev/spidevB.C[:HZ]"),
        ("spi:/dev/spidev0.0:0", "'0' is not an SPI clock rate in Hz from 10000 to 5000000"),
        ("spi:/dev/spidev0.0:6000000", "'6000000' is not an SPI clock rate"),
        ("spi:/dev/spidev0.0:1MHz", "'1MHz' is not an SPI clock rate"),
        ("spi:/dev/spidev0.0:99999999999999999999999", "is not an SPI clock rate"),
        ("sim-spi:nosuchtag", "--device sim-spi:nosuchtag:"),
    ])
    func badDeviceStringsAreUsageErrors(_ device: String, _ message: String) throws {
        let result = try pn532ctl(["info", "--device", device])
        #expect(result.status == 64)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.output.isEmpty)
    }

    @Test func aMissingDeviceNamesItAndSaysWhatToCheck() throws {
        let result = try pn532ctl(["info", "--device", "spi:/dev/spidev-no-such-device:500000"])
        #expect(result.status == 69)
        #expect(result.standardError.contains("cannot open spi:/dev/spidev-no-such-device:500000"), "\(result.standardError)")
        #expect(result.standardError.contains("dtparam=spi=on"))
    }

    @Test func irqPinGoesWithAnSPIDevice() throws {
        let name = try pn532ctl(["info", "--device", "spi:/dev/spidev0.0", "--irq-pin", "PIN"])
        #expect(name.status == 64)
        #expect(name.standardError.contains("'PIN' is not a line name"))
    }
}
