import SystemPackage
import Basics
import NFCCore

/// A PN532 on SPI (mode 0, LSB first; pn532-spi.md §1).
///
/// Every CS frame starts with an operation byte: `01` writes a frame (DW), `02` reads the
/// status byte (SR, `01` = a frame is ready), `03` reads frame bytes (DR). A write is one DW
/// with the whole frame, postamble included. Reading polls SR until the chip is ready (or waits
/// for the IRQ line when one is wired), then reads the frame in two DRs: a header, whose length
/// field says how many bytes are left, then the rest; in that second DR the byte clocked out
/// during the `03` is already frame data. The ACK that follows a command is read alone, behind
/// its own status byte, as every other frame. Responses that begin with the short preamble
/// `00 FF` are read the same way. The HSU wake-up preamble becomes chip select held low for
/// `wakeUpHold`. When the controller cannot shift LSB first, every byte is bit-reversed here,
/// both ways. Every wait ends at the caller's deadline.
public final class SPILink: ByteLink {
    /// The device the messages go to.
    public let device: any SPIDevice
    /// Timing and limits.
    public let settings: SPILinkSettings
    public let name: String
    public var kind: LinkKind { .spi }
    /// True when bytes are reversed here because the controller shifts MSB first.
    public let reversesBits: Bool
    /// The last status byte that was not "ready", cleared by a frame: what a chip that never
    /// answers shows (`FF`: MISO high, `00`: never ready).
    public private(set) var lastNotReadyStatus: UInt8?
    /// When the last frame was written: polls are frequent for a while after it.
    private var lastWrite: MonotonicTime?
    /// True between writing a command and reading the frame that answers it (its ACK).
    private var expectsAcknowledgement = false

    private static let dataWrite: UInt8 = 0x01
    private static let statusRead: UInt8 = 0x02
    private static let dataRead: UInt8 = 0x03
    private static let wakeUpByte: UInt8 = 0x55
    /// ACK and NACK are 6 bytes; a command frame is longer and is answered by an ACK.
    private static let controlFrameLength = 6
    /// How many continuation reads a frame may take: an extended header needs one more.
    private static let continuationLimit = 3

    /// A link over `device`: asks the controller for LSB first unless `settings` decides.
    public init(device: any SPIDevice, settings: SPILinkSettings = SPILinkSettings()) {
        self.device = device
        self.settings = settings
        name = Self.name(path: device.path, speed: device.speed)
        if let reverses = settings.reversesBits {
            reversesBits = reverses
        } else {
            do throws(SPITransferError) {
                try device.setLeastSignificantBitFirst(true)
                reversesBits = false
            } catch {
                reversesBits = true
            }
        }
    }

    /// Opens the PN532 on the spidev node `path`, e.g. `/dev/spidev0.0`, at `speed` Hz.
    public convenience init(path: String, speed: Int = SPILink.defaultSpeed, settings: SPILinkSettings = SPILinkSettings()) throws(LinkError) {
        self.init(device: try LinuxSPIDevice(path: path, speed: speed), settings: settings)
    }

    /// 1 MHz, libnfc's and Adafruit's rate.
    public static let defaultSpeed = 1_000_000
    /// The rates accepted: the PN532 is specified up to 5 MHz (Seeed); boards on long wires
    /// may need 100 kHz (pn532pi #17).
    public static let speeds = 10_000...5_000_000

    /// The link name for messages, as `--device` spells it: `spi:/dev/spidev0.0`, with the rate
    /// when it is not the default.
    public static func name(path: String, speed: Int) -> String {
        "spi:\(path)" + (speed == defaultSpeed ? "" : ":\(speed)")
    }

    public var now: MonotonicTime { device.now }

    public var bitsPerSecond: Int? { nil }

    public func write(_ bytes: [UInt8]) throws(LinkError) {
        if bytes.first == Self.wakeUpByte {
            _ = try message([SPITransfer(transmit: [0x00], delay: settings.wakeUpHold)], "wake-up (chip select held low)")
            return
        }
        guard bytes.count + 1 <= settings.bufferSize else {
            throw LinkError(.unsupported, device: name, errno: .messageTooLong, operation: "write of \(bytes.count) bytes (spidev bufsiz \(settings.bufferSize))", link: .spi)
        }
        _ = try message([SPITransfer(transmit: [Self.dataWrite] + bytes)], "write")
        expectsAcknowledgement = bytes.count > Self.controlFrameLength
        lastWrite = now
    }

    /// Polls at least once, however late the call. (A chip always "ready" with bytes that are
    /// no frame cannot hold the caller past its deadline: the session reads a link at most once
    /// past a deadline.)
    public func read(until deadline: MonotonicTime) throws(LinkError) -> [UInt8] {
        while true {
            try LinkInterruption.check(device: name, operation: "read")
            if device.hasInterruptLine { device.waitForInterrupt(until: deadline) }
            if try statusIsReady() { return try readFrame() }
            guard now < deadline else { return [] }
            if !device.hasInterruptLine { device.sleep(until: min(deadline, now + currentPollInterval)) }
        }
    }

    /// Nothing to drop: the chip keeps a frame until it is read, the host buffers none.
    public func discardInput() throws(LinkError) {}

    /// SPI has no UART rate: ignored.
    public func setBitsPerSecond(_ rate: Int) throws(LinkError) {}

    public var diagnosis: String? {
        lastNotReadyStatus.map { PN532Error.spiStatusHint($0) }
    }

    /// The wait before the next status poll: short soon after a write, long while the chip
    /// waits for the outside world.
    private var currentPollInterval: Duration {
        guard let lastWrite, now - lastWrite < settings.busyPollWindow else { return settings.idlePollInterval }
        return settings.pollInterval
    }

    /// One SR: `02`, then the status byte.
    private func statusIsReady() throws(LinkError) -> Bool {
        let received = try message([SPITransfer(transmit: [Self.statusRead]), SPITransfer(receiveCount: 1)], "read status")
        let status = received.last?.first ?? 0x00
        if status == 0x01 { return true }
        lastNotReadyStatus = status
        return false
    }

    /// The frame the chip has ready: a header DR (the byte during `03` is not frame data),
    /// then continuation DRs for what the header says is missing.
    private func readFrame() throws(LinkError) -> [UInt8] {
        let headerLength = expectsAcknowledgement ? Self.controlFrameLength : 5
        var bytes = try message([SPITransfer(transmit: [Self.dataRead]), SPITransfer(receiveCount: headerLength)], "read frame").last ?? []
        for _ in 0..<Self.continuationLimit {
            guard let missing = SPIFrameLength.missing(after: bytes), missing > 0 else { break }
            bytes += try message([SPITransfer(transmit: [Self.dataRead], receiveCount: missing)], "read frame").last ?? []
        }
        expectsAcknowledgement = false
        lastNotReadyStatus = nil
        return bytes
    }

    /// Sends one message, bit-reversed when the controller shifts MSB first.
    private func message(_ transfers: [SPITransfer], _ operation: String) throws(LinkError) -> [[UInt8]] {
        let wire = reversesBits ? transfers.map { transfer in
            var reversed = transfer
            reversed.transmit = SPIBitOrder.reversed(transfer.transmit)
            return reversed
        } : transfers
        do throws(SPITransferError) {
            let received = try device.transfer(wire)
            guard received.count == transfers.count, zip(received, transfers).allSatisfy({ $0.count == $1.receiveCount }) else {
                throw SPITransferError(errno: .ioError)
            }
            return reversesBits ? received.map { SPIBitOrder.reversed($0) } : received
        } catch {
            throw LinkError(.io, device: name, errno: error.errno, operation: operation, link: .spi)
        }
    }
}
