import Foundation
import Testing

/// The completion scripts offer what people type: the record options, files where a file is
/// expected, and the device kinds after --device.
@Suite("completion scripts")
struct CompletionScriptTests {
    @Test(arguments: [["write", "--te"], ["ndef", "encode", "--te"], ["flash", "--te"]])
    func recordOptions(_ words: [String]) throws {
        #expect(try BashCompletion.candidates(words) == ["--text"])
    }

    @Test func recordOptionsAfterOtherRecords() throws {
        let candidates = try BashCompletion.candidates(["write", "--text", "Hi", "--"])
        for option in ["--uri", "--mime", "--smart-poster", "--lang", "--message", "--wait"] {
            #expect(candidates.contains(option), "\(candidates)")
        }
        #expect(try BashCompletion.candidates(["write", "--smart-poster", "https://x", "--action", ""]) == ["do", "save", "edit"])
    }

    @Test func filesWhereAFileIsExpected() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data().write(to: directory.appendingPathComponent("door-test.toml"))
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("boards-here"), withIntermediateDirectories: false)
        #expect(try BashCompletion.candidates(["door", "run", "--config", "door-t"], in: directory) == ["door-test.toml"])
        #expect(try BashCompletion.candidates(["write", "--message", "door-t"], in: directory) == ["door-test.toml"])
        #expect(try BashCompletion.candidates(["door", "check-config", "door-t"], in: directory) == ["door-test.toml"])
        #expect(try BashCompletion.candidates(["door", "run", "--boards", "b"], in: directory) == ["boards-here"])
        #expect(try BashCompletion.candidates(["key", "new", "door-t"], in: directory) == ["door-test.toml"])
        #expect(try BashCompletion.candidates(["write", "--mime", "text/plain", "--file", "door-t"], in: directory) == ["door-test.toml"])
    }

    @Test func deviceKinds() throws {
        let candidates = try BashCompletion.candidates(["scan", "--device", ""])
        for kind in ["sim", "sim-i2c", "uart:", "i2c:", "sim:ntag215", "sim:blank"] {
            #expect(candidates.contains(kind), "\(candidates)")
        }
        #expect(try BashCompletion.candidates(["read", "--device", "sim-"]) == ["sim-i2c", "sim-spi"])
    }

    /// zsh and fish call the binary for the same answers (they are not installed here to run
    /// the scripts): each script names the call, and the binary answers it.
    @Test func zshAndFishAskTheBinary() throws {
        for shell in ["zsh", "fish"] {
            let script = try pn532ctl(["--generate-completion-script", shell]).output
            #expect(script.contains("---completion write -- positional@0"), "\(shell)")
            #expect(script.contains("---completion scan -- --device"), "\(shell)")
        }
        let zsh = try pn532ctl(["--generate-completion-script", "zsh"]).output
        #expect(zsh.contains("--config[The configuration file.]:FILE:_files"))
        let fish = try pn532ctl(["--generate-completion-script", "fish"]).output
        #expect(fish.contains("\"pn532ctl door run\" config' -l 'config' -d 'The configuration file.' -rF\n"))
        let answer = try pn532ctl(["---completion", "write", "--", "positional@0", "2", "4", "pn532ctl", "write", "--te"])
        #expect(answer.output.split(separator: "\n").contains("--text"), "\(answer.output) \(answer.standardError)")
    }
}
