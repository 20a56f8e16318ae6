import Basics
import GPIO
import NFCCore
import PN532

/// An i2c-dev PN532 whose IRQ pin (active low: "a response is ready") is wired to a GPIO
/// line, so the I2C link waits for the pin instead of polling the status byte.
final class InterruptWiredI2CDevice: I2CDevice {
    private let device: any I2CDevice
    private let irq: GPIOLine

    /// `device` with `irq`, a line requested as an active-low input.
    init(device: any I2CDevice, irq: GPIOLine) {
        self.device = device
        self.irq = irq
    }

    var bus: String { device.bus }
    var address: UInt8 { device.address }
    var now: MonotonicTime { device.now }
    var hasInterruptLine: Bool { true }

    func write(_ bytes: [UInt8]) throws(I2CTransferError) {
        try device.write(bytes)
    }

    func read(count: Int) throws(I2CTransferError) -> [UInt8] {
        try device.read(count: count)
    }

    func sleep(until time: MonotonicTime) {
        device.sleep(until: time)
    }

    /// Returns at once when IRQ is already asserted, else when it changes or at `deadline`.
    func waitForInterrupt(until deadline: MonotonicTime) {
        irq.waitForInterrupt(from: now, until: deadline)
    }
}

extension GPIOLine {
    /// Returns at once when this IRQ line is already asserted, else when it changes or at
    /// `deadline`, `now` being the time on the device's clock (a GPIO failure also returns:
    /// the link then reads the status byte as it would without the pin).
    func waitForInterrupt(from now: MonotonicTime, until deadline: MonotonicTime) {
        if (try? read()) == true { return }
        let remaining = deadline - now
        guard remaining > .zero else { return }
        _ = try? waitForEdge(timeout: remaining)
    }
}
