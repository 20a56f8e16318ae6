import ArgumentParser

/// Usage mistakes ArgumentParser reports in words that do not say what is wrong, said again.
enum UsageCorrections {
    /// `--wait -1`, `gpio pulse GPIO17 -5`: ArgumentParser takes `-1` for an option and says
    /// "Missing value" or "Missing expected argument". The message for the first negative number.
    static func negativeNumber(in arguments: [String]) -> String? {
        for (index, value) in arguments.enumerated() where value.count > 1 && value.hasPrefix("-") && Double(value.dropFirst()) != nil {
            let option = index > 0 && arguments[index - 1].hasPrefix("--") ? arguments[index - 1] + " " : ""
            return "\(option)\(value): negative values are not accepted (the command's --help gives the ranges)"
        }
        return nil
    }

    /// `help TOPIC…` naming no command: the words that are not one, else nil.
    static func unknownHelpTopic(in arguments: [String], root: any ParsableCommand.Type) -> String? {
        guard arguments.first == "help" else { return nil }
        var command = root
        for word in arguments.dropFirst() where !word.hasPrefix("-") {
            guard let next = command.configuration.subcommands.first(where: { $0.configuration.commandName == word }) else {
                return "help \(arguments.dropFirst().joined(separator: " ")): no command '\(word)'; commands: "
                    + command.configuration.subcommands.compactMap { $0.configuration.commandName }.joined(separator: ", ")
            }
            command = next
        }
        return nil
    }
}
