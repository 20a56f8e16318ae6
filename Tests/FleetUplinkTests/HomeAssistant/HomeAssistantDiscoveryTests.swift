import FleetUplink
import Foundation
import Testing

@Suite("Home Assistant discovery: the documented shapes, hostile names escaped")
struct HomeAssistantDiscoveryTests {
    static let door = try! HomeAssistantDoor(door: "frontdoor", name: "Front door", softwareVersion: "0.9")

    @Test func theDevicePayloadHasTheReferenceShapeKeyByKey() throws {
        #expect(Self.door.discoveryTopic == "homeassistant/device/frontdoor/config")
        let expected = #"{"dev":{"ids":["pn532ctl-frontdoor"],"name":"Front door","mf":"pn532ctl","sw":"0.9"},"#
            + #""o":{"name":"pn532ctl","sw":"0.9"},"availability_topic":"pn532ctl/frontdoor/status","cmps":{"#
            + #""lock":{"p":"binary_sensor","unique_id":"pn532ctl-frontdoor-lock","device_class":"lock","state_topic":"pn532ctl/frontdoor/lock/state","payload_on":"UNLOCKED","payload_off":"LOCKED"},"#
            + #""access":{"p":"event","unique_id":"pn532ctl-frontdoor-access","state_topic":"pn532ctl/frontdoor/access","event_types":["granted","denied"]},"#
            + #""granted":{"p":"device_automation","automation_type":"trigger","topic":"pn532ctl/frontdoor/access","value_template":"{{ value_json.event_type }}","payload":"granted","type":"granted","subtype":"access"},"#
            + #""denied":{"p":"device_automation","automation_type":"trigger","topic":"pn532ctl/frontdoor/access","value_template":"{{ value_json.event_type }}","payload":"denied","type":"denied","subtype":"access"}}}"#
        #expect(Self.door.discoveryPayload == expected)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(Self.door.discoveryPayload.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["dev", "o", "availability_topic", "cmps"])
        let components = try #require(object["cmps"] as? [String: [String: Any]])
        for (name, component) in components {
            #expect(component["p"] is String, "component \(name) has no platform")
        }
    }

    @Test func noComponentTakesHomeAssistantsUnsignedUnlock() throws {
        #expect(!Self.door.discoveryPayload.contains("command_topic"))
    }

    @Test func theTagScannerHasItsOwnTopicAndPayload() throws {
        #expect(Self.door.tagDiscoveryTopic == "homeassistant/tag/frontdoor/config")
        #expect(Self.door.tagDiscoveryPayload == #"{"topic":"pn532ctl/frontdoor/tag","value_template":"{{ value_json.uid }}","device":{"identifiers":["pn532ctl-frontdoor"]}}"#)
    }

    @Test func theTopicsAreTheContractsTopics() throws {
        #expect(Self.door.topics.status == "pn532ctl/frontdoor/status")
        #expect(Self.door.topics.lockState == "pn532ctl/frontdoor/lock/state")
        #expect(Self.door.topics.lockSet == "pn532ctl/frontdoor/lock/set")
        #expect(Self.door.topics.access == "pn532ctl/frontdoor/access")
        #expect(try HomeAssistantDoor(door: "frontdoor", softwareVersion: "0.9", discoveryPrefix: "ha").discoveryTopic == "ha/device/frontdoor/config")
    }

    @Test(arguments: ["Front \"door\"", "back\\slash", "line\nbreak\r\t", "nul\u{0}del\u{7F}", "</script><b>", "Tür zum Hof 🚪", "{\"dev\":1}"])
    func aHostileNameIsEscapedAndReadsBackAsItself(name: String) throws {
        let door = try HomeAssistantDoor(door: "frontdoor", name: name, softwareVersion: "0.9\"\n")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(door.discoveryPayload.utf8)) as? [String: Any])
        let device = try #require(object["dev"] as? [String: Any])
        #expect(device["name"] as? String == name)
        #expect(device["sw"] as? String == "0.9\"\n")
        #expect(Set(object.keys) == ["dev", "o", "availability_topic", "cmps"], "the name cannot add members")
        #expect(!door.discoveryPayload.contains("\n"), "one line")
    }

    @Test(arguments: ["front.door", "a/b", "+", "#", "", "-x", "é", String(repeating: "a", count: 65)])
    func aDoorIdHomeAssistantCannotTakeIsRefused(door: String) {
        #expect(throws: HomeAssistantError.badDoor(door)) { try HomeAssistantDoor(door: door, softwareVersion: "0.9") }
    }

    @Test func anEmptyNameShowsTheDeviceIdAndALongOneIsRefused() throws {
        #expect(try HomeAssistantDoor(door: "back_door-2", softwareVersion: "0.9").name == "back_door-2")
        #expect(throws: HomeAssistantError.tooLong(field: "name", count: 129)) {
            try HomeAssistantDoor(door: "frontdoor", name: String(repeating: "n", count: 129), softwareVersion: "0.9")
        }
    }
}
