import JSONText
import ArgumentParser
import DoorControl

/// `pn532ctl door release`: drives the relay, LED and buzzer released (the door locked),
/// whatever became of `door run`. The unit runs it as `ExecStopPost=`.
struct DoorReleaseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "release",
        abstract: "Drive the relay and the feedback outputs released (locked), without a valid configuration.",
        discussion: """
            Reads only what it needs: the [gpio], [relay] and [feedback] sections of FILE (the \
            rest of the file may be invalid, even as TOML), checked against the copy of the lines door run \
            keeps in the state directory (door-lines.toml); only when FILE cannot be read are \
            the copy's lines driven. A line whose active_low differs between the copy and FILE \
            is driven with neither polarity and the release fails (65); a line only the copy \
            names is not driven and is named on standard error. Each line is requested as an \
            output already at its off level, driven off again and let go: sysfs keeps the \
            value and Raspberry Pi kernels keep a character-device output driven after it is \
            released, so a line left energised by a killed or crashed door stays energised \
            until something drives it low. The unit runs this as ExecStopPost=, after every \
            stop, crash, kill and watchdog abort. Run it while door run is stopped: a running \
            door holds its lines. Exit status: 0 the relay released, 65 no relay line could be \
            read or the copy and FILE disagree on a line's polarity, 66 a missing file, 69 the line cannot be had, 77 no permission.

            Examples:
              pn532ctl door release --config /etc/pn532ctl/door.toml
            """)

    @Option(help: ArgumentHelp("The configuration file.", valueName: "FILE"), completion: .file())
    var config = "/etc/pn532ctl/door.toml"

    @Option(help: ArgumentHelp("Where board profiles are looked up first.", valueName: "DIR"), completion: .directory)
    var boards: String?

    @Option(help: ArgumentHelp("Where door run keeps the lines it started with (default: $STATE_DIRECTORY under systemd).", valueName: "DIR"), completion: .directory)
    var stateDirectory: String?

    @Flag(help: "Print JSON: file, released (what was driven low) and problems; a failure is an error object naming them.")
    var json = false

    func run() throws {
        let release = OutputRelease(configPath: config, boards: boards, stateDirectory: OutputRelease.stateDirectory(stateDirectory))
        let outcome = release.run()
        if json {
            if let failure = outcome.failure {
                var error = CLIError(failure)
                error.message = ([error.message] + outcome.problems).joined(separator: "; ")
                throw error
            }
            print(JSON.object([
                ("file", .string(config)), ("released", .array(outcome.released.map(JSON.string))),
                ("problems", .array(outcome.problems.map(JSON.string))),
            ]).text)
            return
        }
        for line in outcome.released { print(line) }
        for problem in outcome.problems { StandardError.write("door release: \(problem)\n") }
        if let failure = outcome.failure { throw CLIError(failure) }
    }
}
