import ArgumentParser

/// `pn532ctl door`: the door access controller.
struct DoorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "door",
        abstract: "Run the door access controller and look after its configuration and log.",
        subcommands: [
            DoorRunCommand.self,
            DoorReleaseCommand.self,
            DoorHooksCommand.self,
            DoorLogCommand.self,
            DoorCheckConfigCommand.self,
        ])
}
