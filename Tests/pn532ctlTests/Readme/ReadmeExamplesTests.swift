import Foundation
import Testing

/// The README's shell examples, run: every block that shows a command's output (or names its
/// exit status in a comment, `# exit 1: …`) is run from its first command to the last one it
/// checks, in a scratch directory that shows the repository's files (the README's `/tmp/`
/// paths are moved into it), with the built `pn532ctl` first on PATH, no configured reader and
/// the environment the README sets (`<!-- examples: NAME=VALUE -->`). Commands before a
/// checked one set the scene and must succeed; a command marked `# second terminal` runs in
/// the background until the block ends (its first line is compared with the README's).
/// Templates (`read [--raw | --json]`) and what cannot run here (`ReadmeCommand.isNotRunHere`)
/// are not run; a block that runs libnfc's tools runs where the libnfc tests do
/// (`LibnfcTools.shouldRun`: always in `scripts/test`).
@Suite("README examples")
struct ReadmeExamplesTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let blocks: [ReadmeBlock] = {
        let text = (try? String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        return readmeBlocks(text).filter { $0.commands.contains(where: \.isChecked) }
    }()

    @Test("the README shows enough checked examples for this test to mean something")
    func enoughExamples() {
        let checked = Self.blocks.flatMap(\.commands).filter(\.isChecked)
        #expect(checked.count >= 12, "only \(checked.count) checked examples found in README.md")
    }

    @Test("each checked README block gives the output it shows", arguments: blocks.map(\.line))
    func block(line: Int) throws {
        let block = try #require(Self.blocks.first { $0.line == line })
        let scratch = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.repository.path) where !name.hasPrefix(".") {
            try FileManager.default.createSymbolicLink(
                at: scratch.appendingPathComponent(name), withDestinationURL: Self.repository.appendingPathComponent(name))
        }
        var environment = ProcessInfo.processInfo.environment
        environment["PN532_DEVICE"] = nil
        environment["PN532CTL_DEVICE_FILE"] = scratch.appendingPathComponent("no-device-file").path
        environment.merge(block.environment) { $1 }
        environment["PATH"] = binaryURL.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        var servers: [BackgroundCommand] = []
        defer { for server in servers { _ = server.stop() } }
        let usesLibnfc = block.commands.contains { $0.command.contains("LIBNFC_DEVICE=") }
        guard !usesLibnfc || LibnfcTools.shouldRun else { return }
        let lastChecked = block.commands.lastIndex(where: \.isChecked) ?? -1
        for command in block.commands.prefix(lastChecked + 1) where !command.isTemplate && !command.isNotRunHere {
            let text = command.command.replacingOccurrences(of: "/tmp/", with: scratch.path + "/")
            if text.hasPrefix("export ") {
                let assignment = text.dropFirst("export ".count)
                let parts = assignment.split(separator: "=", maxSplits: 1)
                try #require(parts.count == 2, "README.md:\(command.line): export NAME=VALUE expected")
                environment[String(parts[0])] = String(parts[1])
                continue
            }
            if command.runsInSecondTerminal {
                let (server, first) = try startServer(text, environment: environment, line: command.line)
                servers.append(server)
                if let shown = command.shownOutput.first {
                    #expect(outputMatches(first, shown: [shown]), "README.md:\(command.line): `\(command.command)` began with \(first), the README shows \(shown)")
                }
                continue
            }
            let result = try runShell(text, in: scratch, environment: environment)
            #expect(result.status == command.expectedStatus,
                    "README.md:\(command.line): `\(command.command)` exited \(result.status), \(command.expectedStatus) expected; output:\n\(result.output)")
            if !command.shownOutput.isEmpty {
                let shown = command.shownOutput.map { $0.replacingOccurrences(of: "/tmp/", with: scratch.path + "/") }
                #expect(outputMatches(result.output, shown: shown),
                        "README.md:\(command.line): `\(command.command)` printed\n\(result.output)\nthe README shows\n\(command.shownOutput.joined(separator: "\n"))")
            }
        }
    }

    /// Runs `command` with bash in `directory`, standard error merged into standard output; a
    /// command that has not ended after a minute is interrupted (a README example that waits
    /// for ever belongs outside a checked block).
    private func runShell(_ command: String, in directory: URL, environment: [String: String]) throws -> ProgramResult {
        try runProgram("timeout", ["--signal=INT", "--kill-after=5", "60", "/bin/bash", "-c", "cd '\(directory.path)' && { \(command)\n} 2>&1"],
                       environment: environment)
    }

    /// Starts a server the README runs in a second terminal (`pn532ctl sim --link …`) and
    /// waits for the first line it prints, which it prints once it serves.
    private func startServer(_ command: String, environment: [String: String], line: Int) throws -> (BackgroundCommand, String) {
        let words = command.split(separator: " ").map(String.init)
        try #require(words.first == "pn532ctl", "README.md:\(line): only pn532ctl runs in a second terminal")
        let server = try BackgroundCommand(Array(words.dropFirst()), environment: environment)
        return (server, try server.readLine(within: 20))
    }
}
