/// ArgumentParser's help and usage text made to fit 80 columns: it wraps paragraphs but
/// prints the usage synopsis on one line however long, and names its own placeholders in
/// lower case (`<options>`, `<subcommand>`) where ours are upper case.
enum HelpText {
    /// The width help is written for.
    static let columns = 80

    /// `text` with every `USAGE:` or `Usage:` line wrapped at `columns`, between the
    /// synopsis' groups (never inside `[…]` or `<…>`), continuation lines indented under the
    /// command, and ArgumentParser's placeholders in upper case.
    static func render(_ text: String, columns: Int = columns) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var line = String(line)
            for (lower, upper) in [("<options>", "<OPTIONS>"), ("<subcommand>", "<SUBCOMMAND>")] {
                line = line.replacing(lower, with: upper)
            }
            guard line.hasPrefix("USAGE: ") || line.hasPrefix("Usage: "), line.count > columns else { return line }
            return wrap(line, columns: columns)
        }.joined(separator: "\n")
    }

    /// A synopsis line broken at the spaces outside brackets, each line at most `columns`
    /// wide when its groups allow.
    private static func wrap(_ line: String, columns: Int) -> String {
        var groups: [String] = []
        var current = ""
        var depth = 0
        for character in line {
            switch character {
            case "[", "<", "(": depth += 1
            case "]", ">", ")": depth = max(0, depth - 1)
            default: break
            }
            if character == " ", depth == 0 {
                groups.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        groups.append(current)
        // "USAGE:" "pn532ctl" "read": the first three words stay together; the rest hang
        // under the command's name.
        let head = groups.prefix(2).joined(separator: " ")
        let indent = String(repeating: " ", count: head.count + 1)
        var lines: [String] = []
        var text = head
        for group in groups.dropFirst(2) where !group.isEmpty {
            if text.count + 1 + group.count > columns, text != head, text != indent {
                lines.append(text)
                text = indent + group
            } else {
                text += (text == indent ? "" : " ") + group
            }
        }
        lines.append(text)
        return lines.joined(separator: "\n")
    }
}
