import DoorControl
import GPIO
import NFCCore
import NFCReader
import PN532

/// Opens the door's reader from its device string, opens it again after it went away, and
/// resets the chip through RSTPD_N when a reset line is wired.
final class DeviceConnector: ReaderConnector {
    /// How long RSTPD_N is held low, and how long the chip then gets to start.
    static let resetHold: Duration = .milliseconds(20)
    static let resetBoot: Duration = .milliseconds(10)

    /// The device.
    let spec: DeviceSpec
    private let irq: GPIOLine?
    private let reset: GPIOLine?
    private let clock: GPIOClock
    private let trace: ((TraceEvent) -> Void)?

    /// A connector for `spec`, with the IRQ and reset lines when wired.
    init(spec: DeviceSpec, irq: GPIOLine?, reset: GPIOLine?, clock: GPIOClock, trace: ((TraceEvent) -> Void)?) {
        self.spec = spec
        self.irq = irq
        self.reset = reset
        self.clock = clock
        self.trace = trace
    }

    var name: String { spec.description }

    func connect() throws(PN532Error) -> PN532Session {
        let line: GPIOLine? = if case .i2c = spec { irq } else { nil }
        do throws(ReaderError) { return try ReaderDevice.open(spec, interruptLine: line, trace: trace).session } catch {
            guard case .reader(let failure) = error else {
                throw PN532Error(.link(LinkError(.open, device: name, operation: error.description)), command: nil, device: name)
            }
            throw failure
        }
    }

    func disconnect(_ session: PN532Session) {
        (session.link as? UARTLink)?.close()
    }

    func resetChip() throws(PN532Error) -> Bool {
        guard let reset else { return false }
        do {
            try reset.pulse(for: Self.resetHold)
            try clock.sleep(for: Self.resetBoot)
        } catch {
            throw PN532Error(.link(LinkError(.io, device: name, operation: "pulse RSTPD_N: \(error)")), command: nil, device: name)
        }
        return true
    }
}

extension DeviceSpec {
    /// The device of `[reader]`: its `device`, with `baud` as the UART rate when given.
    ///
    /// - Throws: a data error beginning with `place` (`door.toml:4: reader.device`).
    static func door(_ reader: ReaderConfig, at place: String) throws(CLIError) -> DeviceSpec {
        let spec: DeviceSpec
        do throws(DeviceSpecError) { spec = try parse(reader.device) } catch {
            throw .data("\(place): \(error)")
        }
        // The loader has checked that baud goes with a UART and is a PN532 rate.
        guard let baud = reader.baud, case .uart(let path, _) = spec, let rate = BaudRate(bitsPerSecond: baud) else { return spec }
        return .uart(path: path, rate: rate)
    }
}
