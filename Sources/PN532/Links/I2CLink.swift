#if canImport(Glibc)
import SystemPackage
import Basics
import NFCCore
import Glibc
#endif

/// A PN532 on I2C (UM0701 §6.3.2, pn532.md "I2C link").
///
/// A write is one transaction holding one frame. Reading polls the status byte (a 1-byte read,
/// bit 0 = ready) until the chip has a frame, then reads status and frame in one transaction
/// and returns the frame alone, so the session sees the same frames as on HSU. The ACK and the
/// response are read separately, each behind its own status byte. Every transaction starts at
/// least `busFreeTime` after the previous one ended, polls included. Every wait ends at the
/// caller's deadline, and a write is tried at most `writeAttempts` times. With an IRQ line the
/// link polls only once the line has fallen (or at the deadline), instead of every
/// `pollInterval`.
///
/// The HSU wake-up preamble (`55 55 00…`) is not sent: on I2C the chip wakes when it sees its
/// own address, which the next write provides (a sleeping chip does not acknowledge it, and
/// the write is retried). libnfc's I2C driver does the same.
public final class I2CLink: ByteLink {
    /// The device the transactions go to.
    public let device: any I2CDevice
    /// Timing and retries.
    public var settings: I2CLinkSettings
    public let name: String
    public var kind: LinkKind { .i2c }
    /// When the last transaction ended.
    private var busFreeFrom: MonotonicTime?
    /// True between writing a command and reading the frame that answers it (its ACK).
    private var expectsAcknowledgement = false

    /// A link over `device`.
    public init(device: any I2CDevice, settings: I2CLinkSettings = I2CLinkSettings()) {
        self.device = device
        self.settings = settings
        name = Self.name(bus: device.bus, address: device.address)
    }

    /// Opens the PN532 at `address` on the i2c-dev bus `bus`, e.g. `/dev/i2c-1`.
    public convenience init(bus: String, address: UInt8 = 0x24, settings: I2CLinkSettings = I2CLinkSettings()) throws(LinkError) {
        self.init(device: try LinuxI2CDevice(bus: bus, address: address), settings: settings)
    }

    /// The link name for messages: `i2c:/dev/i2c-1:0x24`, as `--device` spells it.
    public static func name(bus: String, address: UInt8) -> String {
        "i2c:\(bus):0x" + (address < 0x10 ? "0" : "") + String(address, radix: 16)
    }

    public var now: MonotonicTime { device.now }

    public var bitsPerSecond: Int? { nil }

    public func write(_ bytes: [UInt8]) throws(LinkError) {
        guard bytes.first != Self.wakeUpByte else { return }
        var failure: I2CTransferError?
        var attempts = 0
        while attempts < max(1, settings.writeAttempts) {
            attempts += 1
            do throws(I2CTransferError) {
                try transaction { () throws(I2CTransferError) in try device.write(bytes) }
                expectsAcknowledgement = bytes.count > Self.controlFrameLength
                return
            } catch {
                failure = error
                guard Self.retriedErrors.contains(error.errno) else { break }
            }
        }
        throw LinkError(.io, device: name, errno: failure?.errno, operation: attempts > 1 ? "write (\(attempts) tries)" : "write", link: .i2c)
    }

    public func read(until deadline: MonotonicTime) throws(LinkError) -> [UInt8] {
        while true {
            try LinkInterruption.check(device: name, operation: "read")
            if let free = nextTransactionTime, free > deadline {
                device.sleep(until: deadline)
                return []
            }
            if device.hasInterruptLine { device.waitForInterrupt(until: deadline) }
            if try statusIsReady() {
                let length = 1 + (expectsAcknowledgement ? settings.acknowledgementReadLength : settings.frameReadLength)
                let bytes = try transfer("read frame") { () throws(I2CTransferError) in try device.read(count: length) }
                if let status = bytes.first, status & 1 == 1 {
                    expectsAcknowledgement = false
                    return Self.frame(in: bytes.dropFirst())
                }
            }
            guard now < deadline else { return [] }
            if !device.hasInterruptLine { device.sleep(until: min(deadline, now + settings.pollInterval)) }
        }
    }

    /// Nothing to drop: the chip keeps a frame until it is read, the host buffers none.
    public func discardInput() throws(LinkError) {}

    /// I2C has no UART rate: ignored.
    public func setBitsPerSecond(_ rate: Int) throws(LinkError) {}

    private static let wakeUpByte: UInt8 = 0x55
    /// ACK and NACK are 6 bytes; a command frame is longer and is answered by an ACK.
    private static let controlFrameLength = 6
    /// Not acknowledged: a sleeping or busy chip, or noise. Worth another try.
    private static let retriedErrors: Set<Errno> = [Errno(rawValue: ENXIO), Errno(rawValue: EREMOTEIO)]

    /// The earliest start of the next transaction, if the bus-free gap says one.
    private var nextTransactionTime: MonotonicTime? {
        busFreeFrom.map { $0 + settings.busFreeTime }
    }

    /// Polls the status byte once. A chip that does not acknowledge its address (asleep, busy)
    /// is not ready.
    private func statusIsReady() throws(LinkError) -> Bool {
        do throws(I2CTransferError) {
            let status = try transaction { () throws(I2CTransferError) in try device.read(count: 1) }
            return status.first.map { $0 & 1 == 1 } ?? false
        } catch {
            guard Self.retriedErrors.contains(error.errno) else {
                throw LinkError(.io, device: name, errno: error.errno, operation: "read status", link: .i2c)
            }
            return false
        }
    }

    /// Runs one transaction as a `LinkError`-throwing step.
    private func transfer<T>(_ operation: String, _ body: () throws(I2CTransferError) -> T) throws(LinkError) -> T {
        do throws(I2CTransferError) { return try transaction(body) } catch {
            throw LinkError(.io, device: name, errno: error.errno, operation: operation, link: .i2c)
        }
    }

    /// Runs one transaction after the bus-free gap and notes when it ended.
    private func transaction<T>(_ body: () throws(I2CTransferError) -> T) throws(I2CTransferError) -> T {
        if let free = nextTransactionTime, free > now { device.sleep(until: free) }
        defer { busFreeFrom = now }
        return try body()
    }

    /// The frame at the start of `bytes`, without the padding the read brought after it.
    static func frame(in bytes: ArraySlice<UInt8>) -> [UInt8] {
        let data = Array(bytes)
        guard let start = (0..<max(0, data.count - 1)).first(where: { data[$0] == 0x00 && data[$0 + 1] == 0xFF }),
            data.count >= start + 4
        else { return data }
        let length: Int
        switch (data[start + 2], data[start + 3]) {
        case (0x00, 0xFF), (0xFF, 0x00):
            length = start + 5
        case (0xFF, 0xFF) where data.count >= start + 6:
            length = start + 7 + (Int(data[start + 4]) << 8 | Int(data[start + 5])) + 2
        case (let count, _):
            length = start + 4 + Int(count) + 2
        }
        return Array(data.prefix(length))
    }
}
