import Foundation
import ArgumentParser
import Testing
@testable import pn532ctl

/// Every command's help at 80 columns: no line too long, paragraphs wrapped by the help
/// generator (never a hard line break leaving an orphan word), upper-case placeholders, an
/// example, and the ranges of numeric options.
@Suite("help texts")
struct HelpTextTests {
    /// Every command, with its words after `pn532ctl`.
    static let commands: [(path: String, type: any ParsableCommand.Type)] = {
        var found: [(String, any ParsableCommand.Type)] = []
        func walk(_ type: any ParsableCommand.Type, _ path: String) {
            found.append((path, type))
            for sub in type.configuration.subcommands {
                walk(sub, path.isEmpty ? sub._commandName : path + " " + sub._commandName)
            }
        }
        walk(PN532Ctl.self, "")
        return found
    }()

    static func help(_ type: any ParsableCommand.Type) -> [String] {
        HelpText.render(PN532Ctl.helpMessage(for: type, columns: 80)).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func everyCommandIsWalked() {
        #expect(Self.commands.count > 30)
        #expect(Self.commands.contains { $0.path == "door check-config" })
    }

    @Test func noLineIsWiderThan80Columns() {
        for (path, type) in Self.commands {
            for line in Self.help(type) where line.count > 80 {
                Issue.record("pn532ctl \(path): \(line.count) columns: \(line)")
            }
        }
    }

    /// In the overview (abstract and discussion), two lines of one paragraph are split only
    /// where the next word would not fit: a break the source made leaves a short line.
    @Test func paragraphsAreWrappedNotBroken() {
        for (path, type) in Self.commands {
            let overview = Self.help(type).prefix { !$0.hasPrefix("USAGE:") }
            for (line, next) in zip(overview, overview.dropFirst()) {
                guard !line.isEmpty, !next.isEmpty, !line.hasPrefix(" "), !next.hasPrefix(" ") else { continue }
                let word = next.prefix { $0 != " " }
                if line.count + 1 + word.count < 80 {
                    Issue.record("pn532ctl \(path): a line break inside a paragraph after \"\(line)\" (\"\(word)\" fits)")
                }
            }
        }
    }

    @Test func placeholdersAreUpperCase() {
        for (path, type) in Self.commands {
            for line in Self.help(type) {
                var rest = Substring(line)
                while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
                    let name = rest[rest.index(after: open)..<close]
                    if name != name.uppercased() {
                        Issue.record("pn532ctl \(path): placeholder <\(name)> is not upper-case: \(line)")
                    }
                    rest = rest[rest.index(after: close)...]
                }
            }
        }
    }

    @Test func everyCommandHasAnExample() {
        for (path, type) in Self.commands {
            let lines = Self.help(type)
            guard let start = lines.firstIndex(of: "Examples:") else {
                Issue.record("pn532ctl \(path): no Examples: block")
                continue
            }
            let examples = lines[(start + 1)...].prefix { $0.hasPrefix("  ") }
            let command = "  pn532ctl " + (path.isEmpty ? "" : path)
            #expect(!examples.isEmpty && examples.allSatisfy { $0.hasPrefix(command) }, "pn532ctl \(path): \(examples)")
        }
    }

    /// The binary prints the same help: `pn532ctl help COMMAND` and `COMMAND --help`.
    @Test(arguments: [["help", "flash"], ["protect", "--help"], ["help", "door"]])
    func theBinaryPrintsItFitted(_ arguments: [String]) throws {
        let result = try pn532ctl(arguments)
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("USAGE: pn532ctl ") })
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(result.output)")
        #expect(!result.output.contains("<options>") && !result.output.contains("<subcommand>"))
    }

    /// Numeric options state their range in the help, not only in the error.
    @Test(arguments: [
        ("scan", ["--wait <SECONDS>", "86400", "--count <N>", "--timeout <SECONDS>"]),
        ("read", ["--wait <SECONDS>", "86400"]),
        ("raw", ["--timeout <SECONDS>", "3600"]),
        ("reset", ["--hold <MS>", "1-1000", "--boot <MS>", "0-1000"]),
        ("protect", ["--from <PAGE>", "0-255", "--attempt-limit <N>", "128"]),
        ("gpio pulse", ["<MS>", "1-600000"]),
        ("gpio watch", ["--debounce <MS>", "--count <N>", "--timeout <SECONDS>"]),
        ("flash", ["--attempt-limit <N>", "128", "--count <N>"]),
        ("ndef encode", ["--chunk-size <N>"]),
        ("token issue", ["--user <NAME>", "1-64 bytes", "--key-id <N>", "0-255"]),
    ])
    func rangesAreStated(_ path: String, _ texts: [String]) throws {
        let type = try #require(Self.commands.first { $0.path == path }?.type)
        let help = Self.help(type).joined(separator: "\n")
        for text in texts {
            #expect(help.contains(text), "pn532ctl \(path): no \(text)")
        }
    }
}
