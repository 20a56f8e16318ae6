import ArgumentParser

/// `pn532ctl token`: signed door tokens.
struct TokenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Issue and check signed door tokens (pn532ctl.org:token).",
        subcommands: [
            TokenIssueCommand.self, TokenCheckCommand.self,
        ])
}
