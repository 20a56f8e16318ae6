import Basics
import Foundation
import NFCCore
import PN532
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Other host stacks' habits, played in raw frames on `pn532ctl sim`'s pty: the simulator
/// answers them as a PN532 does, and our driver works right after each.
struct HostHabitsConformanceTests {
    /// A raw host on the pty: frames in, frames out, no session code.
    final class RawHost {
        let link: UARTLink
        private var scanner = FrameScanner()

        init(path: String, bitsPerSecond: Int = 115_200) throws {
            link = try UARTLink(path: path, bitsPerSecond: bitsPerSecond)
        }

        func send(_ payload: [UInt8], after preamble: [UInt8] = []) throws {
            try link.write(preamble + Frame.information(direction: .hostToChip, payload: payload).encoded())
        }

        /// The frames that arrive within `milliseconds`, stopping after `count`.
        func frames(_ count: Int, within milliseconds: Int64 = 1000) throws -> [Frame] {
            let deadline = link.now + .milliseconds(milliseconds)
            var frames: [Frame] = []
            while frames.count < count {
                if let result = scanner.next() {
                    if case .frame(let frame) = result { frames.append(frame) }
                    continue
                }
                let bytes = try link.read(until: deadline)
                if bytes.isEmpty { break }
                scanner.append(bytes)
            }
            return frames
        }

        /// Sends `payload` and returns the ACK and the response.
        func exchange(_ payload: [UInt8], after preamble: [UInt8] = []) throws -> [Frame] {
            try send(payload, after: preamble)
            return try frames(2)
        }
    }

    static func response(_ payload: [UInt8]) -> [Frame] {
        [.ack, .information(direction: .chipToHost, payload: payload)]
    }

    static let firmware: [UInt8] = [0x03, 0x32, 0x01, 0x06, 0x07]

    /// Our driver works on the pty after the habit, and leaves the chip at 115200.
    static func ourDriverWorks(_ simulator: SimulatorProcess) throws {
        let result = try pn532ctl(["identify", "--device", "uart:\(simulator.path)"])
        #expect(result.status == 0)
        #expect(result.output.contains("NTAG215"))
        #expect(try simulator.control("status") == "rate 115200 awake field off targets 0")
    }

    @Test func tenZerosWakeTheChipForGetFirmwareVersionAsNfcpySends() throws {
        let simulator = try SimulatorProcess()
        let host = try RawHost(path: simulator.path)
        #expect(try host.exchange([0x02], after: [UInt8](repeating: 0, count: 10)) == Self.response(Self.firmware))
        host.link.close()
        try Self.ourDriverWorks(simulator)
    }

    /// SetSerialBaudRate, the closing ACK, tcflush(TCOFLUSH), close and reopen at the new rate:
    /// the ACK reaches the chip as it would on a UART.
    @Test func theClosingACKSurvivesFlushCloseAndReopenAtTheNewRate() throws {
        let simulator = try SimulatorProcess()
        let host = try RawHost(path: simulator.path)
        _ = try host.exchange([0x14, 0x01], after: [0x55, 0x55] + [UInt8](repeating: 0, count: 14))
        #expect(try host.exchange([0x10, BaudRate.bps921600.rawValue]) == Self.response([0x11]))
        try host.link.write([0x00, 0x00, 0xFF, 0x00, 0xFF, 0x00])
        let descriptor = try #require(host.link.pollDescriptor)
        #expect(tcflush(descriptor, TCOFLUSH) == 0)
        host.link.close()
        let fast = try RawHost(path: simulator.path, bitsPerSecond: 921_600)
        #expect(try fast.exchange([0x02]) == Self.response(Self.firmware))
        #expect(try simulator.control("status").hasPrefix("rate 921600"))
        fast.link.close()
        try Self.ourDriverWorks(simulator)
    }

    @Test func analogRFConfigurationItemsTakeTheirDocumentedLengths() throws {
        let simulator = try SimulatorProcess()
        let host = try RawHost(path: simulator.path)
        _ = try host.exchange([0x14, 0x01], after: [0x55, 0x55] + [UInt8](repeating: 0, count: 14))
        for (item, length) in [(0x0A, 11), (0x0B, 8), (0x0C, 3), (0x0D, 9), (0x04, 1), (0x02, 3)] as [(UInt8, Int)] {
            #expect(try host.exchange([0x32, item] + [UInt8](repeating: 0x59, count: length)) == Self.response([0x33]))
        }
        #expect(try host.exchange([0x32, 0x0B, 0x00, 0x00, 0x00]) == [.ack, .error])
        host.link.close()
        try Self.ourDriverWorks(simulator)
    }

    /// libnfc's way with raw tag commands: CRC off both ways, the CRC appended by the host,
    /// and the tag's CRC in the reply; the next host finds CRC still off.
    @Test func crcToggledOffAroundARawCommandAndLeftOff() throws {
        let simulator = try SimulatorProcess()
        let host = try RawHost(path: simulator.path)
        _ = try host.exchange([0x14, 0x01], after: [0x55, 0x55] + [UInt8](repeating: 0, count: 14))
        #expect(try host.exchange([0x08, 0x63, 0x02, 0x00, 0x63, 0x03, 0x00]) == Self.response([0x09]))
        let targets = try host.exchange([0x4A, 0x01, 0x00])
        #expect(targets.count == 2)
        let version: [UInt8] = [0x00, 0x04, 0x04, 0x02, 0x01, 0x00, 0x11, 0x03]
        let reply = try host.exchange([0x42, 0x60, 0xF8, 0x32])
        guard case .information(_, let payload)? = reply.last else { Issue.record("no reply: \(reply)"); return }
        #expect(Array(payload.prefix(10)) == [0x43, 0x00] + version)
        #expect(payload.count == 12)
        #expect(try host.exchange([0x42, 0x60]).last == .information(direction: .chipToHost, payload: [0x43, 0x01]))
        #expect(try host.exchange([0x06, 0x63, 0x02, 0x63, 0x03]) == Self.response([0x07, 0x00, 0x00]))
        host.link.close()
        try Self.ourDriverWorks(simulator)
    }

    /// libnfc's close: PowerDown with HSU as the wake-up source.
    @Test func powerDownOnCloseThenTheNextHostWakesTheChip() throws {
        let simulator = try SimulatorProcess()
        let host = try RawHost(path: simulator.path)
        _ = try host.exchange([0x14, 0x01], after: [0x55, 0x55] + [UInt8](repeating: 0, count: 14))
        #expect(try host.exchange([0x16, 0xF0]) == Self.response([0x17, 0x00]))
        host.link.close()
        #expect(try simulator.control("status").contains("asleep"))
        try Self.ourDriverWorks(simulator)
    }

    /// `pn532ctl sim --trace FILE`: every frame both ways with command names, the wake-up and
    /// the rate changes.
    @Test func simTraceShowsTheConversation() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("trace.txt")
        let simulator = try SimulatorProcess(["--trace", file.path])
        let result = try pn532ctl(["scan", "--device", "uart:\(simulator.path):921600"])
        #expect(result.status == 0)
        #expect(try simulator.control("status").hasPrefix("rate 115200"))
        let trace = try String(contentsOf: file, encoding: .utf8)
        #expect(trace.contains("wake-up on RX activity"))
        #expect(trace.contains("H>C 00 00 FF 03 FD D4 14 01 17 00  SAMConfiguration"))
        #expect(trace.contains("C>H 00 00 FF 00 FF 00  ACK"))
        #expect(trace.contains("GetFirmwareVersion response"))
        #expect(trace.contains("InListPassiveTarget response"))
        #expect(trace.contains("UART now at 921600 baud"))
        #expect(trace.contains("UART now at 115200 baud"))
    }
}
