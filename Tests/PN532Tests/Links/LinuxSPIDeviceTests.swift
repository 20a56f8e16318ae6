import SystemPackage
import Testing
@testable import PN532

/// The spidev backend against real files: no SPI controller exists on the test machines, so
/// only its refusals are checked here (a missing node, a file that is no spidev device).
struct LinuxSPIDeviceTests {
    @Test func aMissingNodeIsAnOpenFailureNamingTheDevice() {
        let error = #expect(throws: LinkError.self) { _ = try LinuxSPIDevice(path: "/nonexistent/spidev0.0", speed: 1_000_000) }
        #expect(error?.kind == .open)
        #expect(error?.errno == .noSuchFileOrDirectory)
        #expect(error?.link == .spi)
        #expect(error?.device == "spi:/nonexistent/spidev0.0")
        let session = PN532Error(.link(error ?? LinkError(.io, device: "", operation: "")), command: nil, device: "spi:/nonexistent/spidev0.0", link: .spi)
        #expect(session.description.contains("dtparam=spi=on"))
    }

    @Test func aFileThatIsNoSpidevDeviceIsRefusedAtItsFirstIoctl() {
        let error = #expect(throws: LinkError.self) { _ = try LinuxSPIDevice(path: "/dev/null", speed: 500_000) }
        #expect(error?.kind == .io)
        #expect(error?.errno == .inappropriateIOCTLForDevice)
        #expect(error?.description == "spi:/dev/null:500000: SPI_IOC_WR_MODE32 (is it an spidev device?) failed: Inappropriate ioctl for device")
    }
}
