import ArgumentParser

/// `pn532ctl door`: the door access controller.
struct DoorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "door",
        abstract: "Run the door access controller and look after its configuration and log.",
        discussion: """
            Examples:
              pn532ctl door check-config /etc/pn532ctl/door.toml
              pn532ctl door log --since 1h --denied
            """,
        subcommands: [
            DoorRunCommand.self,
            DoorReleaseCommand.self,
            DoorHooksCommand.self,
            DoorLogCommand.self,
            DoorCheckConfigCommand.self,
        ])
}
