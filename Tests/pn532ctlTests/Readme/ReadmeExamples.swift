import Foundation

/// One `$ command` line of a README shell block, with the output the README shows under it.
struct ReadmeCommand {
    /// The line in README.md, from 1.
    var line: Int
    /// The command as typed, without its trailing comment.
    var command: String
    /// The comment after the command (`# …`), without the `#`.
    var comment: String
    /// The lines the README shows after the command, up to the next command or the fence.
    var shownOutput: [String]

    /// The exit status the comment names (`# exit 1: …`), else 0.
    var expectedStatus: Int32 {
        let words = comment.split(separator: " ")
        guard words.count >= 2, words[0] == "exit" else { return 0 }
        return Int32(words[1].prefix { $0.isNumber }) ?? 0
    }

    /// Whether the README says what to expect of this command (output, or an exit status) and
    /// it can run here.
    var isChecked: Bool { (!shownOutput.isEmpty || comment.hasPrefix("exit ")) && !isNotRunHere }

    /// Whether the comment says the command cannot run in a scratch directory: it needs a
    /// Raspberry Pi with a reader (`# on a Pi`) or runs until it is stopped (`# until Ctrl-C`).
    var isNotRunHere: Bool { ["on a Pi", "until Ctrl-C"].contains { comment.contains($0) } }

    /// Whether the README runs this command in another terminal (a server such as `pn532ctl sim`).
    var runsInSecondTerminal: Bool { comment.contains("second terminal") }

    /// Whether the line is a template rather than a command (`read [--raw | --json]`).
    var isTemplate: Bool { command.contains("[") && command.contains(" | ") || command.contains("…") }
}

/// A fenced shell block of the README: its commands, in order.
struct ReadmeBlock {
    /// The line of the opening fence.
    var line: Int
    var commands: [ReadmeCommand]
    /// The environment the README sets for its examples from here on, with a line
    /// `<!-- examples: NAME=VALUE -->` before the block (invisible once rendered; the prose
    /// says the same to the reader).
    var environment: [String: String] = [:]
}

/// Reads the shell examples out of a Markdown text: every ```sh or ```console block whose lines
/// start with `$ `. Other blocks are skipped (a bare ``` holds a sample another test checks,
/// such as the door demo's, which `DoorDemoTests` compares).
func readmeBlocks(_ markdown: String) -> [ReadmeBlock] {
    enum Place { case prose, shell(ReadmeBlock), otherLanguage }
    var blocks: [ReadmeBlock] = []
    var place = Place.prose
    var environment: [String: String] = [:]
    for (index, rawLine) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let line = String(rawLine)
        switch place {
        case .prose:
            if line.hasPrefix("<!-- examples: "), line.hasSuffix(" -->") {
                let assignment = line.dropFirst("<!-- examples: ".count).dropLast(" -->".count).split(separator: "=", maxSplits: 1)
                if assignment.count == 2 { environment[String(assignment[0])] = String(assignment[1]) }
            }
            guard line.hasPrefix("```") else { continue }
            place = ["```sh", "```console"].contains(line)
                ? .shell(ReadmeBlock(line: index + 1, commands: [], environment: environment)) : .otherLanguage
        case .otherLanguage:
            if line.hasPrefix("```") { place = .prose }
        case .shell(var block):
            if line.hasPrefix("```") {
                if !block.commands.isEmpty { blocks.append(block) }
                place = .prose
            } else if line.hasPrefix("$ ") {
                let (command, comment) = splitComment(String(line.dropFirst(2)))
                block.commands.append(ReadmeCommand(line: index + 1, command: command, comment: comment, shownOutput: []))
                place = .shell(block)
            } else if !block.commands.isEmpty {
                block.commands[block.commands.count - 1].shownOutput.append(line)
                place = .shell(block)
            }
        }
    }
    return blocks
}

/// A command and its comment: the comment starts at a `#` after two or more spaces.
private func splitComment(_ text: String) -> (String, String) {
    guard let range = text.range(of: "  #") else { return (text.trimmingCharacters(in: .whitespaces), "") }
    let command = text[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
    let comment = text[range.upperBound...].trimmingCharacters(in: .whitespaces)
    return (command, comment)
}

/// Whether `output` is what the README shows: line by line, trailing spaces aside, with what
/// differs from run to run (times, durations, rates, pty numbers, chain hashes) set aside; a line
/// `…` ends the comparison (the rest is elided).
func outputMatches(_ output: String, shown: [String]) -> Bool {
    var actual = output.split(separator: "\n", omittingEmptySubsequences: false).map { normalised(String($0)) }
    if actual.last == "" { actual.removeLast() }
    for (offset, line) in shown.enumerated() {
        let expected = normalised(line)
        if expected == "…" { return true }
        guard offset < actual.count, actual[offset] == expected else { return false }
    }
    return actual.count == shown.count
}

/// The patterns of what a run cannot reproduce, and what stands for each.
private let runDependent: [(pattern: String, placeholder: String)] = [
    ("[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z", "<time>"),
    ("/dev/pts/[0-9]+", "/dev/pts/<n>"),
    ("[0-9A-F]{64}", "<hash>"),
    ("[0-9]+\\.[0-9]+ (s|ms|tags/min)\\b", "<n> $1"),
]

private func normalised(_ line: String) -> String {
    var line = line.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
    for (pattern, placeholder) in runDependent {
        line = line.replacingOccurrences(of: pattern, with: placeholder, options: .regularExpression)
    }
    return line
}
