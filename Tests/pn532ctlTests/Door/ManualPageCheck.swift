import Foundation
import Testing

/// Checks of the manual pages and completion scripts that scripts/install.sh and
/// scripts/package-deb install.
enum ManualPageCheck {
    /// The page (plain or gzipped) formats without a warning from man and groff and shows its
    /// NAME, SYNOPSIS and DESCRIPTION.
    static func expectValid(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(FileManager.default.fileExists(atPath: path), "no manual page \(path)", sourceLocation: sourceLocation)
        let result = try runProgram("man", ["--warnings", "-l", path], environment: ["MANWIDTH": "80", "LC_ALL": "C.UTF-8"])
        #expect(result.status == 0, "man -l \(path): \(result.error)", sourceLocation: sourceLocation)
        #expect(result.error.isEmpty, "man -l \(path) warns: \(result.error)", sourceLocation: sourceLocation)
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION"] {
            #expect(result.output.contains(section), "\(path) has no \(section)", sourceLocation: sourceLocation)
        }
        #expect(result.output.contains("pn532ctl"), sourceLocation: sourceLocation)
    }

    /// The three scripts exist and complete the commands and a nested subcommand's option;
    /// bash completes a record option and a device kind.
    static func expectCompletions(bash: String, zsh: String, fish: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for path in [bash, zsh, fish] {
            let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
            for word in ["identify", "door", "check-config", "boards", "device"] {
                #expect(text.contains(word), "\(path) does not mention \(word)", sourceLocation: sourceLocation)
            }
        }
        let syntax = try runProgram("bash", ["-n", bash])
        #expect(syntax.status == 0, "bash -n \(bash): \(syntax.error)", sourceLocation: sourceLocation)
        let bashText = String(decoding: try Data(contentsOf: URL(fileURLWithPath: bash)), as: UTF8.self)
        #expect(bashText.contains("complete -o filenames -F"), sourceLocation: sourceLocation)
        #expect(try BashCompletion.candidates(["write", "--te"], script: bash) == ["--text"], sourceLocation: sourceLocation)
        #expect(try BashCompletion.candidates(["scan", "--device", "sim-"], script: bash) == ["sim-i2c", "sim-spi"], sourceLocation: sourceLocation)
        let zshText = String(decoding: try Data(contentsOf: URL(fileURLWithPath: zsh)), as: UTF8.self)
        #expect(zshText.hasPrefix("#compdef pn532ctl"), sourceLocation: sourceLocation)
    }
}
