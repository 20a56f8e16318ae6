import SystemPackage
import Basics
import Glibc
import NFCCore
import PN532
import PN532Simulator
import Testing

/// The simulated I2C bus on its own: the PN532's I2C behaviour as the link sees it.
struct SimulatedI2CDeviceTests {
    static let getFirmwareVersion: [UInt8] = [0x00, 0x00, 0xFF, 0x02, 0xFE, 0xD4, 0x02, 0x2A, 0x00]
    static let acknowledgement: [UInt8] = [0x00, 0x00, 0xFF, 0x00, 0xFF, 0x00]

    /// A device whose chip has been woken by its address.
    static func awake() throws -> SimulatedI2CDevice {
        let device = SimulatedI2CDevice(chip: SimulatedPN532())
        #expect(throws: I2CTransferError(errno: Errno(rawValue: ENXIO))) { try device.read(count: 1) }
        device.sleep(until: device.now + device.wakeUpTime)
        #expect(try device.read(count: 1) == [0x00])
        #expect(!device.chip.isAsleep)
        return device
    }

    @Test func aSleepingChipNAKsItsAddressUntilItHasWoken() throws {
        let device = SimulatedI2CDevice(chip: SimulatedPN532())
        #expect(throws: I2CTransferError(errno: Errno(rawValue: ENXIO))) { try device.write(Self.getFirmwareVersion) }
        #expect(throws: I2CTransferError(errno: Errno(rawValue: ENXIO))) { try device.read(count: 1) }
        #expect(device.chip.isAsleep)
        device.sleep(until: device.now + device.wakeUpTime)
        try device.write(Self.getFirmwareVersion)
        #expect(!device.chip.isAsleep)
    }

    @Test func theStatusByteComesFirstAndEachFrameIsReadOnItsOwn() throws {
        let device = try Self.awake()
        try device.write(Self.getFirmwareVersion)
        #expect(try device.read(count: 4) == [0x00, 0x00, 0x00, 0x00])
        device.sleep(until: device.now + .milliseconds(10))
        #expect(try device.read(count: 1) == [0x01])
        #expect(try device.read(count: 4) == [0x01, 0x00, 0x00, 0xFF])
        #expect(try device.read(count: 9) == [0x01] + Self.acknowledgement + [0x00, 0x00])
        let response: [UInt8] = [0x00, 0x00, 0xFF, 0x06, 0xFA, 0xD5, 0x03, 0x32, 0x01, 0x06, 0x07, 0xE8, 0x00]
        #expect(try device.read(count: 1 + response.count) == [0x01] + response)
        #expect(try device.read(count: 1) == [0x00])
    }

    @Test func transactionsTakeTheirBusTime() throws {
        let device = try Self.awake()
        let before = device.now
        try device.write(Self.getFirmwareVersion)
        #expect(device.now - before == .microseconds(900))
        #expect(device.transactions.last?.kind == .write(Self.getFirmwareVersion))
    }

    @Test func faultBurstsAndAWedgedBusThatOnlyAResetClears() throws {
        let device = try Self.awake()
        device.failNextTransactions(2, errno: EREMOTEIO)
        #expect(throws: I2CTransferError(errno: Errno(rawValue: EREMOTEIO))) { try device.read(count: 1) }
        #expect(throws: I2CTransferError(errno: Errno(rawValue: EREMOTEIO))) { try device.read(count: 1) }
        #expect(try device.read(count: 1) == [0x00])
        device.wedge()
        for _ in 0..<3 {
            #expect(throws: I2CTransferError(errno: Errno(rawValue: ETIMEDOUT))) { try device.write(Self.getFirmwareVersion) }
        }
        device.reset()
        #expect(!device.isWedged)
        #expect(device.chip.isAsleep)
        #expect(throws: I2CTransferError(errno: Errno(rawValue: ENXIO))) { try device.read(count: 1) }
    }

    @Test func anInterruptLineEndsTheWaitWhenAFrameIsReady() throws {
        let device = try Self.awake()
        device.hasInterruptLine = true
        try device.write(Self.getFirmwareVersion)
        let deadline = device.now + .seconds(1)
        device.waitForInterrupt(until: deadline)
        #expect(device.now < device.transactions[device.transactions.count - 1].end + .milliseconds(2))
        #expect(try device.read(count: 1) == [0x01])
    }

    /// On the real-time clock the bus's waits sleep until the monotonic clock gets there, with
    /// next to no processor time (a wide bound: a resource check, not a timing test).
    @Test func aRealTimeSleepWaitsForTheMonotonicClock() {
        let before = MonotonicTime.monotonicNow()
        let device = SimulatedI2CDevice(chip: SimulatedPN532(), clock: .realTime)
        #expect(device.now >= before)
        let deadline = device.now + .milliseconds(300)
        let processorTime = threadProcessorTime()
        device.waitForInterrupt(until: deadline)
        let used = threadProcessorTime() - processorTime
        #expect(device.now == deadline)
        #expect(MonotonicTime.monotonicNow() >= deadline)
        #expect(used < .milliseconds(30), "\(used) of processor time in a 300 ms wait")
    }
}
