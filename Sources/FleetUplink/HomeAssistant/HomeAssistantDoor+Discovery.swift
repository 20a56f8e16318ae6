import JSONText

extension HomeAssistantDoor {
    /// The device-based discovery payload (retained on `discoveryTopic`): the device (`dev`),
    /// the origin (`o`), availability on `statusTopic` (HA's defaults `online`/`offline`), and
    /// its components: a lock (state `LOCKED`/`UNLOCKED`, commands to `lockCommandTopic`), an
    /// event entity `access` (`granted`, `denied`), and a device trigger for each of the two on
    /// the same topic (for openHAB, which reads triggers but no event entities).
    package var discoveryPayload: String {
        let lock: JSONValue = .object([
            ("p", .string("lock")), ("unique_id", .string(deviceID + "-lock")),
            ("command_topic", .string(lockCommandTopic)), ("state_topic", .string(lockStateTopic)),
        ])
        let access: JSONValue = .object([
            ("p", .string("event")), ("unique_id", .string(deviceID + "-access")),
            ("state_topic", .string(accessTopic)), ("event_types", .array(HomeAssistantAccessEventType.allCases.map { .string($0.rawValue) })),
        ])
        let triggers: [(String, JSONValue)] = HomeAssistantAccessEventType.allCases.map { type in (type.rawValue, trigger(type)) }
        return JSONValue.object([
            ("dev", device),
            ("o", .object([("name", .string("pn532ctl")), ("sw", .string(softwareVersion))])),
            ("availability_topic", .string(statusTopic)),
            ("cmps", .object([("lock", lock), ("access", access)] + triggers)),
        ]).text
    }

    /// The tag scanner's discovery payload (retained on `tagDiscoveryTopic`; a single-component
    /// config of its own): each message on `tagTopic` fires `tag_scanned` with its `uid`.
    package var tagDiscoveryPayload: String {
        JSONValue.object([
            ("topic", .string(tagTopic)), ("value_template", .string("{{ value_json.uid }}")),
            ("device", .object([("identifiers", .array([.string(deviceID)]))])),
        ]).text
    }

    /// The device: its identifier, name, maker and software.
    private var device: JSONValue {
        .object([("ids", .array([.string(deviceID)])), ("name", .string(name)), ("mf", .string("pn532ctl")), ("sw", .string(softwareVersion))])
    }

    /// The device trigger that fires on an access event of `type`.
    private func trigger(_ type: HomeAssistantAccessEventType) -> JSONValue {
        .object([
            ("p", .string("device_automation")), ("automation_type", .string("trigger")), ("topic", .string(accessTopic)),
            ("value_template", .string("{{ value_json.event_type }}")), ("payload", .string(type.rawValue)),
            ("type", .string(type.rawValue)), ("subtype", .string("access")),
        ])
    }
}
