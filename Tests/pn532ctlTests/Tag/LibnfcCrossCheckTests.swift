import Foundation
import Testing

/// Tags written by us and read by libnfc, and the other way round, over a pty.
@Suite("Cross-check with libnfc", .enabled(if: LibnfcTools.shouldRun))
struct LibnfcCrossCheckTests {
    @Test func libnfcDumpEqualsOurs() throws {
        let simulator = try SimulatorProcess(["--tag", "ntag215:uid=04112233445566"])
        #expect(try pn532ctl(["write", "--device", simulator.path, "--smart-poster", "https://nfcpy.org", "--title", "nfcpy"]).status == 0)
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ours = directory.appendingPathComponent("ours.mfd")
        let theirs = directory.appendingPathComponent("theirs.mfd")
        #expect(try pn532ctl(["dump", "--device", simulator.path, "--out", ours.path]).status == 0)
        _ = try LibnfcTools.run("nfc-mfultralight", ["r", theirs.path], device: simulator.path)
        let dump = try Data(contentsOf: theirs)
        #expect(dump.count == 540)
        #expect(try Data(contentsOf: ours) == dump)
        #expect(Array(dump[16..<18]) == [0x03, 0x1F])
    }

    /// The libnfc reference image from type2.md: `03 0F D1 01 0B 55 01 "libnfc.org" FE` at page 4.
    @Test func weReadWhatLibnfcWrote() throws {
        let simulator = try SimulatorProcess(["--tag", "ntag213:uid=04A1B2C3D4E5F6"])
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let image = directory.appendingPathComponent("image.mfd")
        _ = try LibnfcTools.run("nfc-mfultralight", ["r", image.path], device: simulator.path)
        var bytes = [UInt8](try Data(contentsOf: image))
        let tlv: [UInt8] = [0x03, 0x0F, 0xD1, 0x01, 0x0B, 0x55, 0x01] + Array("libnfc.org".utf8) + [0xFE]
        bytes.replaceSubrange(16..<16 + tlv.count, with: tlv)
        try Data(bytes).write(to: image)
        let write = try LibnfcTools.run("nfc-mfultralight", ["w", image.path], device: simulator.path, input: "n\nn\nn\nn\n")
        #expect(write.output.contains("0 pages failed"))
        let read = try pn532ctl(["read", "--device", simulator.path])
        #expect(read.output.contains("[1] URI: http://www.libnfc.org"))
    }

    /// A dump libnfc made, restored by us after the tag changed: libnfc reads the same dump
    /// again (issue 21, item 8).
    @Test func weRestoreWhatLibnfcDumped() throws {
        let simulator = try SimulatorProcess(["--tag", "ntag213:uid=04A1B2C3D4E5F6"])
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = directory.appendingPathComponent("before.mfd")
        let after = directory.appendingPathComponent("after.mfd")
        #expect(try pn532ctl(["write", "--device", simulator.path, "--uri", "https://libnfc.org"]).status == 0)
        _ = try LibnfcTools.run("nfc-mfultralight", ["r", before.path], device: simulator.path)
        #expect(try pn532ctl(["write", "--device", simulator.path, "--text", "something else entirely"]).status == 0)
        let restore = try pn532ctl(["restore", "--in", before.path, "--device", simulator.path])
        #expect(restore.status == 0, "\(restore.standardError)")
        _ = try LibnfcTools.run("nfc-mfultralight", ["r", after.path], device: simulator.path)
        let dump = try Data(contentsOf: before)
        #expect(dump.count == 180)
        #expect(try Data(contentsOf: after) == dump)
    }
}
