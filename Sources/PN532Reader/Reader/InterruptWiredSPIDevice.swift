import Basics
import GPIO
import NFCCore
import PN532

/// An spidev PN532 whose IRQ pin (active low: "a response is ready") is wired to a GPIO line,
/// so the SPI link waits for the pin instead of polling the status byte.
final class InterruptWiredSPIDevice: SPIDevice {
    private let device: any SPIDevice
    private let irq: GPIOLine

    /// `device` with `irq`, a line requested as an active-low input.
    init(device: any SPIDevice, irq: GPIOLine) {
        self.device = device
        self.irq = irq
    }

    var path: String { device.path }
    var speed: Int { device.speed }
    var now: MonotonicTime { device.now }
    var hasInterruptLine: Bool { true }

    func setLeastSignificantBitFirst(_ on: Bool) throws(SPITransferError) {
        try device.setLeastSignificantBitFirst(on)
    }

    func transfer(_ message: [SPITransfer]) throws(SPITransferError) -> [[UInt8]] {
        try device.transfer(message)
    }

    func sleep(until time: MonotonicTime) {
        device.sleep(until: time)
    }

    /// Returns at once when IRQ is already asserted, else when it changes or at `deadline`.
    func waitForInterrupt(until deadline: MonotonicTime) {
        irq.waitForInterrupt(from: now, until: deadline)
    }
}
