import NFCCore
import TOML
/// The effective configuration written back as TOML, as `door check-config` prints it: every
/// setting with its value after board defaults and built-in defaults were applied. The
/// output parses back to the same configuration without needing the board profile.
extension DoorConfig {
    /// The configuration as a TOML document.
    public func renderedTOML() -> String {
        var lines: [String] = []
        if let board {
            lines += ["# board profile \(board) applied: its defaults are written out below", ""]
        }
        lines += readerLines() + [""] + gpioLines() + [""] + relayLines() + [""] + inputsLines() + [""]
        if feedback.led != nil || feedback.buzzer != nil { lines += feedbackLines() + [""] }
        lines += securityLines() + [""] + auditLines()
        for keyed in keyedSections { lines += [""] + Self.keyedCardLines(keyed) }
        if let fleet {
            lines += ["", "[fleet]", "site = \(TOMLFormat.string(fleet.site))", "group = \(TOMLFormat.string(fleet.group))",
                      "public_key_file = \(TOMLFormat.string(fleet.publicKeyFile))", "snapshot = \(TOMLFormat.string(fleet.snapshot))"]
            if let staleAfter = fleet.staleAfter { lines.append("stale_after_hours = \(staleAfter.components.seconds / 3600)") }
            if let control = fleet.control {
                lines += ["control_socket = \(TOMLFormat.string(control.path))", "uplink_user = \(TOMLFormat.string(control.uplinkUser))"]
                if let group = control.group { lines.append("control_group = \(TOMLFormat.string(group))") }
            }
            if let remote = fleet.remoteUnlock {
                lines += ["door = \(TOMLFormat.string(remote.door))", "remote_unlock = true", "unlock_public_key_file = \(TOMLFormat.string(remote.keyFile))"]
            }
            lines.append("# \(users.count) user\(users.count == 1 ? "" : "s") from the snapshot's version \(fleet.version), sha256 \(fleet.digest)")
        } else {
            for user in users { lines += [""] + Self.userLines(user) }
        }
        if let socket = hooks.socket { lines += ["", "[hooks]", "socket = \(TOMLFormat.string(socket))"] }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `[credentials.ntag424]`, `[credentials.desfire]`.
    private static func keyedCardLines(_ keyed: KeyedCardConfig) -> [String] {
        var lines = ["[\(keyed.family.section)]"]
        if !keyed.application.isEmpty { lines.append("application = \(TOMLFormat.string(UIDNotation.hex(keyed.application, separator: "")))") }
        if keyed.family != .ultralightAES { lines.append("key_number = \(keyed.keyNumber)") }
        if keyed.masterKeys.count == 1, let only = keyed.masterKeys.first, only.version == nil {
            lines.append("master_key_file = \(TOMLFormat.string(only.path))")
        } else {
            let entries = keyed.masterKeys.map { "{ version = \($0.version ?? 0), file = \(TOMLFormat.string($0.path)) }" }
            lines.append("master_keys = [" + entries.joined(separator: ", ") + "]")
        }
        if !keyed.systemIdentifier.isEmpty { lines.append("system_id = \(TOMLFormat.string(UIDNotation.hex(keyed.systemIdentifier, separator: "")))") }
        if let uidKey = keyed.uidKey { lines.append("uid_key = { key_number = \(uidKey.keyNumber), file = \(TOMLFormat.string(uidKey.path)) }") }
        lines.append("require_genuine = \(keyed.requireGenuine)")
        return lines
    }

    private func readerLines() -> [String] {
        var lines = ["[reader]", "device = \(TOMLFormat.string(reader.device))"]
        if let baud = reader.baud { lines.append("baud = \(baud)") }
        if let line = reader.irqLine { lines.append("irq_line = \(TOMLFormat.string(line))") }
        if let line = reader.resetLine { lines.append("reset_line = \(TOMLFormat.string(line))") }
        lines.append("health_check = \(Self.seconds(reader.healthCheckInterval))")
        lines.append("other_families = \(reader.pollsOtherFamilies)")
        lines.append("resting_after = \(Self.seconds(reader.restingAfter))")
        return lines
    }

    private func gpioLines() -> [String] {
        var lines = ["[gpio]", "backend = \(TOMLFormat.string(gpio.backend.rawValue))"]
        if let chip = gpio.chip { lines.append("chip = \(TOMLFormat.string(chip))") }
        lines.append("sysfs_root = \(TOMLFormat.string(gpio.sysfsRoot))")
        if gpio.isSimulated { lines.append("sim_directory = \(TOMLFormat.string(gpio.simDirectory))") }
        return lines
    }

    private func relayLines() -> [String] {
        var lines = ["[relay]", "line = \(TOMLFormat.string(relay.output.line))", "active_low = \(relay.output.activeLow)"]
        switch relay.mode {
        case let .pulse(duration): lines += ["mode = \"pulse\"", "pulse = \(Self.seconds(duration))"]
        case .toggle: lines.append("mode = \"toggle\"")
        }
        return lines
    }

    private func inputsLines() -> [String] {
        var lines = ["[inputs]"]
        for (key, line) in [("exit_button", inputs.exitButton), ("door_contact", inputs.doorContact), ("doorbell", inputs.doorbell)] {
            if let line { lines.append("\(key) = \(Self.inlineLine(line))") }
        }
        lines.append("relock_on_close = \(inputs.relockOnClose)")
        if let alarm = inputs.heldOpenAlarm { lines.append("held_open_alarm = \(Self.seconds(alarm))") }
        lines.append("debounce_ms = \(Self.milliseconds(inputs.debounce))")
        return lines
    }

    private func feedbackLines() -> [String] {
        var lines = ["[feedback]"]
        let devices = [("led", feedback.led, feedback.ledGranted, feedback.ledDenied), ("buzzer", feedback.buzzer, feedback.buzzerGranted, feedback.buzzerDenied)]
        for (name, line, granted, denied) in devices {
            guard let line else { continue }
            lines += ["\(name) = \(Self.inlineLine(line))", "\(name)_granted = \(Self.pattern(granted))", "\(name)_denied = \(Self.pattern(denied))"]
        }
        return lines
    }

    private func securityLines() -> [String] {
        var lines = ["[security]"]
        if let keyFile = security.keyFile { lines.append("key_file = \(TOMLFormat.string(keyFile))") }
        lines += ["key_id = \(security.keyID)", "site = \(TOMLFormat.string(security.site))"]
        if let door = security.door { lines.append("door = \(TOMLFormat.string(door))") }
        lines += [
            "groups = \(TOMLFormat.array(security.groups))",
            "accept_v1_tokens = \(security.acceptV1Tokens)",
            "revoked_uids = \(TOMLFormat.array(security.revokedUIDs.map(UIDNotation.format)))",
            "require_synchronised_clock = \(security.requireSynchronisedClock)",
            "rolling_counter = \(security.rollingCounter)",
            "counter_file = \(TOMLFormat.string(security.counterFile))",
            "require_genuine = \(security.requireGenuine)",
            "originality_key = \(TOMLFormat.string(security.originalityKey.rawValue))",
        ]
        if let lockout = security.lockout {
            lines.append("lockout = { denials = \(lockout.denials), window = \(Self.seconds(lockout.window)), duration = \(Self.seconds(lockout.duration)), global_denials = \(lockout.globalDenials) }")
        } else {
            lines.append("lockout = false")
        }
        return lines
    }

    private func auditLines() -> [String] {
        ["[audit]", "path = \(TOMLFormat.string(audit.path))", "max_bytes = \(audit.maxBytes)", "keep = \(audit.keep)", "on_failure = \(TOMLFormat.string(audit.onFailure.rawValue))"]
    }

    private static func userLines(_ user: User) -> [String] {
        var lines = ["[[users]]", "name = \(TOMLFormat.string(user.name))"]
        if let date = user.validFrom { lines.append("valid_from = \(date)") }
        if let date = user.validUntil { lines.append("valid_until = \(date)") }
        if let schedule = user.schedule { lines.append("schedule = \(TOMLFormat.array(schedule.windows.map(ScheduleNotation.format)))") }
        if let issuedAfter = user.tokensIssuedAfter { lines.append("tokens_issued_after = \(issuedAfter)") }
        var groups: [(key: String, items: [String])] = []
        for credential in user.credentials {
            let (key, item) = credentialItem(credential)
            if let index = groups.firstIndex(where: { $0.key == key }) {
                groups[index].items.append(item)
            } else {
                groups.append((key, [item]))
            }
        }
        if let family = user.uidFamily { lines.append("uid_family = \(TOMLFormat.string(family.rawValue))") }
        for (key, items) in groups {
            switch key {
            case "token": lines.append("token = true")
            case "mime": lines.append("mime = [" + items.joined(separator: ", ") + "]")
            default: lines.append("\(key) = [" + items.joined(separator: ", ") + "]")
            }
        }
        return lines
    }

    /// The key a credential is written under and its item in that key's array.
    private static func credentialItem(_ credential: Credential) -> (String, String) {
        switch credential {
        case let .uid(uid): ("uid", TOMLFormat.string(UIDNotation.format(uid)))
        case let .textEquals(text): ("text", TOMLFormat.string(text))
        case let .textPrefix(text): ("text_prefix", TOMLFormat.string(text))
        case let .uriEquals(uri): ("uri", TOMLFormat.string(uri))
        case let .uriPrefix(uri): ("uri_prefix", TOMLFormat.string(uri))
        case let .mime(type, payload): ("mime", "{ type = \(TOMLFormat.string(type)), \(mimePayload(payload)) }")
        case .signedToken: ("token", "true")
        case let .keyed(family, uid): (family.rawValue, TOMLFormat.string(UIDNotation.format(uid)))
        }
    }

    /// `payload = "text"` when the bytes are UTF-8 text, `payload_hex = "…"` otherwise.
    private static func mimePayload(_ payload: [UInt8]) -> String {
        if let text = String(validating: payload, as: UTF8.self) { return "payload = \(TOMLFormat.string(text))" }
        return "payload_hex = \(TOMLFormat.string(UIDNotation.hex(payload, separator: "")))"
    }

    private static func inlineLine(_ line: LineConfig) -> String {
        "{ line = \(TOMLFormat.string(line.line)), active_low = \(line.activeLow) }"
    }

    private static func pattern(_ pattern: FeedbackPattern) -> String {
        "[" + pattern.steps.map { String(milliseconds($0)) }.joined(separator: ", ") + "]"
    }

    /// Whole milliseconds in a duration.
    private static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    /// Seconds to the millisecond: `3`, `0.25`.
    private static func seconds(_ duration: Duration) -> String {
        let total = milliseconds(duration)
        let whole = String(total / 1000)
        guard total % 1000 != 0 else { return whole }
        var fraction = String(total % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return whole + "." + fraction
    }
}
