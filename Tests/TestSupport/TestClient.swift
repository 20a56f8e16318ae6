import Basics
import Glibc
import MQTTClient
import POSIXIO

/// A connection under test and everything it reported.
package final class TestClient {
    package let connection: MQTTConnection
    package private(set) var events: [MQTTEvent] = []

    package init(_ connection: MQTTConnection) {
        self.connection = connection
    }

    /// A TLS connection to `broker` as `device` (its certificate; the CN is the user name).
    package convenience init(
        _ broker: MosquittoBroker, as device: String, clientID: String? = nil, will: MQTTWill? = nil, cleanSession: Bool = true,
        protocolVersion: MQTTProtocolVersion = .v5, maximumIncomingPayload: Int = 64 * 1024
    ) throws {
        let files = broker.certificate(of: device)
        let options = MQTTOptions(
            host: "127.0.0.1", port: broker.port, clientID: clientID ?? device, tls: MQTTTLS(caFile: broker.caFile, certificateFile: files.certificate, keyFile: files.key),
            keepalive: 30, will: will, cleanSession: cleanSession, protocolVersion: protocolVersion, maximumIncomingPayload: maximumIncomingPayload,
            reconnectDelay: .milliseconds(50), maximumReconnectDelay: .milliseconds(400))
        try self.init(MQTTConnection(options: options))
    }

    package var messages: [MQTTMessage] {
        events.compactMap { if case .message(let message) = $0 { return message } else { return nil } }
    }

    package var connectedCount: Int {
        events.filter { if case .connected = $0 { return true } else { return false } }.count
    }

    package func published(_ messageID: Int32) -> Int32? {
        for case .published(let id, let reason) in events where id == messageID { return reason }
        return nil
    }

    package func granted(_ messageID: Int32) -> [Int32]? {
        for case .subscribed(let id, let granted) in events where id == messageID { return granted }
        return nil
    }

    fileprivate func collect() {
        events += connection.drainEvents()
    }
}

/// Drives `clients` with poll(2) until `condition` holds or `timeout` passes; returns whether
/// it held. The waits are on the sockets and the connections' own deadlines.
@discardableResult
package func pump(_ clients: [TestClient], timeout: Duration = .seconds(20), until condition: () -> Bool) -> Bool {
    let deadline = MonotonicTime.monotonicNow() + timeout
    while true {
        for client in clients { client.collect() }
        if condition() { return true }
        let now = MonotonicTime.monotonicNow()
        if now >= deadline { return false }
        var wake = min(deadline, now + .milliseconds(200))
        var entries: [pollfd] = []
        var owners: [TestClient] = []
        for client in clients {
            if let due = client.connection.serviceDeadline { wake = min(wake, due) }
            guard let socket = client.connection.socket else { continue }
            entries.append(Poll.entry(socket, Int32(POLLIN) | (client.connection.wantsWrite ? Int32(POLLOUT) : 0)))
            owners.append(client)
        }
        _ = try? Poll.wait(&entries, timeout: wake - MonotonicTime.monotonicNow())
        for client in clients {
            let index = owners.firstIndex { $0 === client }
            let revents = index.map { Int32(entries[$0].revents) } ?? 0
            let readable = revents & (Int32(POLLIN) | Int32(POLLERR) | Int32(POLLHUP)) != 0
            client.connection.service(readable: readable, writable: revents & Int32(POLLOUT) != 0)
        }
    }
}

/// Connects every client and waits until each reports `.connected`.
package func connectAll(_ clients: [TestClient]) -> Bool {
    for client in clients { client.connection.connect() }
    return pump(clients) { clients.allSatisfy { $0.connectedCount >= 1 } }
}
