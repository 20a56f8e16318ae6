import Basics
import GPIO
import NFCCore

/// The door's GPIO lines, requested from the configured backend. The relay comes first and
/// is requested as an output already released (locked), so nothing can energise it before
/// the loop decides to; outputs and inputs follow.
package final class DoorLines {
    /// The lock's relay ("on" = energised = unlocked).
    package let relay: GPIOLine
    /// The feedback LED and buzzer.
    package let led: GPIOLine?
    package let buzzer: GPIOLine?
    /// The inputs.
    package let exitButton: GPIOLine?
    package let doorContact: GPIOLine?
    package let doorbell: GPIOLine?
    /// RSTPD_N (active low, requested released) and the PN532's IRQ.
    package let reset: GPIOLine?
    package let irq: GPIOLine?

    /// Requests every line `config` names.
    ///
    /// - Throws: `DoorError` naming the key and the line when one cannot be had.
    package init(_ config: DoorConfig, clock: GPIOClock) throws(DoorError) {
        let backend = Self.backend(config.gpio, clock: clock)
        func request(_ key: String, _ line: LineConfig, _ direction: GPIOLineRequest.Direction) throws(DoorError) -> GPIOLine {
            try Self.request(key, line, direction, backend: backend, chip: config.gpio.chip)
        }
        func input(_ key: String, _ line: LineConfig?) throws(DoorError) -> GPIOLine? {
            // A contact to ground (active low) needs the pull-up; otherwise the wiring decides.
            try line.map { line throws(DoorError) in try request(key, line, .input(bias: line.activeLow ? .pullUp : .asIs, debounce: .zero)) }
        }
        relay = try request("relay.line", config.relay.output, .output(initiallyOn: false))
        led = try config.feedback.led.map { line throws(DoorError) in try request("feedback.led", line, .output(initiallyOn: false)) }
        buzzer = try config.feedback.buzzer.map { line throws(DoorError) in try request("feedback.buzzer", line, .output(initiallyOn: false)) }
        exitButton = try input("inputs.exit_button", config.inputs.exitButton)
        doorContact = try input("inputs.door_contact", config.inputs.doorContact)
        doorbell = try input("inputs.doorbell", config.inputs.doorbell)
        reset = try config.reader.resetLine.map { line throws(DoorError) in
            try request("reader.reset_line", LineConfig(line: line, activeLow: true), .output(initiallyOn: false))
        }
        irq = try config.reader.irqLine.map { line throws(DoorError) in
            try request("reader.irq_line", LineConfig(line: line, activeLow: true), .input(bias: .pullUp, debounce: .zero))
        }
    }

    /// The backend `gpio` names.
    package static func backend(_ gpio: GPIOConfig, clock: GPIOClock) -> GPIOBackend {
        switch gpio.backend {
        case .characterDevice: CharacterDeviceGPIO(clock: clock)
        case .sysfs: SysfsGPIO(root: gpio.sysfsRoot, clock: clock)
        case .simulated: SimulatedGPIO(directory: gpio.simDirectory, clock: clock)
        }
    }

    /// Requests `line` (configured at `key`) from `backend`.
    ///
    /// - Throws: `DoorError` naming the key and the line when it cannot be had.
    package static func request(_ key: String, _ line: LineConfig, _ direction: GPIOLineRequest.Direction, backend: GPIOBackend, chip: String?) throws(DoorError) -> GPIOLine {
        do throws(GPIOError) {
            let name = try GPIOLineName(line.line)
            let request = GPIOLineRequest(line: name, direction: direction, activeLow: line.activeLow, consumer: "pn532ctl door")
            return try backend.request(request, chip: chip)
        } catch {
            throw .line(key: key, line: line.line, error, otherBackend: otherBackend(than: backend))
        }
    }

    /// How a door configuration picks the other backend than `backend`.
    package static func otherBackend(than backend: GPIOBackend) -> String {
        let other: GPIOConfig.Backend = backend is SysfsGPIO ? .characterDevice : .sysfs
        return "set backend = \"\(other.rawValue)\" in the configuration's [gpio] section if this board has it"
    }

    /// Drives the relay, LED and buzzer off (stopping, and on every way out).
    package func releaseOutputs() {
        for line in [relay, led, buzzer].compactMap({ $0 }) { try? line.set(false) }
    }

    /// The relay, LED and buzzer as the engine drives them.
    package var outputs: GPIODoorOutputs {
        GPIODoorOutputs(relay: relay, led: led, buzzer: buzzer)
    }

    /// The inputs, debounced by the loop's sampling.
    package func inputMonitor(debounce: Duration, now: MonotonicTime) throws(DoorError) -> InputMonitor {
        do throws(GPIOError) {
            return try InputMonitor(exitButton: exitButton, doorContact: doorContact, doorbell: doorbell, debounce: debounce, now: now)
        } catch {
            throw .inputs(error)
        }
    }
}
