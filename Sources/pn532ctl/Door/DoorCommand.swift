import ArgumentParser

/// `pn532ctl door`: the door access controller.
struct DoorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "door",
        abstract: "Run the door access controller and look after its configuration and log.",
        discussion: """
            To try the door without a board, run Examples/door-demo.toml against pn532ctl sim: \
            its GPIO lines are simulated, files in a directory (README, "The door controller").

            Examples:
              pn532ctl door check-config /etc/pn532ctl/door.toml
              pn532ctl door log --since 1h --denied
              pn532ctl door run --config Examples/door-demo.toml
            """,
        subcommands: [
            DoorRunCommand.self,
            DoorReleaseCommand.self,
            DoorHooksCommand.self,
            DoorUplinkCommand.self,
            DoorControlCommand.self,
            DoorLogCommand.self,
            DoorCheckConfigCommand.self,
        ])
}
