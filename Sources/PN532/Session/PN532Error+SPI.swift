import Basics
#if canImport(Glibc)
import SystemPackage
import Glibc
#endif

extension PN532Error {
    /// True when the device is on SPI: the session's link, or the link that failed.
    var isSPI: Bool {
        if case .link(let failure) = kind, failure.link == .spi { return true }
        return link == .spi
    }

    /// What to check when the PN532 on SPI does not acknowledge commands (pn532-spi.md §4).
    static let spiNoAcknowledgementHint = "Check that it is powered (3.3 V) and switched to SPI (Elechouse V3: ch1 OFF, ch2 ON; "
        + "Adafruit: SEL0 OFF, SEL1 ON), that SPI is enabled (dtparam=spi=on in config.txt), and the wiring: MOSI to GPIO10 "
        + "(pin 19), MISO to GPIO9 (pin 21), SCK to GPIO11 (pin 23), SS to CE0 GPIO8 (pin 24) for /dev/spidev0.0; "
        + "on long wires try a lower rate (spi:/dev/spidev0.0:100000)"

    /// What a status byte that never said "ready" tells.
    static func spiStatusHint(_ status: UInt8) -> String {
        switch status {
        case 0xFF: "the status byte stayed FF: MISO is high (the chip is unpowered or powered down, not in SPI mode, or MISO is not connected)"
        case 0x00: "the status byte stayed 00: the chip never became ready (SS not on that chip select, MOSI or SCK not connected, or not in SPI mode)"
        case 0x80: "the status byte stayed 80: 01 with its bits reversed, the bit order is wrong"
        default: "the status byte stayed \(hexByte(status)), not 01 (ready): noise on MISO? check ground and the wiring"
        }
    }

    /// The likely cause of an spidev errno, to append to the link's message.
    static func spiHint(errno: Errno?) -> String {
        switch errno?.rawValue {
        case ENOENT?:
            " — is SPI enabled (raspi-config, dtparam=spi=on in config.txt, then reboot) and is that the device (ls /dev/spidev*)?"
        case EMSGSIZE?:
            " — the message is larger than spidev's buffer (spidev.bufsiz)"
        case ENOTTY?, EINVAL?:
            " — is it an spidev device (/dev/spidevB.C)?"
        default:
            ""
        }
    }
}
