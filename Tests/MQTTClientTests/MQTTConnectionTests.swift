import MQTTClient
import TestSupport
import Testing

/// The client against a real Mosquitto over TLS with client certificates and the fleet's ACL.
/// scripts/test installs mosquitto, libmosquitto1 and openssl; in CI these tests fail when they
/// are missing, elsewhere they are skipped with the reason.
@Suite("MQTT connection against Mosquitto", .serialized, .enabled(if: MosquittoBroker.shouldRun))
struct MQTTConnectionTests {
    @Test func qos1RoundTripOverTLSWithClientCertificates() throws {
        let broker = try MosquittoBroker(devices: ["door-a"])
        let door = try TestClient(broker, as: "door-a")
        let observer = try TestClient(broker, as: "homeassistant")
        #expect(connectAll([door, observer]))
        #expect(door.connection.protocolVersion == .v5)
        let subscription = try observer.connection.subscribe(topic: "pn532ctl/door-a/audit", qos: 1)
        #expect(pump([observer]) { observer.granted(subscription) != nil })
        #expect(observer.granted(subscription) == [1])

        let line = Array(#"{"seq":1,"prev":"00","event":"granted"}"#.utf8)
        let id = try door.connection.publish(topic: "pn532ctl/door-a/audit", payload: line, qos: 1)
        #expect(pump([door, observer]) { door.published(id) != nil && !observer.messages.isEmpty })
        #expect(door.published(id) == 0)
        #expect(observer.messages == [MQTTMessage(topic: "pn532ctl/door-a/audit", payload: line, qos: 1, retain: false)])
    }

    @Test func aRetainedMessageIsDeliveredOnANewSubscriptionWithRetainSet() throws {
        let broker = try MosquittoBroker(devices: ["door-a"])
        let publisher = try TestClient(broker, as: "acl-publisher")
        #expect(connectAll([publisher]))
        let snapshot = Array(#"{"version":7}"#.utf8)
        let id = try publisher.connection.publish(topic: "pn532ctl/acl/group-1", payload: snapshot, qos: 1, retain: true)
        #expect(pump([publisher]) { publisher.published(id) != nil })

        let door = try TestClient(broker, as: "door-a")
        #expect(connectAll([door]))
        try door.connection.subscribe(topic: "pn532ctl/acl/group-1", qos: 1)
        #expect(pump([door]) { !door.messages.isEmpty })
        #expect(door.messages.first?.payload == snapshot)
        #expect(door.messages.first?.retain == true)
    }

    @Test func theWillIsPublishedWhenTheConnectionDiesWithoutDisconnect() throws {
        let broker = try MosquittoBroker(devices: ["door-a"])
        let will = MQTTWill(topic: "pn532ctl/door-a/status", payload: Array("offline".utf8), qos: 1, retain: true)
        let door = try TestClient(broker, as: "door-a", will: will)
        let observer = try TestClient(broker, as: "homeassistant")
        #expect(connectAll([door, observer]))
        let subscription = try observer.connection.subscribe(topic: "pn532ctl/door-a/status", qos: 1)
        #expect(pump([observer]) { observer.granted(subscription) != nil })
        try door.connection.publish(topic: "pn532ctl/door-a/status", payload: Array("online".utf8), qos: 1, retain: true)
        #expect(pump([door, observer]) { observer.messages.count == 1 })

        door.connection.dropConnectionWithoutDisconnect()
        #expect(pump([door, observer]) { observer.messages.count == 2 })
        #expect(observer.messages.map { String(decoding: $0.payload, as: UTF8.self) } == ["online", "offline"])
        // The door's client notices the loss and connects again by itself.
        #expect(pump([door, observer]) { door.connectedCount == 2 })
    }

    @Test func aDoorsCertificateCannotReadAnotherDoorsAudit() throws {
        let broker = try MosquittoBroker(devices: ["door-a", "door-b"])
        let doorA = try TestClient(broker, as: "door-a")
        let doorB = try TestClient(broker, as: "door-b")
        let admin = try TestClient(broker, as: "homeassistant")
        #expect(connectAll([doorA, doorB, admin]))
        let foreign = try doorA.connection.subscribe(topic: "pn532ctl/door-b/audit", qos: 1)
        let own = try doorA.connection.subscribe(topic: "pn532ctl/door-a/lock/set", qos: 1)
        #expect(pump([doorA]) { doorA.granted(foreign) != nil && doorA.granted(own) != nil })
        // Mosquitto 2.0.11 grants the subscription (SUBACK QoS 1) and checks read access at
        // each delivery: nothing of door-b's arrives.
        #expect(doorA.granted(foreign) == [1])
        #expect(doorA.granted(own) == [1])

        let audit = try doorB.connection.publish(topic: "pn532ctl/door-b/audit", payload: Array("secret".utf8), qos: 1)
        #expect(pump([doorB]) { doorB.published(audit) != nil })
        // Routed after door-b's line: when door-a has the marker, it would have had the line.
        try admin.connection.publish(topic: "pn532ctl/door-a/lock/set", payload: Array("marker".utf8), qos: 1)
        #expect(pump([doorA, admin]) { !doorA.messages.isEmpty })
        #expect(doorA.messages.map(\.topic) == ["pn532ctl/door-a/lock/set"])
    }

    @Test func aDoorsCertificateCannotPublishToAnotherDoorsTopics() throws {
        let broker = try MosquittoBroker(devices: ["door-a", "door-b"])
        let doorA = try TestClient(broker, as: "door-a")
        let doorB = try TestClient(broker, as: "door-b")
        let observer = try TestClient(broker, as: "homeassistant")
        #expect(connectAll([doorA, doorB, observer]))
        let subscription = try observer.connection.subscribe(topic: "pn532ctl/door-b/#", qos: 1)
        #expect(pump([observer]) { observer.granted(subscription) != nil })

        let forged = try doorA.connection.publish(topic: "pn532ctl/door-b/lock/state", payload: Array("UNLOCKED".utf8), qos: 1, retain: true)
        #expect(pump([doorA]) { doorA.published(forged) != nil })
        // Mosquitto 2.0.11 answers an MQTT 5 client's refused QoS 1 publication with PUBACK 135.
        #expect(doorA.published(forged) == 135)
        try doorB.connection.publish(topic: "pn532ctl/door-b/lock/state", payload: Array("LOCKED".utf8), qos: 1, retain: true)
        #expect(pump([doorB, observer]) { !observer.messages.isEmpty })
        #expect(observer.messages.map { String(decoding: $0.payload, as: UTF8.self) } == ["LOCKED"])
    }
}
