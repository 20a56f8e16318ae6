import Basics
import FuzzSupport
import NFCCore
import PN532

/// libFuzzer entry point: a hostile PN532 on SPI. Every byte the link clocks in comes from the
/// input (the status bytes, the frame headers and the rest), so the link's split reads, its
/// length decoding and the session above it meet every answer a broken or malicious chip can
/// give.
///
/// Input: a byte choosing the bit order (even: the controller shifts LSB first; odd: the link
/// reverses), then the MISO stream; zeros once it runs out.
/// Invariants: `SPIFrameLength.missing(after:)` never asks for more than one longest frame;
/// a read returns at most one header and what the header can ask for; a command ends
/// (answered or failed) within its deadline on the virtual clock; no trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSPIFrameRead(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let reversed = input.byte() & 1 == 1
    let miso = input.rest()

    for end in 0...min(miso.count, 16) {
        let missing = SPIFrameLength.missing(after: Array(miso.prefix(end)))
        require((missing ?? 0) <= SPIFrameLength.longestFrame, "missing \(missing ?? 0) after \(miso.prefix(end))")
    }

    let device = HostileSPIDevice(miso: miso, shiftsLSBFirst: !reversed)
    let link = SPILink(device: device)
    require(link.reversesBits == reversed, "bit order")
    let start = device.now
    let session = PN532Session(link: link)
    _ = try? session.run(.getFirmwareVersion, timeout: .milliseconds(200))
    let bound = session.settings.acknowledgementWindow * session.settings.sendAttempts + .milliseconds(200) + .milliseconds(50)
    require(device.now - start <= bound, "the command ran \(device.now - start)")
    require(device.largestRead <= 6 + 3 * SPIFrameLength.longestFrame, "a read of \(device.largestRead) bytes")
    return 0
}

/// An SPI device whose every received byte is the next of `miso`, on a virtual clock that
/// moves 100 µs a message.
final class HostileSPIDevice: SPIDevice {
    let path = "fuzz"
    let speed = 1_000_000
    private(set) var now = MonotonicTime(nanoseconds: 0)
    let hasInterruptLine = false
    private let miso: [UInt8]
    private let shiftsLSBFirst: Bool
    private var position = 0
    /// The most bytes kept in one message.
    private(set) var largestRead = 0

    init(miso: [UInt8], shiftsLSBFirst: Bool) {
        self.miso = miso
        self.shiftsLSBFirst = shiftsLSBFirst
    }

    func setLeastSignificantBitFirst(_ on: Bool) throws(SPITransferError) {
        guard shiftsLSBFirst || !on else { throw SPITransferError(errno: .invalidArgument) }
    }

    func transfer(_ message: [SPITransfer]) throws(SPITransferError) -> [[UInt8]] {
        now = now + .microseconds(100)
        largestRead = max(largestRead, message.map(\.receiveCount).reduce(0, +))
        return message.map { transfer in
            (0..<transfer.receiveCount).map { _ in
                defer { position += 1 }
                return position < miso.count ? miso[position] : 0x00
            }
        }
    }

    func sleep(until time: MonotonicTime) {
        now = max(now, time)
    }

    func waitForInterrupt(until deadline: MonotonicTime) {
        sleep(until: deadline)
    }
}
