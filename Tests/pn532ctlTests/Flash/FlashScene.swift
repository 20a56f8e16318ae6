import Foundation
import Testing

/// A pty simulator with tags, a scratch directory with a report file, and `pn532ctl flash`
/// runs against them: the scripted stream of tags of the flash tests.
final class FlashScene {
    let simulator: SimulatorProcess
    let directory: URL
    /// The `--report` file every flash run of the scene appends to.
    let report: String

    /// A simulator with `tags` in its field (none: empty).
    init(tags: [String], simulatorArguments: [String] = []) throws {
        simulator = try SimulatorProcess((tags.isEmpty ? ["--empty"] : tags.flatMap { ["--tag", $0] }) + simulatorArguments)
        directory = try temporaryDirectory()
        report = directory.appendingPathComponent("report.csv").path
    }

    convenience init(tag: String, simulatorArguments: [String] = []) throws {
        try self.init(tags: [tag], simulatorArguments: simulatorArguments)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Starts `pn532ctl flash --device PTY --report REPORT ARGUMENTS`.
    func flash(_ arguments: [String]) throws -> BackgroundCommand {
        try BackgroundCommand(["flash", "--device", simulator.path, "--report", report] + arguments)
    }

    /// Takes every tag away and presents the one `spec` describes.
    func swap(to spec: String) throws {
        #expect(try simulator.control("remove") == "removed all")
        #expect(try simulator.control("present \(spec)").hasPrefix("present "))
    }

    /// The memory of the tag with `uid` in the field, as the simulator saves it (`.mfd`).
    func save(_ uid: String) throws -> [UInt8] {
        let path = directory.appendingPathComponent("\(uid).mfd").path
        #expect(try simulator.control("save \(uid) \(path)").hasPrefix("saved \(uid)"))
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// `pn532ctl read` of the tag with `uid` in the field, from its saved memory.
    func readBack(_ uid: String, product: String, json: Bool = false) throws -> String {
        _ = try save(uid)
        let path = directory.appendingPathComponent("\(uid).mfd").path
        let result = try pn532ctl(["read", "--device", "sim:\(product):image=\(path)"] + (json ? ["--json"] : []))
        #expect(result.status == 0)
        return result.output
    }

    /// Writes a file in the scratch directory and returns its path.
    func file(_ name: String, _ text: String) throws -> String {
        try file(name, Array(text.utf8))
    }

    /// Writes a file in the scratch directory and returns its path.
    func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// A 32-byte secret file only its owner may read: the bytes `byte`, `byte + 1`, …
    func secret(_ name: String, byte: UInt8 = 0x5A) throws -> String {
        let path = try file(name, (0..<32).map { byte &+ $0 })
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        return path
    }

    /// The report's lines.
    func reportRows() throws -> [String] {
        try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").map(String.init)
    }
}
