import ArgumentParser

/// `pn532ctl fleet`: the administrator's side of many doors.
struct FleetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fleet",
        abstract: "Sign and publish the users of a group of doors; see each door's status.",
        discussion: """
            A site's administrator keeps one Ed25519 signing key; every door holds its public \
            key. `fleet sign` turns a users file ([[users]] tables, door.toml's syntax) into a \
            signed, versioned snapshot for one site and door group; a door applies only a \
            snapshot that verifies, is for its site and group, and is newer than the one it has. \
            `fleet publish` puts a snapshot on the broker for the group's uplinks; `fleet status` \
            lists each door's availability, applied snapshot and audit chain head.

            Examples:
              pn532ctl fleet key new fleet.key
              pn532ctl fleet sign users.toml --key fleet.key --site hq --group front --version 12 --output front-12.json
              pn532ctl fleet verify front-12.json --public-key fleet.key.pub --site hq --group front
              pn532ctl fleet publish front-12.json --broker mqtt.example --ca-file ca.crt --cert-file admin.crt --key-file admin.key
            """,
        subcommands: [FleetKeyCommand.self, FleetSignCommand.self, FleetVerifyCommand.self, FleetPublishCommand.self, FleetStatusCommand.self, FleetUnlockCommand.self])
}

/// `pn532ctl fleet key`: the signing key.
struct FleetKeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key",
        abstract: "Make the fleet's signing key.",
        discussion: """
            Examples:
              pn532ctl fleet key new fleet.key
            """,
        subcommands: [FleetKeyNewCommand.self])
}
