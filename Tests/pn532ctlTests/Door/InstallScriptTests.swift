import Foundation
import Testing

@Suite("scripts/install.sh into a DESTDIR")
struct InstallScriptTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A temporary root and a copy of the built binary (which writes its manual pages and
    /// completions during the install).
    final class Install {
        let directory: URL
        var root: URL { directory.appendingPathComponent("root") }
        var binary: URL { directory.appendingPathComponent("pn532ctl") }

        init() throws {
            directory = try temporaryDirectory()
            try FileManager.default.copyItem(at: binaryURL, to: binary)
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

        func mode(_ relative: String) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: path(relative))[.posixPermissions] as? Int)
        }

        func contents(_ relative: String) throws -> Data {
            try Data(contentsOf: URL(fileURLWithPath: path(relative)))
        }

        /// Runs the script with DESTDIR set to `root` (and PREFIX, when given).
        func run(_ arguments: [String], destdir: String? = nil, prefix: String? = nil) throws -> (status: Int32, output: String) {
            let process = Process()
            process.executableURL = InstallScriptTests.repository.appendingPathComponent("scripts/install.sh")
            process.arguments = arguments
            var environment = ProcessInfo.processInfo.environment
            environment["DESTDIR"] = destdir ?? root.path
            environment["PREFIX"] = prefix
            process.environment = environment
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: output, as: UTF8.self))
        }
    }

    static func repositoryFile(_ relative: String) throws -> Data {
        try Data(contentsOf: repository.appendingPathComponent(relative))
    }

    @Test func installsTheTreeWithItsModes() throws {
        let install = try Install()
        let result = try install.run(["--binary", install.binary.path, "--no-systemctl"])
        #expect(result.status == 0, "\(result.output)")
        #expect(try install.mode("usr/local/bin/pn532ctl") == 0o755)
        #expect(FileManager.default.isExecutableFile(atPath: install.path("usr/local/bin/pn532ctl")))
        #expect(try install.contents("etc/systemd/system/pn532ctl-door.service") == Self.repositoryFile("scripts/pn532ctl-door.service"))
        #expect(try install.contents("etc/systemd/system/pn532ctl-hooks.service") == Self.repositoryFile("scripts/pn532ctl-hooks.service"))
        #expect(try install.contents("etc/pn532ctl-hooks/hooks.toml") == Self.repositoryFile("scripts/hooks.toml"))
        #expect(try install.mode("etc/pn532ctl-hooks/hooks.toml") == 0o640)
        #expect(try install.mode("etc/pn532ctl-hooks") == 0o750)
        #expect(try install.contents("etc/udev/rules.d/99-pn532ctl.rules") == Self.repositoryFile("scripts/99-pn532ctl.rules"))
        #expect(try install.contents("etc/pn532ctl/door.toml") == Self.repositoryFile("scripts/door.toml"))
        #expect(try install.mode("etc/pn532ctl/door.toml") == 0o640)
        #expect(try install.mode("etc/pn532ctl") == 0o750)
        #expect(try install.contents("etc/pn532ctl/door.key").count == 32)
        #expect(try install.mode("etc/pn532ctl/door.key") == 0o600)
        #expect(try install.mode("var/log/pn532ctl") == 0o750)
        #expect(try install.mode("var/lib/pn532ctl") == 0o750)
        let boards = try FileManager.default.contentsOfDirectory(atPath: Self.repository.appendingPathComponent("boards").path).sorted()
        #expect(!boards.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: install.path("usr/share/pn532ctl/boards")).sorted() == boards)
        #expect(!FileManager.default.fileExists(atPath: install.path("etc/pn532ctl/door.key.new")))
    }

    @Test func aSecondRunKeepsTheConfigurationAndTheKey() throws {
        let install = try Install()
        #expect(try install.run(["--binary", install.binary.path, "--no-systemctl"]).status == 0)
        let edited = Data("board = \"rpi5-uart\"\n".utf8)
        try edited.write(to: URL(fileURLWithPath: install.path("etc/pn532ctl/door.toml")))
        let key = try install.contents("etc/pn532ctl/door.key")
        let again = try install.run(["--binary", install.binary.path, "--no-systemctl"])
        #expect(again.status == 0, "\(again.output)")
        #expect(again.output.contains("kept the existing \(install.path("etc/pn532ctl/door.toml"))"))
        #expect(try install.contents("etc/pn532ctl/door.toml") == edited)
        #expect(try install.contents("etc/pn532ctl/door.key") == key)
    }

    @Test func eachInstallGetsItsOwnKey() throws {
        let first = try Install()
        let second = try Install()
        #expect(try first.run(["--binary", first.binary.path]).status == 0)
        #expect(try second.run(["--binary", second.binary.path]).status == 0)
        #expect(try first.contents("etc/pn532ctl/door.key") != second.contents("etc/pn532ctl/door.key"))
    }

    @Test func installsTheManualPagesAndCompletions() throws {
        let install = try Install()
        let result = try install.run(["--binary", install.binary.path, "--no-systemctl"])
        #expect(result.status == 0, "\(result.output)")
        for page in ["pn532ctl.1", "pn532ctl-door-run.1", "pn532ctl-door-check-config.1", "pn532ctl-ndef-encode.1", "pn532ctl-write.1"] {
            try ManualPageCheck.expectValid(install.path("usr/local/share/man/man1/\(page)"))
        }
        #expect(!FileManager.default.fileExists(atPath: install.path("usr/local/share/man/man1/pn532ctl-help.1")))
        for page in ["door.toml.5", "hooks.toml.5"] {
            try ManualPageCheck.expectValid(install.path("usr/local/share/man/man5/\(page)"))
        }
        try ManualPageCheck.expectCompletions(
            bash: install.path("usr/local/share/bash-completion/completions/pn532ctl"),
            zsh: install.path("usr/local/share/zsh/site-functions/_pn532ctl"),
            fish: install.path("usr/local/share/fish/vendor_completions.d/pn532ctl.fish"))
    }

    @Test func prefixMovesTheBinaryPagesAndCompletionsAndTheUnitsRunIt() throws {
        let install = try Install()
        let result = try install.run(["--binary", install.binary.path, "--no-systemctl"], prefix: "/opt/pn532ctl")
        #expect(result.status == 0, "\(result.output)")
        #expect(FileManager.default.isExecutableFile(atPath: install.path("opt/pn532ctl/bin/pn532ctl")))
        #expect(FileManager.default.fileExists(atPath: install.path("opt/pn532ctl/share/man/man1/pn532ctl.1")))
        #expect(FileManager.default.fileExists(atPath: install.path("opt/pn532ctl/share/bash-completion/completions/pn532ctl")))
        #expect(!FileManager.default.fileExists(atPath: install.path("usr/local/bin/pn532ctl")))
        let unit = String(decoding: try install.contents("etc/systemd/system/pn532ctl-door.service"), as: UTF8.self)
        #expect(unit.contains("ExecStart=/opt/pn532ctl/bin/pn532ctl door run"))
        #expect(unit.contains("ExecStopPost=/opt/pn532ctl/bin/pn532ctl door release"))
        #expect(!unit.contains("/usr/local/bin"))
        #expect(FileManager.default.fileExists(atPath: install.path("usr/share/pn532ctl/boards/rpi4-uart.toml")))
    }

    @Test func refusals() throws {
        let install = try Install()
        let missing = try install.run(["--binary", install.directory.appendingPathComponent("absent").path])
        #expect(missing.status != 0)
        #expect(missing.output.contains("no binary at"))
        let relative = try install.run(["--no-build"], destdir: "relative/root")
        #expect(relative.status != 0)
        #expect(relative.output.contains("DESTDIR must be an absolute path"))
        let unknown = try install.run(["--frobnicate"])
        #expect(unknown.status != 0)
        #expect(unknown.output.contains("unknown option --frobnicate"))
        let relativePrefix = try install.run(["--no-build"], prefix: "usr")
        #expect(relativePrefix.status != 0)
        #expect(relativePrefix.output.contains("PREFIX must be an absolute path"))
        #expect(!FileManager.default.fileExists(atPath: install.root.path))
    }
}
