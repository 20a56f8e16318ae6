import ArgumentParser
import BuildInfo
import DaemonKit
import FleetUplink

#if canImport(Glibc)
import Glibc
#endif

/// `pn532ctl door uplink`: the door's link to the fleet's broker, in its own unprivileged unit.
struct DoorUplinkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uplink",
        abstract: "Send the door's audit log to an MQTT broker and bring it signed user snapshots.",
        discussion: """
            Connects to the broker of FILE's [broker] with the door's TLS certificate, as \
            client pn532ctl-DOOR with a persistent session and the Will "offline" on \
            pn532ctl/DOOR/status (retained; "online" once connected). It never sits in the \
            door's decision path: \
            (1) it follows the door's audit log from its cursor (in state_directory), across \
            rotations, and publishes every line as stored on pn532ctl/DOOR/audit at QoS 1; the \
            cursor moves only past lines the broker acknowledged, so a broker outage or a \
            restart loses nothing and repeats only unacknowledged lines (recognisable by their \
            line number); the chain's head goes to pn532ctl/DOOR/audit/head, retained. \
            (2) It subscribes to pn532ctl/acl/GROUP and writes a snapshot that verifies with \
            public_key_file, is for its site and group and is newer than the file's to \
            snapshot, atomically; then it asks the door to reload on control_socket and \
            publishes what the door has in force on pn532ctl/DOOR/acl/state (retained). The \
            door verifies the snapshot again before it uses it. \
            (3) With [home_assistant] discovery (the default) it publishes Home Assistant's \
            discovery for the door, retained.

            Exit status: 0 after SIGTERM, 130 after SIGINT, 65 an invalid file or public key, \
            66 a missing file, 69 libmosquitto missing (apt install libmosquitto1), 74 an \
            unreadable audit cursor.

            Examples:
              pn532ctl door uplink --config /etc/pn532ctl-uplink/uplink.toml
            """)

    @Option(help: ArgumentHelp("The uplink's file.", valueName: "FILE"), completion: .file())
    var config = "/etc/pn532ctl-uplink/uplink.toml"

    @Flag(help: "Also log each snapshot and connection step.")
    var verbose = false

    func run() throws {
        let service = UplinkService(configPath: config, log: OperationalLog(threshold: verbose ? .debug : .info), softwareVersion: BuildInfo.version)
        let signal: Int32
        do throws(UplinkServiceError) { signal = try service.run() } catch {
            switch error {
            case .signals: throw CLIError.io(error.description)
            case .configuration(let config): throw CLIError(config)
            case .publicKey: throw CLIError(message: error.description, exitCode: .dataError)
            case .cursor: throw CLIError.io(error.description)
            case .mqtt: throw CLIError(message: error.description, exitCode: .unavailable)
            }
        }
        if signal == SIGINT { throw ExitCode(130) }
    }
}
