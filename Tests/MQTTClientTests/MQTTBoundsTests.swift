import MQTTClient
import TestSupport
import Testing

/// Oversized messages: refused by the broker's limit, never sent to an MQTT 5 client that
/// announced a smaller maximum, and dropped uncopied by the client's own bound otherwise.
@Suite("MQTT bounds against Mosquitto", .serialized, .enabled(if: MosquittoBroker.shouldRun))
struct MQTTBoundsTests {
    @Test func aTenMegabyteMessageIsRefusedBeforeItLeaves() throws {
        let broker = try MosquittoBroker(devices: ["door-a"])
        let door = try TestClient(broker, as: "door-a")
        #expect(connectAll([door]))
        let huge = [UInt8](repeating: 0x41, count: 10 * 1024 * 1024)
        #expect(throws: MQTTError.payloadTooLarge(bytes: huge.count, limit: nil)) {
            try door.connection.publish(topic: "pn532ctl/door-a/audit", payload: huge, qos: 1)
        }
    }

    @Test func anMQTT5ClientIsNeverSentMoreThanItsMaximum() throws {
        let broker = try MosquittoBroker(devices: ["door-a"])
        let door = try TestClient(broker, as: "door-a", protocolVersion: .v5, maximumIncomingPayload: 64 * 1024)
        let admin = try TestClient(broker, as: "homeassistant")
        #expect(connectAll([door, admin]))
        let subscription = try door.connection.subscribe(topic: "pn532ctl/door-a/lock/set", qos: 1)
        #expect(pump([door]) { door.granted(subscription) != nil })

        let large = try admin.connection.publish(topic: "pn532ctl/door-a/lock/set", payload: [UInt8](repeating: 0x42, count: 512 * 1024), qos: 1)
        #expect(pump([admin]) { admin.published(large) != nil })
        try admin.connection.publish(topic: "pn532ctl/door-a/lock/set", payload: Array("small".utf8), qos: 1)
        #expect(pump([door, admin]) { !door.messages.isEmpty })
        #expect(door.messages.map(\.payload) == [Array("small".utf8)])
        #expect(door.connection.droppedOversized == 0)
    }

    @Test func anOversizedMessageIsDroppedUncopiedAndCounted() throws {
        let broker = try MosquittoBroker(devices: ["door-a"])
        // MQTT 3.1.1 has no maximum packet size to announce: the broker sends what it takes.
        let door = try TestClient(broker, as: "door-a", protocolVersion: .v311, maximumIncomingPayload: 64 * 1024)
        let admin = try TestClient(broker, as: "homeassistant")
        #expect(connectAll([door, admin]))
        #expect(door.connection.protocolVersion == .v311)
        let subscription = try door.connection.subscribe(topic: "pn532ctl/door-a/lock/set", qos: 1)
        #expect(pump([door]) { door.granted(subscription) != nil })

        try admin.connection.publish(topic: "pn532ctl/door-a/lock/set", payload: [UInt8](repeating: 0x42, count: 512 * 1024), qos: 1)
        try admin.connection.publish(topic: "pn532ctl/door-a/lock/set", payload: Array("small".utf8), qos: 1)
        #expect(pump([door, admin]) { !door.messages.isEmpty })
        #expect(door.messages.map(\.payload) == [Array("small".utf8)])
        #expect(door.connection.droppedOversized == 1)
    }
}
