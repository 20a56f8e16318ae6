import SystemPackage
import Basics
import NFCCore
import PN532

#if canImport(Glibc)
import Glibc
#endif

/// A PN532 on a simulated spidev bus, on a virtual clock (`SimulatorClock`): the device an
/// `SPILink` talks to in tests, and `sim-spi`'s bus. It models the ioctls and the chip's SPI
/// side as pn532-spi.md §5 lists them, not the host's code:
///
/// - Each CS frame is one operation, chosen by its first byte: `01` DW (the frame is handed to
///   the chip when chip select rises, with or without its postamble), `02` SR (every later
///   byte of the CS frame is the current status: `01` with a frame pending, else `00`), `03`
///   DR. Other first bytes do nothing but show the next unread byte without consuming it.
/// - Bit order: the chip shifts LSB first. The `.bcm2835` controller refuses LSB-first with
///   EINVAL and shifts MSB first, so a host that does not reverse its bytes sends `02` as `40`
///   and never sees ready.
/// - The ACK and the response are separate frames. The byte during the `03` of the first DR
///   after an SR is `01`, not frame data; in any later DR it is the next unread byte. A DR that
///   stops early leaves the rest (status stays ready); bytes past the frame's end are `00`
///   filler and never the next frame's. A frame is consumed once its postamble is clocked.
/// - Power: asleep (MISO `FF`, frames ignored) until a CS frame held low `wakeUpHold`, and
///   again after PowerDown; SPI wakes it only when PowerDown's bit 5 allowed.
/// - spidev: messages past `bufferSize` each way fail with EMSGSIZE; a message returns the
///   sum of its lengths; `changesChipSelect` splits CS frames, and on the last transfer keeps
///   chip select asserted into the next message.
public final class SimulatedSPIDevice: SPIDevice {
    /// The controller behind spidev: what bit orders it shifts.
    public enum Controller: Sendable {
        /// The Raspberry Pi's spi-bcm2835: MSB first only (LSB_FIRST is EINVAL).
        case bcm2835
        /// A controller that shifts LSB first when asked.
        case leastSignificantBitCapable
    }

    /// One CS frame as the chip saw it (bytes in the chip's order), for tests.
    public struct ChipSelectFrame: Sendable, Equatable {
        /// From the host.
        public var mosi: [UInt8]
        /// To the host.
        public var miso: [UInt8]
    }

    /// The simulated chip.
    public let chip: SimulatedPN532
    public let path: String
    public let speed: Int
    public private(set) var now: MonotonicTime
    /// How the device's clock moves.
    public let clock: SimulatorClock
    /// An IRQ line is wired: `waitForInterrupt(until:)` ends when the chip has a frame.
    public var hasInterruptLine: Bool
    /// The controller.
    public var controller: Controller
    /// spidev's `bufsiz`.
    public var bufferSize = 4096
    /// How long chip select must stay low to wake the chip; nil: any CS frame wakes it (and
    /// is lost).
    public var wakeUpHold: Duration? = .milliseconds(2)
    /// Responses start with the short preamble `00 FF` (seen on some hardware).
    public var shortPreamble = false
    /// True once the controller shifts LSB first.
    public private(set) var leastSignificantBitFirst = false
    /// Messages so far, and the bytes they clocked.
    public private(set) var messageCount = 0, clockedByteCount = 0
    /// The last CS frames, oldest first (at most `frameLogLimit`).
    public private(set) var frameLog: [ChipSelectFrame] = []
    /// How many CS frames `frameLog` keeps.
    public static let frameLogLimit = 64

    /// Frames the chip has produced, the first one partly read up to `readIndex`.
    private var frames: [[UInt8]] = []
    private var readIndex = 0
    private var scanner = FrameScanner()
    /// The CS frame in progress.
    private var selection: (start: MonotonicTime, mosi: [UInt8], miso: [UInt8], frameEnded: Bool)?
    private var lastWasStatusRead = false

    private static let alignment = 8

    /// A device at `path` with `chip` behind it, at `speed` Hz, starting at the chip's time (on
    /// the `.realTime` clock, at the monotonic clock's time when that is later).
    public init(
        chip: SimulatedPN532, path: String = "sim-spi", speed: Int = 1_000_000, controller: Controller = .bcm2835,
        hasInterruptLine: Bool = false, clock: SimulatorClock = .virtual
    ) {
        self.chip = chip
        self.path = path
        self.speed = speed
        self.controller = controller
        self.hasInterruptLine = hasInterruptLine
        self.clock = clock
        now = clock == .realTime ? max(chip.clock, .monotonicNow()) : chip.clock
    }

    public func setLeastSignificantBitFirst(_ on: Bool) throws(SPITransferError) {
        guard !on || controller == .leastSignificantBitCapable else { throw SPITransferError(errno: .invalidArgument) }
        leastSignificantBitFirst = on
    }

    public func transfer(_ message: [SPITransfer]) throws(SPITransferError) -> [[UInt8]] {
        let (returned, received) = try ioctlMessage(message)
        guard returned == message.map(\.length).reduce(0, +) else { throw SPITransferError(errno: .ioError) }
        return received
    }

    /// `SPI_IOC_MESSAGE(n)`: what the ioctl returns (the sum of the lengths) and each
    /// transfer's kept bytes. EMSGSIZE when a direction passes `bufferSize`, EINVAL for no
    /// transfers.
    public func ioctlMessage(_ message: [SPITransfer]) throws(SPITransferError) -> (Int, [[UInt8]]) {
        guard !message.isEmpty else { throw SPITransferError(errno: .invalidArgument) }
        let aligned = message.map { ($0.length + Self.alignment - 1) / Self.alignment * Self.alignment }
        let transmitTotal = zip(message, aligned).filter { !$0.0.transmit.isEmpty }.map(\.1).reduce(0, +)
        let receiveTotal = zip(message, aligned).filter { $0.0.receiveCount > 0 }.map(\.1).reduce(0, +)
        guard transmitTotal <= bufferSize, receiveTotal <= bufferSize else { throw SPITransferError(errno: .messageTooLong) }
        messageCount += 1
        var received: [[UInt8]] = []
        for (index, transfer) in message.enumerated() {
            if selection == nil { select() }
            let rate = transfer.speed.map { $0 > 0 ? $0 : speed } ?? speed
            var bytes: [UInt8] = []
            for position in 0..<transfer.length {
                let out = position < transfer.transmit.count ? transfer.transmit[position] : 0x00
                let answer = shift(wire(out), rate: rate)
                if position < transfer.receiveCount { bytes.append(wire(answer)) }
            }
            received.append(bytes)
            clockedByteCount += transfer.length
            if transfer.delay > .zero { move(to: now + transfer.delay) }
            let isLast = index == message.count - 1
            if transfer.changesChipSelect != isLast { deselect() }
        }
        return (message.map(\.length).reduce(0, +), received)
    }

    public func sleep(until time: MonotonicTime) {
        move(to: time)
    }

    public func waitForInterrupt(until deadline: MonotonicTime) {
        guard hasInterruptLine else { return sleep(until: deadline) }
        collectFrames()
        guard frames.isEmpty else { return }
        move(to: min(deadline, chip.nextActivity ?? deadline))
    }

    /// Pulses RSTPD_N: the chip restarts (asleep) and drops what it had for the host.
    public func reset() {
        frames.removeAll()
        readIndex = 0
        scanner.reset()
        chip.reset(at: now)
    }

    /// A byte as it crosses the wire: reversed unless the controller shifts LSB first.
    private func wire(_ byte: UInt8) -> UInt8 {
        leastSignificantBitFirst ? byte : SPIBitOrder.reversed(byte)
    }

    private var isPoweredDown: Bool {
        collectFrames()
        return chip.isAsleep && frames.isEmpty
    }

    /// The status byte now: `FF` powered down, `01` with a frame pending, else `00`.
    private var status: UInt8 {
        isPoweredDown ? 0xFF : frames.isEmpty ? 0x00 : 0x01
    }

    private func select() {
        selection = (now, [], [], false)
    }

    /// One byte clocked at `rate`: `mosi` in, the chip's answer out (chip order).
    private func shift(_ mosi: UInt8, rate: Int) -> UInt8 {
        move(to: now + .nanoseconds(Int64(8) * 1_000_000_000 / Int64(max(1, rate))))
        guard var current = selection else { return 0xFF }
        defer { selection = current }
        current.mosi.append(mosi)
        let answer: UInt8
        if isPoweredDown {
            answer = 0xFF
        } else if current.mosi.count == 1 {
            if lastWasStatusRead {
                answer = 0x01
            } else if mosi == 0x03 {
                answer = takeByte(&current.frameEnded)
            } else {
                answer = nextByte ?? 0x00
            }
        } else {
            switch current.mosi.first {
            case 0x02: answer = status
            case 0x03: answer = takeByte(&current.frameEnded)
            default: answer = 0x00
            }
        }
        current.miso.append(answer)
        return answer
    }

    /// The next unread byte of the pending frame, if any.
    private var nextByte: UInt8? {
        guard let frame = frames.first, readIndex < frame.count else { return nil }
        return frame[readIndex]
    }

    /// Consumes the next unread byte; filler once this DR has read a frame's end.
    private func takeByte(_ frameEnded: inout Bool) -> UInt8 {
        guard !frameEnded, let byte = nextByte else { return 0x00 }
        readIndex += 1
        if let frame = frames.first, readIndex >= frame.count {
            frames.removeFirst()
            readIndex = 0
            frameEnded = true
        }
        return byte
    }

    /// Chip select rises: a DW's frame goes to the chip, a long enough hold wakes it.
    private func deselect() {
        guard let current = selection else { return }
        selection = nil
        frameLog.append(ChipSelectFrame(mosi: current.mosi, miso: current.miso))
        if frameLog.count > Self.frameLogLimit { frameLog.removeFirst(frameLog.count - Self.frameLogLimit) }
        if chip.isAsleep, chip.wakesOnSPI {
            let held = now - current.start
            if let hold = wakeUpHold, held >= hold {
                chip.wakeOnSPI(at: now)
            } else if wakeUpHold == nil {
                chip.wakeOnSPI(at: now)
                return
            }
        }
        guard let operation = current.mosi.first else { return }
        lastWasStatusRead = operation == 0x02
        if operation == 0x01, !chip.isAsleep {
            // The frame ends with chip select: a missing postamble is supplied (libnfc omits it).
            let frame = Array(current.mosi.dropFirst())
            chip.receive(Self.lacksPostamble(frame) ? frame + [0x00] : frame, at: now)
        }
    }

    /// True when `bytes` hold one frame up to its checksum but not its postamble: its length
    /// fields say it ends exactly where the bytes do.
    static func lacksPostamble(_ bytes: [UInt8]) -> Bool {
        guard let start = bytes.indices.dropLast().first(where: { bytes[$0] == 0x00 && bytes[$0 + 1] == 0xFF }) else { return false }
        let field = Array(bytes.dropFirst(start + 2).prefix(5))
        guard field.count >= 2 else { return false }
        let end: Int
        switch (field[0], field[1]) {
        case (0x00, 0xFF), (0xFF, 0x00): end = start + 4
        case (0xFF, 0xFF):
            guard field.count == 5 else { return false }
            end = start + 7 + (Int(field[2]) << 8 | Int(field[3])) + 1
        case (let length, _): end = start + 4 + Int(length) + 1
        }
        return bytes.count == end
    }

    /// Moves the clock on to `time`; on the `.realTime` clock once the monotonic clock has got
    /// there, asleep meanwhile (a signal cuts the sleep short: the link then sees it).
    private func move(to time: MonotonicTime) {
        if clock == .realTime { LinkInterruption.sleep(until: time) }
        now = max(now, time)
    }

    /// Moves what the chip has sent by now into whole frames.
    private func collectFrames() {
        scanner.append(chip.output(until: now))
        while let result = scanner.next() {
            switch result {
            case .frame(let frame):
                var bytes = (try? frame.encoded()) ?? []
                if shortPreamble, case .information = frame, bytes.first == 0x00 { bytes.removeFirst() }
                frames.append(bytes)
            case .corrupt(let corrupt):
                frames.append(corrupt.bytes)
            }
        }
    }
}

extension SimulatedPN532 {
    /// On SPI the chip wakes when chip select has been held low (PowerDown wake-up source SPI).
    func wakeOnSPI(at time: MonotonicTime) {
        advance(to: time)
        guard isAsleep, !isStalled else { return }
        isAsleep = false
        scanner.reset()
    }
}
