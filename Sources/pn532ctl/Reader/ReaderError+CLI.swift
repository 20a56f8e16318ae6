import SystemPackage
import ArgumentParser
import PN532Reader
import PN532

#if canImport(Glibc)
import Glibc
#endif

extension CLIError {
    /// A reader failure: 77 when permission is missing, 75 when the device is busy, 128 + the
    /// signal when one interrupted it, 69 else.
    static func reader(_ error: PN532Error) -> CLIError {
        if case .link(let link) = error.kind {
            switch link.kind {
            case .busy: return CLIError(message: error.description, exitCode: ExitCode(75))
            case .open where link.errno == .permissionDenied: return CLIError(message: error.description, exitCode: ExitCode(77))
            case .interrupted: return CLIError(message: error.description, exitCode: ExitCode(128 + (link.signal ?? SIGINT)))
            case .io where link.errno == Errno(rawValue: ENOTTY): return CLIError(message: "\(link.device) is not a serial port: give the PN532's port (/dev/serial0, /dev/ttyUSB0) or another device form", exitCode: .unavailable)
            default: break
            }
        }
        return CLIError(message: error.description, exitCode: .unavailable)
    }

    /// An error of `NFCReader`: a reader failure as above, a wrong IRQ line as the GPIO
    /// commands report it, no tag, more than one or a card whose NDEF is not read as 1, a tag's failure as `tag(_:)`.
    static func reader(_ error: ReaderError) -> CLIError {
        switch error {
        case .interruptLineNeedsI2C: .usage("--irq-pin goes with an i2c: or spi: device (on UART the PN532 answers on the serial line)")
        case .interruptLine(_, let gpio): CLIError(gpio: gpio)
        case .reader(let failure): reader(failure)
        case .noTag(let waited): CLIError(message: "no tag in the field" + (waited ? "" : " (--wait SECONDS waits for one)"), exitCode: .failure)
        case .moreThanOneTag: CLIError(message: ReaderError.moreThanOneTagMessage, exitCode: .failure)
        case .tag(let failure): tag(failure)
        case .notNDEFTag: CLIError(message: error.description, exitCode: .failure)
        }
    }
}
