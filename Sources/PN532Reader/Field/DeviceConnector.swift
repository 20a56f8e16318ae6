import GPIO
import NFCCore
import PN532

/// Opens the reader a `DeviceSpec` names, opens it again after it went away, and resets the
/// chip through RSTPD_N when a reset line is wired: the connector a long-running watcher (the
/// door) recovers its reader with.
public final class DeviceConnector: ReaderConnector {
    /// How long RSTPD_N is held low, and how long the chip then gets to start.
    public static let resetHold: Duration = .milliseconds(20)
    public static let resetBoot: Duration = .milliseconds(10)

    /// The device.
    public let spec: DeviceSpec
    private let irq: GPIOLine?
    private let reset: GPIOLine?
    private let clock: GPIOClock
    private let trace: ((TraceEvent) -> Void)?

    /// A connector for `spec`, with the IRQ line (used on I2C only) and the RSTPD_N line when
    /// wired; `clock` times the reset pulse.
    public init(spec: DeviceSpec, irq: GPIOLine?, reset: GPIOLine?, clock: GPIOClock, trace: ((TraceEvent) -> Void)?) {
        self.spec = spec
        self.irq = irq
        self.reset = reset
        self.clock = clock
        self.trace = trace
    }

    public var name: String { spec.description }

    public func connect() throws(PN532Error) -> PN532Session {
        do throws(ReaderError) {
            return try ReaderDevice.open(spec, interruptLine: spec.takesInterruptLine ? irq : nil, trace: trace).session
        } catch {
            guard case .reader(let failure) = error else {
                throw PN532Error(.link(LinkError(.open, device: name, operation: error.description, link: spec.link)), command: nil, device: name, link: spec.link)
            }
            throw failure
        }
    }

    public func disconnect(_ session: PN532Session) {
        (session.link as? UARTLink)?.close()
    }

    public func resetChip() throws(PN532Error) -> Bool {
        guard let reset else { return false }
        do {
            try reset.pulse(for: Self.resetHold)
            try clock.sleep(for: Self.resetBoot)
        } catch {
            throw PN532Error(.link(LinkError(.io, device: name, operation: "pulse RSTPD_N: \(error)", link: spec.link)), command: nil, device: name, link: spec.link)
        }
        return true
    }
}
