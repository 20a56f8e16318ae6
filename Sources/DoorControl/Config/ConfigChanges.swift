/// What a reload of `door.toml` changes, compared field by field: every stored property of
/// `DoorConfig` and of its sections is in `ConfigChanges.fields`, either put in force by a
/// running door at once (`live`) or kept until the door restarts (`restart`: devices, lines,
/// files). A test enumerates the properties and fails when one is in neither.
public struct ConfigChanges: Equatable, Sendable {
    /// How a running door takes a field's new value.
    public enum Effect: Equatable, Sendable {
        /// At once: the policy (users, security, key), the controller's settings, the
        /// reader's timing and what it reads and polls, the hook socket.
        case live
        /// At the next start: devices, lines and files held open.
        case restart
    }

    /// One field of the configuration.
    public struct Field {
        /// The property's path in `DoorConfig` (`reader.pollsOtherFamilies`).
        public let path: String
        /// What the operational log calls it (fields of one kind share a name).
        public let name: String
        /// How a running door takes it.
        public let effect: Effect
        /// True when two configurations differ in it.
        public let differs: (DoorConfig, DoorConfig) -> Bool

        init<Value: Equatable>(_ path: String, _ keyPath: KeyPath<DoorConfig, Value>, _ effect: Effect, name: String? = nil) {
            self.path = path
            self.name = name ?? path
            self.effect = effect
            differs = { $0[keyPath: keyPath] != $1[keyPath: keyPath] }
        }
    }

    /// The paths of the changed fields a running door puts in force at once.
    public let live: [String]
    /// The names of the changed fields that take effect at the next start, each once, in
    /// the file's order.
    public let restart: [String]

    /// The changes from `old` to `new`.
    public init(from old: DoorConfig, to new: DoorConfig) {
        let changed = Self.fields.filter { $0.differs(old, new) }
        live = changed.filter { $0.effect == .live }.map(\.path)
        var names: [String] = []
        for field in changed where field.effect == .restart && !names.contains(field.name) { names.append(field.name) }
        restart = names
    }

    /// Every field of `DoorConfig`, section by section.
    public static var fields: [Field] {
        let readerLines = "[reader] device or lines", inputLines = "[inputs] lines", feedbackLines = "[feedback] lines"
        return [
            Field("keyLines", \.keyLines, .live),
            Field("board", \.board, .live),
            Field("fleet", \.fleet, .live),
            Field("reader.device", \.reader.device, .restart, name: readerLines),
            Field("reader.baud", \.reader.baud, .restart, name: readerLines),
            Field("reader.irqLine", \.reader.irqLine, .restart, name: readerLines),
            Field("reader.resetLine", \.reader.resetLine, .restart, name: readerLines),
            Field("reader.healthCheckInterval", \.reader.healthCheckInterval, .live),
            Field("reader.pollsOtherFamilies", \.reader.pollsOtherFamilies, .live),
            Field("reader.restingAfter", \.reader.restingAfter, .live),
            Field("gpio.backend", \.gpio.backend, .restart, name: "[gpio]"),
            Field("gpio.chip", \.gpio.chip, .restart, name: "[gpio]"),
            Field("gpio.sysfsRoot", \.gpio.sysfsRoot, .restart, name: "[gpio]"),
            Field("gpio.simDirectory", \.gpio.simDirectory, .restart, name: "[gpio]"),
            Field("relay.output", \.relay.output, .restart, name: "relay.line"),
            Field("relay.mode", \.relay.mode, .live),
            Field("inputs.exitButton", \.inputs.exitButton, .restart, name: inputLines),
            Field("inputs.doorContact", \.inputs.doorContact, .restart, name: inputLines),
            Field("inputs.relockOnClose", \.inputs.relockOnClose, .live),
            Field("inputs.heldOpenAlarm", \.inputs.heldOpenAlarm, .live),
            Field("inputs.doorbell", \.inputs.doorbell, .restart, name: inputLines),
            Field("inputs.debounce", \.inputs.debounce, .restart, name: inputLines),
            Field("feedback.led", \.feedback.led, .restart, name: feedbackLines),
            Field("feedback.buzzer", \.feedback.buzzer, .restart, name: feedbackLines),
            Field("feedback.ledGranted", \.feedback.ledGranted, .live),
            Field("feedback.ledDenied", \.feedback.ledDenied, .live),
            Field("feedback.buzzerGranted", \.feedback.buzzerGranted, .live),
            Field("feedback.buzzerDenied", \.feedback.buzzerDenied, .live),
            Field("security.keyFile", \.security.keyFile, .live),
            Field("security.keyID", \.security.keyID, .live),
            Field("security.site", \.security.site, .live),
            Field("security.door", \.security.door, .live),
            Field("security.groups", \.security.groups, .live),
            Field("security.acceptV1Tokens", \.security.acceptV1Tokens, .live),
            Field("security.revokedUIDs", \.security.revokedUIDs, .live),
            Field("security.requireSynchronisedClock", \.security.requireSynchronisedClock, .live),
            Field("security.rollingCounter", \.security.rollingCounter, .live),
            Field("security.counterFile", \.security.counterFile, .restart, name: "security.counter_file"),
            Field("security.requireGenuine", \.security.requireGenuine, .live),
            Field("security.originalityKey", \.security.originalityKey, .live),
            Field("security.lockout", \.security.lockout, .live),
            Field("audit.path", \.audit.path, .restart, name: "[audit]"),
            Field("audit.maxBytes", \.audit.maxBytes, .restart, name: "[audit]"),
            Field("audit.keep", \.audit.keep, .restart, name: "[audit]"),
            Field("audit.onFailure", \.audit.onFailure, .restart, name: "[audit]"),
            Field("users", \.users, .live),
            Field("ntag424", \.ntag424, .live),
            Field("desfire", \.desfire, .live),
            Field("ultralightAES", \.ultralightAES, .live, name: "[credentials.ultralight_aes]"),
            Field("hooks.socket", \.hooks.socket, .live),
        ]
    }
}
