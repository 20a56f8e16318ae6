import SystemPackage
import Glibc
import PN532
import Testing

@Suite("Errors advise by the link's kind, not by the device's name")
struct LinkKindTests {
    @Test func anOpenRefusedOnI2CAdvisesTheI2CGroup() {
        let error = LinkError(.open, device: "i2c:/dev/i2c-1:0x24", errno: Errno(rawValue: EACCES), operation: "open", link: .i2c)
        #expect(error.description.hasSuffix("(add your user to the i2c group)"))
    }

    @Test func anOpenRefusedOnASerialPortAdvisesTheDialoutGroup() {
        let error = LinkError(.open, device: "/dev/ttyUSB0", errno: Errno(rawValue: EACCES), operation: "open", link: .uart)
        #expect(error.description.hasSuffix("(add your user to the dialout group)"))
    }

    /// A serial port whose path happens to start with `i2c:` (`uart:i2c:x`, relative to the
    /// working directory) is still a serial port.
    @Test func aSerialPortNamedLikeAnI2CBusIsAdvisedAsOne() {
        let error = LinkError(.open, device: "i2c:x", errno: Errno(rawValue: EACCES), operation: "open", link: .uart)
        #expect(error.description.hasSuffix("(add your user to the dialout group)"))
        let silent = PN532Error(.noAcknowledgement(attempts: 3), command: nil, device: "i2c:x", link: .uart)
        #expect(silent.description.contains("HSU (UART) mode"))
    }

    @Test func noAcknowledgementOnI2CGivesTheI2CHint() {
        let silent = PN532Error(.noAcknowledgement(attempts: 3), command: nil, device: "i2c:/dev/i2c-1:0x24", link: .i2c)
        #expect(silent.description.contains("i2cdetect -y N"))
    }

    @Test func aFailedI2CTransferKeepsItsKindThroughTheSession() {
        let failure = LinkError(.io, device: "i2c:/dev/i2c-1:0x24", errno: Errno(rawValue: ENXIO), operation: "write", link: .i2c)
        let error = PN532Error(.link(failure), command: nil, device: failure.device)
        #expect(error.description.contains("nothing acknowledged that address"))
    }
}
