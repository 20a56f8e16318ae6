import NFCCore
import PN532Reader
import PN532

#if canImport(Glibc)
import Glibc
#endif

/// A command's reader: `NFCReader`'s device opened from the command's options, with the
/// process's signal handling and the messages and exit codes of the command line.
final class Reader {
    /// The open device.
    let device: ReaderDevice

    /// The session to the chip.
    var session: PN532Session { device.session }
    /// GetFirmwareVersion's answer.
    var firmware: FirmwareVersion { device.firmware }
    /// The device it was opened from.
    var spec: DeviceSpec { device.spec }

    private init(device: ReaderDevice) {
        self.device = device
    }

    /// Opens and starts the reader `options` name, tracing frames when asked.
    static func open(_ options: DeviceOptions) throws(CLIError) -> Reader {
        let spec = try options.spec()
        let trace = options.trace ? TracePrinter().print : nil
        do throws(ReaderError) {
            if options.irqPin != nil, !spec.takesInterruptLine { throw .interruptLineNeedsI2C(spec) }
            let irq = try options.irqPin.map { pin throws(ReaderError) in try ReaderDevice.interruptLine(named: pin) }
            _ = LinkInterruption.install()
            let device = try ReaderDevice.open(spec, interruptLine: irq, trace: trace)
            noteFindings(device.session, device: spec.description)
            return Reader(device: device)
        } catch {
            if case .reader(let failure) = error, case .link(let link) = failure.kind, link.kind == .interrupted { exitInterrupted() }
            throw .reader(error)
        }
    }

    /// Says what start-up found off and put right; nothing when the chip was as expected.
    static func noteFindings(_ session: PN532Session, device: String) {
        guard !session.findings.isEmpty else { return }
        let list = session.findings.map(\.description).joined(separator: ", ")
        StandardError.write("pn532ctl: note: the PN532 on \(device) was left with \(list) (another program, or one that crashed); start-up put it right\n")
    }

    /// Leaves the chip at 115200 with the field off: the one way every reader command ends,
    /// by returning, by throwing, or after SIGINT, SIGTERM or SIGHUP (which end the link's wait
    /// and unwind to here; the process then exits with 128 + the signal). Errors are reported,
    /// not thrown: the command's own result has already been printed.
    func close() {
        LinkInterruption.suspend()
        do throws(ReaderError) { try device.close() } catch {
            StandardError.write("pn532ctl: warning: while closing: \(error)\n")
        }
        if LinkInterruption.received != nil { Self.exitInterrupted() }
    }

    /// Exits with 128 + the signal received (130 after Ctrl-C), after saying so (under
    /// `--json` as an error object of kind `interrupted` on standard output).
    static func exitInterrupted() -> Never {
        let signal = LinkInterruption.received ?? SIGINT
        PN532Ctl.fail(
            "interrupted (signal \(signal)); the reader is back at 115200 baud with the field off", exitCode: 128 + signal,
            json: ErrorReport.commandLineWantsJSON, kind: .interrupted)
    }
}
