import Foundation
import Testing

/// `pn532ctl restore --in FILE` (issue 21, item 8): a dump goes back onto a tag of the same
/// product, user pages only unless `--all`, irreversible pages only with `--yes`, verified.
@Suite("restore: a dump written back")
struct RestoreCommandTests {
    /// Dump a tag, change it, restore: the tag reads as the dump again (pty simulator).
    @Test func roundTripOverThePTYSimulator() throws {
        let simulator = try SimulatorProcess(["--tag", "ntag215:uid=04112233445566"])
        let device = ["--device", simulator.path]
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let saved = directory.appendingPathComponent("tag.mfd").path
        let after = directory.appendingPathComponent("after.mfd").path
        #expect(try pn532ctl(["write", "--uri", "https://before.example"] + device).status == 0)
        #expect(try pn532ctl(["dump", "--out", saved] + device).status == 0)
        #expect(try pn532ctl(["write", "--text", String(repeating: "changed ", count: 20)] + device).status == 0)
        let restore = try pn532ctl(["restore", "--in", saved] + device)
        #expect(restore.status == 0, "\(restore.standardError)")
        #expect(restore.output.contains("Restored \(saved) to NTAG215 04112233445566: "))
        #expect(restore.output.contains("read back and verified"))
        #expect(!restore.output.contains("Not restored"))
        #expect(try pn532ctl(["dump", "--out", after] + device).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: after)) == Data(contentsOf: URL(fileURLWithPath: saved)))
        #expect(try pn532ctl(["read"] + device).output.contains("URI: https://before.example"))

        let again = try pn532ctl(["restore", "--in", saved, "--json"] + device)
        let object = try #require(try JSONSerialization.jsonObject(with: again.standardOutput) as? [String: Any])
        #expect(object["product"] as? String == "NTAG215")
        #expect(object["uid"] as? String == "04112233445566")
        #expect(object["pagesWritten"] as? Int == 0)
        #expect(object["pagesVerified"] as? Int == 0)
        #expect((object["notRestored"] as? [Any])?.isEmpty == true)
    }

    /// The in-process simulator: another tag's dump is written and verified; its UID is
    /// reported, not written.
    @Test func anotherTagsDumpOnTheInProcessSimulator() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let saved = directory.appendingPathComponent("tag.mfd").path
        let simulator = try SimulatorProcess(["--tag", "ntag213:uid=04112233445566"])
        #expect(try pn532ctl(["write", "--uri", "https://a.example", "--device", simulator.path]).status == 0)
        #expect(try pn532ctl(["dump", "--out", saved, "--device", simulator.path]).status == 0)
        let restore = try pn532ctl(["restore", "--in", saved, "--json", "--device", "sim:ntag213:uid=04A1B2C3D4E5F6"])
        #expect(restore.status == 0, "\(restore.standardError)")
        #expect(restore.standardError.isEmpty)
        let object = try #require(try JSONSerialization.jsonObject(with: restore.standardOutput) as? [String: Any])
        #expect(object["uid"] as? String == "04A1B2C3D4E5F6")
        let written = try #require(object["pagesWritten"] as? Int)
        #expect(written > 0 && object["pagesVerified"] as? Int == written)
        let skipped = try #require(object["notRestored"] as? [[String: Any]])
        #expect(skipped.compactMap { $0["page"] as? Int } == [0, 1, 2])
        #expect(skipped.first?["what"] as? String == "UID")
        let text = try pn532ctl(["restore", "--in", saved, "--device", "sim:ntag213:uid=04A1B2C3D4E5F6"])
        #expect(text.output.contains("Not restored: page 0 (UID): the tag holds 04 A1 B2"))
    }

    /// Lock bits in the dump: left alone without --all, refused without --yes (64, naming it,
    /// nothing written), written with both.
    @Test func lockBytesNeedAllAndYes() throws {
        let simulator = try SimulatorProcess(["--tag", "ntag213"])
        let device = ["--device", simulator.path]
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let saved = directory.appendingPathComponent("tag.mfd")
        #expect(try pn532ctl(["dump", "--out", saved.path] + device).status == 0)
        var bytes = [UInt8](try Data(contentsOf: saved))
        bytes[10] = 0xF0
        try Data(bytes).write(to: saved)
        let userPages = try pn532ctl(["restore", "--in", saved.path] + device)
        #expect(userPages.status == 0)
        #expect(userPages.output.contains("Not restored: page 2 (static lock bytes)"))
        let unconfirmed = try pn532ctl(["restore", "--in", saved.path, "--all"] + device)
        #expect(unconfirmed.status == 64)
        #expect(unconfirmed.standardError.contains("page 2 (static lock bytes), which can never change back: add --yes"))
        #expect(try pn532ctl(["write", "--uri", "https://still.writable"] + device).status == 0)
        #expect(try pn532ctl(["restore", "--in", saved.path, "--all", "--yes"] + device).status == 0)
        #expect(try pn532ctl(["write", "--uri", "https://x"] + device).status != 0)
    }

    @Test func aDumpOfAnotherProductIsRefusedNamingBoth() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let saved = directory.appendingPathComponent("tag215.mfd").path
        #expect(try pn532ctl(["dump", "--out", saved, "--device", "sim:ntag215"]).status == 0)
        let refused = try pn532ctl(["restore", "--in", saved, "--device", "sim:ntag213"])
        #expect(refused.status == 65)
        #expect(refused.standardError.contains("\(saved): the dump is 540 bytes, a dump of NTAG215; this tag is NTAG213, whose dumps are 180 bytes"))
        #expect(refused.standardError.contains("nothing was written"))
    }

    @Test func badAndMissingFilesAreNamed() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let odd = directory.appendingPathComponent("odd.mfd")
        try Data(repeating: 0, count: 181).write(to: odd)
        let bad = try pn532ctl(["restore", "--in", odd.path, "--device", "sim:ntag213"])
        #expect(bad.status == 65)
        #expect(bad.standardError.contains("\(odd.path): the dump is 181 bytes, no Type 2 product's"))
        let huge = directory.appendingPathComponent("huge.mfd")
        try Data(repeating: 0, count: 100_000).write(to: huge)
        let large = try pn532ctl(["restore", "--in", huge.path, "--device", "sim:ntag213"])
        #expect(large.status == 65)
        #expect(large.standardError.contains(huge.path))
        let missing = try pn532ctl(["restore", "--in", directory.appendingPathComponent("none.mfd").path, "--device", "sim:ntag213"])
        #expect(missing.status == 66)
        #expect(missing.standardError.contains("none.mfd"))
    }
}
