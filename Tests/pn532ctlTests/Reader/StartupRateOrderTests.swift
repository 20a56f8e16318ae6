import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The rate each command of a reader command runs at, from `pn532ctl sim --trace` on a pty:
/// with `uart:PATH:921600` the UART moves to 921600 right after SAMConfiguration, so that the
/// rest of start-up runs there, and every way the command ends switches the field off and
/// then returns the chip to 115200.
struct StartupRateOrderTests {
    /// The host's commands and the chip's rate changes in a `sim --trace` text, in order:
    /// `SAMConfiguration`, `rate 921600`, …
    static func conversation(_ trace: Substring) -> [String] {
        trace.split(separator: "\n").compactMap { line -> String? in
            if let rate = line.range(of: "UART now at ") { return "rate " + line[rate.upperBound...].prefix { $0.isNumber } }
            guard line.contains(" H>C "), let summary = line.components(separatedBy: "  ").last, summary.first?.isUppercase == true,
                  summary != "ACK", summary != "NACK" else { return nil }
            return summary
        }
    }

    /// The trace written from `offset` on.
    static func trace(_ file: URL, from offset: Int) throws -> Substring {
        Substring(String(decoding: try Data(contentsOf: file).dropFirst(offset), as: UTF8.self))
    }

    @Test(arguments: [true, false])
    func readAt921600SwitchesAfterSAMConfigurationAndEndsAt115200WithTheFieldOff(tagPresent: Bool) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("trace.txt")
        let simulator = try SimulatorProcess(["--trace", file.path] + (tagPresent ? [] : ["--empty"]))
        let device = "uart:\(simulator.path):921600"
        if tagPresent { #expect(try pn532ctl(["write", "--device", device, "--text", "hello"]).status == 0) }
        let offset = try Data(contentsOf: file).count
        let read = try pn532ctl(["read", "--device", device])
        #expect((read.status == 0) == tagPresent, "\(read.standardError)")
        #expect(try simulator.control("status") == "rate 115200 awake field off targets 0")
        let steps = Self.conversation(try Self.trace(file, from: offset))
        let switched = try #require(steps.firstIndex(of: "rate 921600"))
        #expect(Array(steps[..<switched]) == ["SAMConfiguration", "SetSerialBaudRate"])
        #expect(steps[switched + 1] == "GetFirmwareVersion")
        #expect(steps.filter { $0.hasPrefix("rate") } == ["rate 921600", "rate 115200"])
        #expect(steps.suffix(3) == ["RFConfiguration", "SetSerialBaudRate", "rate 115200"])
    }

    /// A signal while start-up runs at 921600 (after the switch, or while it is made): the
    /// chip is still put back at 115200 with the field off, and the command exits 128 + signal.
    @Test func aSignalDuringStartUpAt921600LeavesTheChipAt115200() throws {
        let simulator = try SimulatorProcess(["--empty"])
        let command = try BackgroundCommand(["read", "--wait", "60", "--device", "uart:\(simulator.path):921600", "--trace"], readingStandardError: true)
        _ = try command.readLine(containing: "SetSerialBaudRate")
        kill(command.processIdentifier, SIGINT)
        let status = command.wait()
        var said: [String] = []
        while let line = try? command.readLine(within: 1) { said.append(line) }
        #expect(status == 128 + SIGINT, "\(said.suffix(5).joined(separator: "\n"))")
        #expect(try simulator.control("status") == "rate 115200 awake field off targets 0", "\(said.suffix(12).joined(separator: "\n"))")
    }
}
