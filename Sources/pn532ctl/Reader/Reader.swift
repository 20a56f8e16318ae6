import ArgumentParser
import NDEF
import PN532
import PN532Simulator

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
        do throws(PN532Error) {
            switch spec {
            case .simulator(let tags):
                let chip = SimulatedPN532(tags: try SimulatorTags.make(tags))
                let session = PN532Session(link: SimulatorLink(chip: chip), trace: trace)
                return Reader(session: session, firmware: try session.start(), spec: spec)
            case .simulatorI2C(let tags):
                let chip = SimulatedPN532(tags: try SimulatorTags.make(tags))
                let session = PN532Session(link: I2CLink(device: SimulatedI2CDevice(chip: chip)), trace: trace)
                return Reader(session: session, firmware: try session.start(), spec: spec)
            case .i2c(let path, let address):
                let link: I2CLink
                do throws(LinkError) { link = try I2CLink(bus: path, address: address) } catch {
                    throw PN532Error(.link(error), command: nil, device: I2CLink.name(bus: path, address: address))
                }
                let session = PN532Session(link: link, trace: trace)
                return Reader(session: session, firmware: try session.start(), spec: spec)
            case .uart(let path, let rate):
                let (session, firmware) = try PN532Session.openUART(path: path, rate: rate, trace: trace)
                return Reader(session: session, firmware: firmware, spec: spec)
            }
        } catch {
            throw .reader(error)
        }
    }

    /// Leaves the chip at 115200 with the field off. Errors are reported, not thrown: the
    /// command's own result has already been printed.
    func close() {
        do throws(PN532Error) { try session.finish() } catch {
            StandardError.write("pn532ctl: warning: while closing: \(error)\n")
        }
    }
}

extension CLIError {
    /// A reader failure: 77 when permission is missing, 75 when the device is busy, 69 else.
    static func reader(_ error: PN532Error) -> CLIError {
        if case .link(let link) = error.kind {
            switch link.kind {
            case .busy: return CLIError(message: error.description, exitCode: ExitCode(75))
            case .open where link.errno == 13: return CLIError(message: error.description, exitCode: ExitCode(77))
            default: break
            }
        }
        return CLIError(message: error.description, exitCode: .unavailable)
    }
}
