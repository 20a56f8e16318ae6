import MQTTClient
import TestSupport
import Testing

/// Broker faults: a kill and a restart on the same port with the same persistence.
@Suite("MQTT reconnects against Mosquitto", .serialized, .enabled(if: MosquittoBroker.shouldRun))
struct MQTTReconnectTests {
    @Test func aQoS1MessagePublishedWhileTheBrokerIsDownArrivesAfterItsRestart() throws {
        let broker = try MosquittoBroker(devices: ["door-a"])
        let door = try TestClient(broker, as: "door-a", cleanSession: false)
        let collector = try TestClient(broker, as: "homeassistant", clientID: "collector", cleanSession: false)
        #expect(connectAll([door, collector]))
        let subscription = try collector.connection.subscribe(topic: "pn532ctl/door-a/audit", qos: 1)
        #expect(pump([collector]) { collector.granted(subscription) == [1] })
        // The broker saves a change (autosave_on_changes) before it handles the next packet:
        // once this PUBACK is back, the subscription is on disk.
        let saved = try collector.connection.publish(topic: "homeassistant/status", payload: Array("online".utf8), qos: 1)
        #expect(pump([collector]) { collector.published(saved) != nil })

        broker.kill()
        #expect(pump([door, collector]) { !door.connection.isConnected && !collector.connection.isConnected })
        let line = Array(#"{"seq":2}"#.utf8)
        let id = try door.connection.publish(topic: "pn532ctl/door-a/audit", payload: line, qos: 1)

        try broker.start()
        #expect(pump([door, collector]) { door.published(id) != nil && !collector.messages.isEmpty }, "door: \(door.events), collector: \(collector.events)")
        #expect(door.connectedCount == 2)
        #expect(collector.messages.map(\.payload) == [line])
    }

    @Test func aBrokerThatIsNotThereIsReportedAndRetried() throws {
        let broker = try MosquittoBroker(devices: ["door-a"])
        broker.kill()
        let door = try TestClient(broker, as: "door-a")
        door.connection.connect()
        let failures = {
            door.events.filter { if case .disconnected(.connectionFailed?) = $0 { return true } else { return false } }
        }
        #expect(pump([door], timeout: .seconds(5)) { failures().count >= 2 }, "\(door.events)")
        guard case .disconnected(let error?) = failures().first else { return }
        // The refusal reaches libmosquitto's TLS handshake first, which hides the errno.
        #expect("\(error)".contains("cannot connect to the MQTT broker at 127.0.0.1:\(broker.port) ("))
        #expect("\(error)".contains("check that mosquitto runs there"))
        try broker.start()
        #expect(pump([door]) { door.connection.isConnected })
    }

    /// The broker's certificate is always verified: one from another CA never connects, and
    /// the failed handshake is reported and retried, not left waiting for ever.
    @Test func aBrokerCertificateFromAnotherCAIsRefusedAndRetried() throws {
        let broker = try MosquittoBroker(devices: ["door-a"])
        let stranger = try MosquittoBroker(devices: ["door-a"])
        let files = broker.certificate(of: "door-a")
        let options = MQTTOptions(
            host: "127.0.0.1", port: broker.port, clientID: "door-a",
            tls: MQTTTLS(caFile: stranger.caFile, certificateFile: files.certificate, keyFile: files.key),
            reconnectDelay: .milliseconds(50), maximumReconnectDelay: .milliseconds(100))
        let door = TestClient(try MQTTConnection(options: options))
        door.connection.connect()
        let failures = {
            door.events.filter { if case .disconnected(.connectionFailed?) = $0 { return true } else { return false } }
        }
        #expect(pump([door], timeout: .seconds(5)) { failures().count >= 2 }, "\(door.events)")
        #expect(door.connectedCount == 0)
        guard case .disconnected(let error?) = failures().first else { return }
        #expect("\(error)".contains("the TLS handshake failed"))
    }

    @Test func anUnreadableTLSFileIsNamed() throws {
        let options = MQTTOptions(host: "127.0.0.1", clientID: "door-a", tls: MQTTTLS(caFile: "/nonexistent/ca.pem"))
        #expect(throws: MQTTError.tlsFileUnreadable(role: "CA", path: "/nonexistent/ca.pem", reason: "No such file or directory")) {
            try MQTTConnection(options: options)
        }
    }
}
