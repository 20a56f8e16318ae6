import DoorControl
import Testing

/// The reload's comparison: every field of the configuration is classified, live or restart.
@Suite struct ConfigChangesTests {
    /// A configuration with every optional part present, so that every section is a value.
    static let full = DoorConfig(
        board: "rpi4-uart", reader: ReaderConfig(device: "sim", irqLine: "GPIO5", resetLine: "GPIO6"),
        relay: RelayConfig(output: LineConfig(line: "GPIO17")),
        inputs: InputsConfig(exitButton: LineConfig(line: "GPIO22"), doorContact: LineConfig(line: "GPIO23"), doorbell: LineConfig(line: "GPIO24")),
        feedback: FeedbackConfig(led: LineConfig(line: "GPIO27"), buzzer: LineConfig(line: "GPIO18")),
        security: SecurityConfig(keyFile: "/etc/pn532ctl/key"), hooks: HooksConfig(socket: "/run/hooks"))

    /// The stored properties of `DoorConfig`, a section's as `section.property`.
    static var storedProperties: [String] {
        Mirror(reflecting: full).children.flatMap { child -> [String] in
            guard let label = child.label else { return [] }
            let section = Mirror(reflecting: child.value)
            guard section.displayStyle == .struct, !(child.value is ConfigKeyLines) else { return [label] }
            return section.children.compactMap { $0.label.map { "\(label).\($0)" } }
        }
    }

    @Test func everyFieldIsLiveOrRestartOnly() {
        let classified = ConfigChanges.fields.map(\.path)
        let properties = Self.storedProperties
        #expect(properties.count > 30, "\(properties)")
        for property in properties {
            #expect(classified.contains(property), "\(property) is neither applied on reload nor reported as needing a restart: add it to ConfigChanges.fields")
        }
        for path in classified {
            #expect(properties.contains(path), "ConfigChanges.fields names \(path), which DoorConfig does not have")
        }
        #expect(Set(classified).count == classified.count)
    }

    @Test func eachFieldSeesItsOwnChange() {
        let unchanged = ConfigChanges(from: Self.full, to: Self.full)
        #expect(unchanged.live.isEmpty && unchanged.restart.isEmpty)
        for field in ConfigChanges.fields {
            #expect(!field.differs(Self.full, Self.full), "\(field.path)")
        }
    }

    @Test func otherFamiliesIsAppliedLive() {
        var next = Self.full
        next.reader.pollsOtherFamilies.toggle()
        let changes = ConfigChanges(from: Self.full, to: next)
        #expect(changes.live == ["reader.pollsOtherFamilies"])
        #expect(changes.restart.isEmpty)
    }

    @Test func devicesLinesAndFilesNeedARestartNamedOnce() {
        var next = Self.full
        next.reader.device = "/dev/serial0"
        next.reader.baud = 921_600
        next.gpio.backend = .sysfs
        next.relay.output.line = "GPIO16"
        next.inputs.debounce = .milliseconds(50)
        next.feedback.led = nil
        next.audit.keep = 2
        next.security.counterFile = "/var/lib/other"
        next.users = [User(name: "alice", credentials: [.uid([1, 2, 3, 4])])]
        let changes = ConfigChanges(from: Self.full, to: next)
        #expect(changes.restart == ["[reader] device or lines", "[gpio]", "relay.line", "[inputs] lines", "[feedback] lines", "security.counter_file", "[audit]"])
        #expect(changes.live == ["users"])
    }
}
