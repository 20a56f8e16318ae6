import ArgumentParser

/// `pn532ctl gpio`: the technician's tools for wiring a door.
struct GPIOCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gpio",
        abstract: "List, read, set, pulse and watch GPIO lines (relays, buttons, door contacts).",
        discussion: """
            Lines are named as the board names them (GPIO17), never by sysfs number: the sysfs \
            backend reads the chip's base (512 on a Pi 4 with kernel 6.6) and adds the offset. \
            "On" means energised; use --active-low for relay boards and buttons that pull low. \
            --backend sim reaches the simulated lines of the door demo (Examples/door-demo.toml): \
            files in --sim-directory holding 0 or 1, no hardware.

            Examples:
              pn532ctl gpio list
              pn532ctl gpio pulse GPIO17 500
              pn532ctl gpio pulse GPIO22 500 --backend sim     # the demo door's exit button
            """,
        subcommands: [
            GPIOListCommand.self, GPIOGetCommand.self, GPIOSetCommand.self, GPIOPulseCommand.self,
            GPIOWatchCommand.self,
        ])
}
