import JSONText

extension HomeAssistantDoor {
    /// The device-based discovery payload (retained on `discoveryTopic`): the device (`dev`),
    /// the origin (`o`), availability on the status topic (HA's defaults `online`/`offline`),
    /// and its components: the lock's state as a binary sensor of class `lock` (`UNLOCKED` is
    /// on), an event entity `access` (`granted`, `denied`), and a device trigger for each of the
    /// two on the same topic (for openHAB, which reads triggers but no event entities). No
    /// `lock` entity: its button would send Home Assistant's plain `UNLOCK`, which a door never
    /// obeys (an unlock must be a signed command, `pn532ctl fleet unlock`).
    package var discoveryPayload: String {
        let lock: JSONValue = .object([
            ("p", .string("binary_sensor")), ("unique_id", .string(deviceID + "-lock")), ("device_class", .string("lock")),
            ("state_topic", .string(topics.lockState)), ("payload_on", .string(HomeAssistantLockState.unlocked.payload)),
            ("payload_off", .string(HomeAssistantLockState.locked.payload)),
        ])
        let access: JSONValue = .object([
            ("p", .string("event")), ("unique_id", .string(deviceID + "-access")),
            ("state_topic", .string(topics.access)), ("event_types", .array(HomeAssistantAccessEventType.allCases.map { .string($0.rawValue) })),
        ])
        let triggers: [(String, JSONValue)] = HomeAssistantAccessEventType.allCases.map { type in (type.rawValue, trigger(type)) }
        return JSONValue.object([
            ("dev", device),
            ("o", .object([("name", .string("pn532ctl")), ("sw", .string(softwareVersion))])),
            ("availability_topic", .string(topics.status)),
            ("cmps", .object([("lock", lock), ("access", access)] + triggers)),
        ]).text
    }

    /// The tag scanner's discovery payload (retained on `tagDiscoveryTopic`; a single-component
    /// config of its own): each message on the tag topic fires `tag_scanned` with its `uid`.
    package var tagDiscoveryPayload: String {
        JSONValue.object([
            ("topic", .string(topics.tag)), ("value_template", .string("{{ value_json.uid }}")),
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
            ("p", .string("device_automation")), ("automation_type", .string("trigger")), ("topic", .string(topics.access)),
            ("value_template", .string("{{ value_json.event_type }}")), ("payload", .string(type.rawValue)),
            ("type", .string(type.rawValue)), ("subtype", .string("access")),
        ])
    }
}
