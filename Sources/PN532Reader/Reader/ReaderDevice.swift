import GPIO
import PN532

/// An open, started PN532: the device a `DeviceSpec` names (i2c-dev or spidev with an optional
/// IRQ line, a serial port, or a registered kind: the in-process simulator, the simulator behind a
/// simulated I2C bus), its session, and what the chip said about itself.
///
/// ```swift
/// let reader = try ReaderDevice.open(try DeviceSpec.parse("/dev/ttyUSB0"))
/// defer { try? reader.close() }
/// print(reader.firmware)
/// ```
public final class ReaderDevice {
    /// The device it was opened from.
    public let spec: DeviceSpec
    /// The session to the chip; a new one after `reopen()`.
    public private(set) var session: PN532Session
    /// GetFirmwareVersion's answer at the last start.
    public private(set) var firmware: FirmwareVersion

    private let endpoint: Endpoint
    private let trace: ((TraceEvent) -> Void)?

    /// Where the chip is: a plugged-in endpoint (a simulated chip) is kept across reopenings.
    private enum Endpoint {
        case plugged(any ReaderEndpoint)
        case i2c(path: String, address: UInt8, interruptLine: GPIOLine?)
        case spi(path: String, speed: Int, interruptLine: GPIOLine?)
        case uart(path: String, rate: BaudRate)
    }

    private init(spec: DeviceSpec, endpoint: Endpoint, trace: ((TraceEvent) -> Void)?) throws(PN532Error) {
        self.spec = spec
        self.endpoint = endpoint
        self.trace = trace
        (session, firmware) = try Self.start(endpoint, trace: trace)
    }

    /// Opens the device `spec` names and starts the chip (wake-up, SAM configuration, the
    /// UART rate). `interruptLine` is the GPIO line wired to the PN532's IRQ pin, requested as
    /// an active-low input (`interruptLine(named:)`): an I2C reader then waits on it instead of
    /// polling its status byte. `trace` sees every frame.
    ///
    /// - Throws: `.interruptLineNeedsI2C` for a line with another device, `.reader` when the
    ///   device cannot be opened or the chip does not start.
    public static func open(_ spec: DeviceSpec, interruptLine: GPIOLine? = nil, trace: ((TraceEvent) -> Void)? = nil) throws(ReaderError) -> ReaderDevice {
        let endpoint: Endpoint
        switch spec {
        case .i2c(let path, let address): endpoint = .i2c(path: path, address: address, interruptLine: interruptLine)
        case .spi(let path, let speed): endpoint = .spi(path: path, speed: speed, interruptLine: interruptLine)
        case _ where interruptLine != nil: throw .interruptLineNeedsI2C(spec)
        case .uart(let path, let rate): endpoint = .uart(path: path, rate: rate)
        case .plugged(let device):
            do throws(PN532Error) { endpoint = .plugged(try device.endpoint()) } catch { throw .reader(error) }
        }
        do throws(PN532Error) { return try ReaderDevice(spec: spec, endpoint: endpoint, trace: trace) } catch {
            throw .reader(error)
        }
    }

    /// The GPIO line `pin` (`GPIO4`) on the character device, requested as an active-low
    /// input with a pull-up, for the PN532's IRQ pin (low: "a response is ready").
    public static func interruptLine(named pin: String) throws(ReaderError) -> GPIOLine {
        do throws(GPIOError) {
            let request = GPIOLineRequest(line: try GPIOLineName(pin), direction: .input(bias: .pullUp, debounce: .zero), activeLow: true, consumer: "pn532ctl irq")
            return try CharacterDeviceGPIO().request(request, chip: nil)
        } catch {
            throw .interruptLine(pin: pin, error)
        }
    }

    /// Closes the device and opens it again, then starts the chip: for a reader that stopped
    /// answering or went away (a USB adapter unplugged and plugged back).
    public func reopen() throws(ReaderError) {
        closeLink()
        do throws(PN532Error) { (session, firmware) = try Self.start(endpoint, trace: trace) } catch {
            throw .reader(error)
        }
    }

    /// Starts the chip again on the open device (wake-up, SAM configuration), after throwing
    /// away what the link holds: for a chip that stopped answering. A pending command is lost.
    public func reset() throws(ReaderError) {
        do throws(PN532Error) {
            try? session.discardInput()
            firmware = try session.start()
        } catch {
            throw .reader(error)
        }
    }

    /// Leaves the chip at 115200 baud with the RF field off, then closes the device. The
    /// device is closed also when putting the chip back fails (then thrown).
    public func close() throws(ReaderError) {
        defer { closeLink() }
        do throws(PN532Error) {
            if session.pending != nil { try session.cancel() }
            try session.finish()
        } catch {
            throw .reader(error)
        }
    }

    private func closeLink() {
        (session.link as? UARTLink)?.close()
    }

    /// A new session on `endpoint`, started.
    private static func start(_ endpoint: Endpoint, trace: ((TraceEvent) -> Void)?) throws(PN532Error) -> (PN532Session, FirmwareVersion) {
        switch endpoint {
        case .plugged(let plugged):
            let session = PN532Session(link: try plugged.link(), trace: trace)
            return (session, try session.start())
        case .i2c(let path, let address, let interruptLine):
            let device: any I2CDevice
            do throws(LinkError) { device = try LinuxI2CDevice(bus: path, address: address) } catch {
                throw PN532Error(.link(error), command: nil, device: I2CLink.name(bus: path, address: address), link: .i2c)
            }
            let wired = interruptLine.map { InterruptWiredI2CDevice(device: device, irq: $0) } ?? device
            let session = PN532Session(link: I2CLink(device: wired), trace: trace)
            return (session, try session.start())
        case .spi(let path, let speed, let interruptLine):
            let device: any SPIDevice
            do throws(LinkError) { device = try LinuxSPIDevice(path: path, speed: speed) } catch {
                throw PN532Error(.link(error), command: nil, device: SPILink.name(path: path, speed: speed), link: .spi)
            }
            let wired = interruptLine.map { InterruptWiredSPIDevice(device: device, irq: $0) } ?? device
            let session = PN532Session(link: SPILink(device: wired), trace: trace)
            return (session, try session.start())
        case .uart(let path, let rate):
            let (session, firmware) = try PN532Session.openUART(path: path, rate: rate, trace: trace)
            return (session, firmware)
        }
    }
}
