import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The driver owns the chip across processes, against `pn532ctl sim` on a pty: what another
/// host's raw commands leave is put right at the next start, and every way a reader command
/// ends (signals included) leaves the chip at 115200 with the field off.
struct ReaderStateCommandTests {
    /// The reproduction: a Python host stack leaves RX CRC off (`raw 08630280630300`);
    /// `identify` must still read an NTAG215 as one, and say what it put right.
    @Test(arguments: [
        ("08630280630300", "CRC off for received frames"),
        ("08630200630300", "CRC off for sent frames,CRC off for received frames"),
        ("08630D10", "parity off"),
    ])
    func identifyReadsRightAfterAnotherHostsRegisterWrites(raw: String, note: String) throws {
        let simulator = try SimulatorProcess(["--tag", "ntag215:uid=04112233445566"])
        let device = "uart:\(simulator.path)"
        let written = try pn532ctl(["raw", raw, "--device", device])
        #expect(written.status == 0)
        #expect(written.output.contains("WriteRegister response"))
        let identified = try pn532ctl(["identify", "--device", device])
        #expect(identified.status == 0)
        #expect(identified.output.contains("NTAG215"))
        #expect(identified.output.contains("135 pages"))
        for problem in note.split(separator: ",") { #expect(identified.standardError.contains(problem)) }
        let again = try pn532ctl(["identify", "--device", device])
        #expect(again.standardError.isEmpty)
    }

    /// A signal in the middle of a reader command: the command unwinds, puts the chip back
    /// (115200, field off) and exits with 128 + the signal.
    @Test(arguments: [
        (["scan", "--watch"], SIGINT),
        (["raw", "4A0100", "--timeout", "60"], SIGTERM),
        (["read", "--wait", "60"], SIGHUP),
        (["write", "--wait", "60", "--text", "hello"], SIGINT),
    ])
    func aSignalLeavesTheChipAt115200WithTheFieldOff(arguments: [String], signal: Int32) throws {
        let simulator = try SimulatorProcess(["--empty"])
        let command = try BackgroundCommand(arguments + ["--device", "uart:\(simulator.path):921600", "--trace"], readingStandardError: true)
        // The poll is under way at 921600 once the chip has acknowledged its frame (the traced
        // frame alone may still wait in the pty while the simulator switches rate; `scan
        // --watch` waits for every family with InAutoPoll).
        _ = try command.readLine(containing: arguments == ["scan", "--watch"] ? "InAutoPoll" : "InListPassiveTarget")
        _ = try command.readLine(containing: "RX 00 00 FF 00 FF 00  ACK")
        #expect(try simulator.control("status").hasPrefix("rate 921600"))
        kill(command.processIdentifier, signal)
        let status = command.wait()
        var said: [String] = []
        while let line = try? command.readLine(within: 1) { said.append(line) }
        #expect(status == 128 + signal, "\(said.suffix(5).joined(separator: "\n"))")
        let after = try simulator.control("status")
        #expect(after == "rate 115200 awake field off targets 0", "\(said.suffix(12).joined(separator: "\n"))")
    }
}
