import DoorRecords

/// One door as Home Assistant sees it over MQTT: its device id (`<d>`), the name HA shows, the
/// topics the uplink publishes on, and the discovery payloads that describe it (reference
/// fleet-mqtt.md §3.4 and §3.5).
package struct HomeAssistantDoor: Equatable, Sendable {
    /// The longest display name or software version, in bytes of UTF-8.
    package static let textLimit = 128

    /// The door's device id: a fleet name of letters, digits, `_` and `-` (Home Assistant's
    /// ids allow no `.`).
    package let door: String
    /// The name Home Assistant shows (any text; JSON escapes it).
    package let name: String
    /// pn532ctl's version, shown as the device's software.
    package let softwareVersion: String
    /// Home Assistant's discovery prefix (its default `homeassistant`).
    package let discoveryPrefix: String

    /// A door; an empty `name` shows the device id.
    ///
    /// - Throws: `HomeAssistantError` naming what is not allowed.
    package init(door: String, name: String = "", softwareVersion: String, discoveryPrefix: String = "homeassistant") throws(HomeAssistantError) {
        guard FleetName.isValid(door), !door.utf8.contains(UInt8(ascii: ".")) else { throw .badDoor(door) }
        guard name.utf8.count <= Self.textLimit else { throw .tooLong(field: "name", count: name.utf8.count) }
        guard softwareVersion.utf8.count <= Self.textLimit else { throw .tooLong(field: "software version", count: softwareVersion.utf8.count) }
        self.door = door
        self.name = name.isEmpty ? door : name
        self.softwareVersion = softwareVersion
        self.discoveryPrefix = discoveryPrefix
    }

    /// `pn532ctl-<d>`: the device's identifier and the discovery object id.
    package var deviceID: String { "pn532ctl-" + door }

    /// The door's topics.
    package var topics: UplinkTopics { UplinkTopics(door: door) }
    /// `<prefix>/device/<d>/config`: the device discovery payload, retained. The object id is
    /// the door's id alone, so that the broker's ACL can give each door its own discovery
    /// topics (`pattern write homeassistant/+/%u/#`: a pattern fills a whole level).
    package var discoveryTopic: String { "\(discoveryPrefix)/device/\(door)/config" }
    /// `<prefix>/tag/<d>/config`: the tag scanner's own discovery payload, retained.
    package var tagDiscoveryTopic: String { "\(discoveryPrefix)/tag/\(door)/config" }
}

/// Why a door cannot be described to Home Assistant.
package enum HomeAssistantError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The device id is not a fleet name, or holds a `.`.
    case badDoor(String)
    /// A text is longer than `HomeAssistantDoor.textLimit`: which, and its length.
    case tooLong(field: String, count: Int)

    package var description: String {
        switch self {
        case .badDoor(let door):
            "door \"\(door)\": Home Assistant's ids take 1 to \(FleetName.lengthLimit) letters, digits, '_' or '-', not starting with '-': rename the door's device id"
        case let .tooLong(field, count):
            "the \(field) has \(count) bytes, more than \(HomeAssistantDoor.textLimit): shorten it"
        }
    }
}
