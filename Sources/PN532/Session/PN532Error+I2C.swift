#if canImport(Glibc)
import SystemPackage
import Glibc
#endif

extension PN532Error {
    /// True when the device is on I2C: the session's link, or the link that failed.
    var isI2C: Bool {
        if case .link(let failure) = kind, failure.link == .i2c { return true }
        return link == .i2c
    }

    /// What to check when the PN532 on I2C does not acknowledge commands.
    static let i2cNoAcknowledgementHint = "is it powered, switched to I2C mode and at that address (i2cdetect -y N)? "
        + "A wedged bus needs a reset through RSTPD_N; on a Raspberry Pi the chip's clock stretching fails at the "
        + "default rate: lower i2c_arm_baudrate in config.txt or use UART"

    /// The likely cause of an I2C transfer's errno, to append to the link's message.
    static func i2cHint(errno: Errno?) -> String {
        switch errno?.rawValue {
        case ENXIO?:
            " — nothing acknowledged that address: wrong address (see i2cdetect -y N), or the PN532 is unpowered or not in I2C mode"
        case EREMOTEIO?, ETIMEDOUT?, EAGAIN?:
            " — the bus is wedged or the chip stretched the clock too long: reset the PN532 through RSTPD_N; "
                + "on a Raspberry Pi lower i2c_arm_baudrate or use UART"
        case ENOENT?:
            " — is I2C enabled (raspi-config, dtparam=i2c_arm=on) and is that the bus number (ls /dev/i2c-*)?"
        default:
            ""
        }
    }
}
