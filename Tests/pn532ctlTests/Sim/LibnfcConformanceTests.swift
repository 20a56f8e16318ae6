import Foundation
import PN532
import Testing

/// libnfc, an independent PN532 host, against `pn532ctl sim` on a pty. `scripts/test`
/// installs libnfc-bin and sets PN532CTL_REQUIRE_LIBNFC=1, so there these tests always run.
@Suite("libnfc conformance", .enabled(if: LibnfcTools.shouldRun))
struct LibnfcConformanceTests {
    @Test func nfcListSeesTheTag() throws {
        let simulator = try SimulatorProcess(["--tag", "ntag215:uid=04112233445566"])
        let result = try LibnfcTools.run("nfc-list", [], device: simulator.path)
        #expect(result.status == 0)
        #expect(result.output.contains("1 ISO14443A passive target(s) found"))
        #expect(result.output.contains("ATQA (SENS_RES): 00  44"))
        #expect(result.output.contains("UID (NFCID1): 04  11  22  33  44  55  66"))
        #expect(result.output.contains("SAK (SEL_RES): 00"))
    }

    @Test func nfcListSeesTwoTags() throws {
        let simulator = try SimulatorProcess(["--tag", "ntag213:uid=04A1B2C3D4E5F6", "--tag", "ultralight:uid=04000000000001"])
        let result = try LibnfcTools.run("nfc-list", [], device: simulator.path)
        #expect(result.output.contains("2 ISO14443A passive target(s) found"))
        #expect(result.output.contains("04  a1  b2  c3  d4  e5  f6") || result.output.contains("04  A1  B2  C3  D4  E5  F6"))
        #expect(result.output.contains("04  00  00  00  00  00  01"))
    }

    /// The second case: Ctrl-C on `scan --watch` at 921600, then libnfc (which only
    /// speaks 115200) works at once.
    @Test func nfcListWorksRightAfterCtrlCOnScanWatchAt921600() throws {
        let simulator = try SimulatorProcess(["--tag", "ntag215:uid=04112233445566"])
        let scan = try BackgroundCommand(["scan", "--watch", "--device", "uart:\(simulator.path):921600"])
        _ = try scan.readLine(containing: "present")
        #expect(scan.interrupt() == 130)
        let result = try LibnfcTools.run("nfc-list", [], device: simulator.path)
        #expect(result.output.contains("1 ISO14443A passive target(s) found"))
    }

    /// nfc-mfultralight reads the tag (GET_VERSION in raw mode with libnfc's CRC register
    /// toggling, READ of 4 pages at a time), writes a pattern, and our driver reads it back.
    @Test func mfultralightReadWriteAndOurDriverAgree() throws {
        let simulator = try SimulatorProcess(["--tag", "ntag215:uid=04112233445566"])
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let original = directory.appendingPathComponent("original.mfd")
        let read = try LibnfcTools.run("nfc-mfultralight", ["r", original.path], device: simulator.path)
        #expect(read.output.contains("NTAG215"))
        #expect(read.output.contains("135 of 135 pages read"))
        let dump = try Data(contentsOf: original)
        #expect(dump.count == 540)
        #expect(Array(dump.prefix(16)) == [0x04, 0x11, 0x22, 0xBF, 0x33, 0x44, 0x55, 0x66, 0x44, 0x48, 0x00, 0x00, 0xE1, 0x10, 0x3E, 0x00])

        var pattern = [UInt8](dump)
        for index in 16..<80 { pattern[index] = UInt8(truncatingIfNeeded: index &* 7) }
        let written = directory.appendingPathComponent("pattern.mfd")
        try Data(pattern).write(to: written)
        let write = try LibnfcTools.run("nfc-mfultralight", ["w", written.path], device: simulator.path, input: "n\nn\nn\nn\n")
        #expect(write.output.contains("0 pages failed"))

        let back = directory.appendingPathComponent("back.mfd")
        _ = try LibnfcTools.run("nfc-mfultralight", ["r", back.path], device: simulator.path)
        #expect(try Data(contentsOf: back) == Data(pattern))

        let (session, _) = try PN532Session.openUART(path: simulator.path, rate: .bps921600)
        let targets = try session.listPassiveTargets()
        #expect(targets.map(\.uid) == [[0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]])
        let tag = TargetExchange(session: session, target: 1)
        for page in stride(from: 4, to: 20, by: 4) {
            #expect(try tag.exchange([0x30, UInt8(page)]) == Array(pattern[page * 4..<page * 4 + 16]))
        }
        try session.finish()
    }

    /// libnfc's NFC Barcode poll (the last of `nfc-list`'s) is an InCommunicateThru with no
    /// data, which the chip takes: it listens for a tag that talks first and, none doing so,
    /// answers status 01 (timeout). The simulator answered with a syntax error, which libnfc
    /// logs as an "Application level error".
    @Test func nfcListsBarcodePollGetsTheChipsTimeout() throws {
        let simulator = try SimulatorProcess(["--tag", "ntag215:uid=04112233445566"])
        let result = try LibnfcTools.run("nfc-list", ["-v", "-t", "512"], device: simulator.path, environment: ["LIBNFC_LOG_LEVEL": "3"])
        #expect(result.output.contains("TX: 00 00 ff 02 fe d4 42 ea 00"))
        // libnfc logs the reply as it reads it: the header, the response code, the status.
        #expect(result.output.contains("RX: d5 43 \ndebug\tlibnfc.bus.uart\tRX: 01 \n"))
        #expect(!result.output.contains("Application level error"))
        #expect(result.output.contains("0 ISO14443A-2 NFC Barcode passive target(s) found."))
    }
}


/// Running libnfc's command-line tools against a pty.
enum LibnfcTools {
    static let required = ProcessInfo.processInfo.environment["PN532CTL_REQUIRE_LIBNFC"] == "1"
    static let installed = FileManager.default.isExecutableFile(atPath: "/usr/bin/nfc-list")
    static let shouldRun = required || installed

    /// Runs a libnfc tool with LIBNFC_DEVICE set to the pty, and `environment`.
    static func run(_ tool: String, _ arguments: [String], device: String, input: String = "", environment: [String: String] = [:]) throws -> CommandResult {
        guard installed else { throw LibnfcMissing() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + tool)
        process.arguments = arguments
        process.environment = ["LIBNFC_DEVICE": "pn532_uart:\(device)", "PATH": "/usr/bin:/bin"].merging(environment) { $1 }
        let inputPipe = Pipe()
        let outputPipe = Pipe()
        process.standardInput = inputPipe
        process.standardOutput = outputPipe
        process.standardError = outputPipe
        try process.run()
        inputPipe.fileHandleForWriting.write(Data(input.utf8))
        try inputPipe.fileHandleForWriting.close()
        let output = outputPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(status: process.terminationStatus, standardOutput: output, standardError: "")
    }
}

struct LibnfcMissing: Error, CustomStringConvertible {
    var description: String { "libnfc-bin is not installed: run scripts/test, which installs it (apt-get install libnfc-bin)" }
}
