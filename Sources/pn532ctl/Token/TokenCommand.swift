import ArgumentParser

/// `pn532ctl token`: signed door tokens.
struct TokenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Issue and check signed door tokens (pn532ctl.org:token).",
        discussion: """
            Examples:
              pn532ctl token issue --user alice --key door.key
              pn532ctl token check --key door.key
            """,
        subcommands: [
            TokenIssueCommand.self, TokenCheckCommand.self,
        ])
}
