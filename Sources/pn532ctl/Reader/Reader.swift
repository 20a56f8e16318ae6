import ArgumentParser
import GPIO
import NDEF
import NFCCore
import PN532
import PN532Simulator

#if canImport(Glibc)
import Glibc
#endif

/// An open, started reader: the PN532 session and what it said about itself.
final class Reader {
    /// The session to the chip.
    let session: PN532Session
    /// GetFirmwareVersion's answer.
    let firmware: FirmwareVersion
    /// The device it was opened from.
    let spec: DeviceSpec

    private init(session: PN532Session, firmware: FirmwareVersion, spec: DeviceSpec) {
        self.session = session
        self.firmware = firmware
        self.spec = spec
    }

    /// Opens and starts the reader `options` name, tracing frames when asked.
    static func open(_ options: DeviceOptions) throws(CLIError) -> Reader {
        let spec = try options.spec()
        let trace = options.trace ? TracePrinter().print : nil
        if options.irqPin != nil, case .i2c = spec {} else if options.irqPin != nil {
            throw .usage("--irq-pin goes with an i2c: device (on UART the PN532 answers on the serial line)")
        }
        let irq = try options.irqPin.map { pin throws(CLIError) in try interruptLine(pin) }
        LinkInterruption.install()
        do throws(PN532Error) {
            let (session, firmware) = try start(spec, irq: irq, trace: trace)
            noteFindings(session, device: spec.description)
            return Reader(session: session, firmware: firmware, spec: spec)
        } catch {
            if case .link(let link) = error.kind, link.kind == .interrupted { exitInterrupted() }
            throw .reader(error)
        }
    }

    /// Says what start-up found off and put right; nothing when the chip was as expected.
    static func noteFindings(_ session: PN532Session, device: String) {
        guard !session.findings.isEmpty else { return }
        let list = session.findings.map(\.description).joined(separator: ", ")
        StandardError.write("pn532ctl: note: the PN532 on \(device) was left with \(list) (another program, or one that crashed); start-up put it right\n")
    }

    /// Opens the device `spec` names and starts the chip (wake-up, SAM configuration, the
    /// UART rate); `irq` is the line an I2C reader waits on instead of polling its status.
    static func start(_ spec: DeviceSpec, irq: GPIOLine?, trace: ((TraceEvent) -> Void)?) throws(PN532Error) -> (PN532Session, FirmwareVersion) {
        switch spec {
        case .simulator(let tags):
            let chip = SimulatedPN532(tags: try SimulatorTags.make(tags))
            let session = PN532Session(link: SimulatorLink(chip: chip), trace: trace)
            return (session, try session.start())
        case .simulatorI2C(let tags):
            let chip = SimulatedPN532(tags: try SimulatorTags.make(tags))
            let session = PN532Session(link: I2CLink(device: SimulatedI2CDevice(chip: chip)), trace: trace)
            return (session, try session.start())
        case .i2c(let path, let address):
            let device: any I2CDevice
            do throws(LinkError) { device = try LinuxI2CDevice(bus: path, address: address) } catch {
                throw PN532Error(.link(error), command: nil, device: I2CLink.name(bus: path, address: address))
            }
            let session = PN532Session(link: I2CLink(device: irq.map { InterruptWiredI2CDevice(device: device, irq: $0) } ?? device), trace: trace)
            return (session, try session.start())
        case .uart(let path, let rate):
            return try PN532Session.openUART(path: path, rate: rate, trace: trace)
        }
    }

    /// The GPIO line `pin` wired to the PN532's IRQ, requested as an active-low input.
    private static func interruptLine(_ pin: String) throws(CLIError) -> GPIOLine {
        do {
            let request = GPIOLineRequest(line: try GPIOLineName(pin), direction: .input(bias: .pullUp, debounce: .zero), activeLow: true, consumer: "pn532ctl irq")
            return try CharacterDeviceGPIO().request(request, chip: nil)
        } catch let error as GPIOError {
            throw CLIError(gpio: error)
        } catch {
            throw .io("--irq-pin \(pin): \(error)")
        }
    }

    /// Leaves the chip at 115200 with the field off: the one way every reader command ends,
    /// by returning, by throwing, or after SIGINT, SIGTERM or SIGHUP (which end the link's wait
    /// and unwind to here; the process then exits with 128 + the signal). Errors are reported,
    /// not thrown: the command's own result has already been printed.
    func close() {
        LinkInterruption.suspend()
        do throws(PN532Error) { try session.finish() } catch {
            StandardError.write("pn532ctl: warning: while closing: \(error)\n")
        }
        if LinkInterruption.received != nil { Self.exitInterrupted() }
    }

    /// Exits with 128 + the signal received (130 after Ctrl-C), after saying so.
    static func exitInterrupted() -> Never {
        let signal = LinkInterruption.received ?? SIGINT
        StandardError.write("pn532ctl: interrupted (signal \(signal)); the reader is back at 115200 baud with the field off\n")
        exit(128 + signal)
    }
}

extension CLIError {
    /// A reader failure: 77 when permission is missing, 75 when the device is busy, 128 + the
    /// signal when one interrupted it, 69 else.
    static func reader(_ error: PN532Error) -> CLIError {
        if case .link(let link) = error.kind {
            switch link.kind {
            case .busy: return CLIError(message: error.description, exitCode: ExitCode(75))
            case .open where link.errno == 13: return CLIError(message: error.description, exitCode: ExitCode(77))
            case .interrupted: return CLIError(message: error.description, exitCode: ExitCode(128 + link.errno))
            case .io where link.errno == ENOTTY: return CLIError(message: "\(link.device) is not a serial port: give the PN532's port (/dev/serial0, /dev/ttyUSB0) or another device form", exitCode: .unavailable)
            default: break
            }
        }
        return CLIError(message: error.description, exitCode: .unavailable)
    }
}
