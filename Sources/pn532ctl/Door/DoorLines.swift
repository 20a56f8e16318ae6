import Basics
import DoorControl
import GPIO
import NFCCore
import PN532

/// The door's GPIO lines, requested from the configured backend. The relay comes first and
/// is requested as an output already released (locked), so nothing can energise it before
/// the loop decides to; outputs and inputs follow.
final class DoorLines {
    /// The lock's relay ("on" = energised = unlocked).
    let relay: GPIOLine
    /// The feedback LED and buzzer.
    let led: GPIOLine?
    let buzzer: GPIOLine?
    /// The inputs.
    let exitButton: GPIOLine?
    let doorContact: GPIOLine?
    let doorbell: GPIOLine?
    /// RSTPD_N (active low, requested released) and the PN532's IRQ.
    let reset: GPIOLine?
    let irq: GPIOLine?

    /// Requests every line `config` names.
    ///
    /// - Throws: `CLIError` naming the key and the line when one cannot be had.
    init(_ config: DoorConfig, clock: GPIOClock) throws(CLIError) {
        let backend = Self.backend(config.gpio, clock: clock)
        func request(_ key: String, _ line: LineConfig, _ direction: GPIOLineRequest.Direction) throws(CLIError) -> GPIOLine {
            try Self.request(key, line, direction, backend: backend, chip: config.gpio.chip)
        }
        func input(_ key: String, _ line: LineConfig?) throws(CLIError) -> GPIOLine? {
            // A contact to ground (active low) needs the pull-up; otherwise the wiring decides.
            try line.map { line throws(CLIError) in try request(key, line, .input(bias: line.activeLow ? .pullUp : .asIs, debounce: .zero)) }
        }
        relay = try request("relay.line", config.relay.output, .output(initiallyOn: false))
        led = try config.feedback.led.map { line throws(CLIError) in try request("feedback.led", line, .output(initiallyOn: false)) }
        buzzer = try config.feedback.buzzer.map { line throws(CLIError) in try request("feedback.buzzer", line, .output(initiallyOn: false)) }
        exitButton = try input("inputs.exit_button", config.inputs.exitButton)
        doorContact = try input("inputs.door_contact", config.inputs.doorContact)
        doorbell = try input("inputs.doorbell", config.inputs.doorbell)
        reset = try config.reader.resetLine.map { line throws(CLIError) in
            try request("reader.reset_line", LineConfig(line: line, activeLow: true), .output(initiallyOn: false))
        }
        irq = try config.reader.irqLine.map { line throws(CLIError) in
            try request("reader.irq_line", LineConfig(line: line, activeLow: true), .input(bias: .pullUp, debounce: .zero))
        }
    }

    /// The backend `gpio` names.
    static func backend(_ gpio: GPIOConfig, clock: GPIOClock) -> GPIOBackend {
        switch gpio.backend {
        case .characterDevice: CharacterDeviceGPIO(clock: clock)
        case .sysfs: SysfsGPIO(root: gpio.sysfsRoot, clock: clock)
        }
    }

    /// Requests `line` (configured at `key`) from `backend`.
    ///
    /// - Throws: `CLIError` naming the key and the line when it cannot be had.
    static func request(_ key: String, _ line: LineConfig, _ direction: GPIOLineRequest.Direction, backend: GPIOBackend, chip: String?) throws(CLIError) -> GPIOLine {
        do {
            let name = try GPIOLineName(line.line)
            let request = GPIOLineRequest(line: name, direction: direction, activeLow: line.activeLow, consumer: "pn532ctl door")
            return try backend.request(request, chip: chip)
        } catch let error as GPIOError {
            let failure = CLIError(gpio: error, otherBackend: otherBackend(than: backend))
            throw CLIError(message: "\(key) (\(line.line)): \(failure.message)", exitCode: failure.exitCode)
        } catch {
            throw .io("\(key) (\(line.line)): \(error)")
        }
    }

    /// How a door configuration picks the other backend than `backend`.
    static func otherBackend(than backend: GPIOBackend) -> String {
        let other: GPIOConfig.Backend = backend is SysfsGPIO ? .characterDevice : .sysfs
        return "set backend = \"\(other.rawValue)\" in the configuration's [gpio] section if this board has it"
    }

    /// Drives the relay, LED and buzzer off (stopping, and on every way out).
    func releaseOutputs() {
        for line in [relay, led, buzzer].compactMap({ $0 }) { try? line.set(false) }
    }

    /// The relay, LED and buzzer as the engine drives them.
    var outputs: GPIODoorOutputs {
        GPIODoorOutputs(relay: relay, led: led, buzzer: buzzer)
    }

    /// The inputs, debounced by the loop's sampling.
    func inputMonitor(debounce: Duration, now: MonotonicTime) throws(CLIError) -> InputMonitor {
        do {
            return try InputMonitor(exitButton: exitButton, doorContact: doorContact, doorbell: doorbell, debounce: debounce, now: now)
        } catch let error as GPIOError {
            throw CLIError(gpio: error)
        } catch {
            throw .io("reading the inputs: \(error)")
        }
    }
}
