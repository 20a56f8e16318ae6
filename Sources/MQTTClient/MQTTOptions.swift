/// The MQTT protocol version a connection speaks.
package enum MQTTProtocolVersion: Int32, Equatable, Sendable {
    /// MQTT 3.1.1.
    case v311 = 4
    /// MQTT 5.0: the CONNECT carries a maximum packet size, so the broker never sends more.
    case v5 = 5
}

/// The files of a TLS connection. The broker's certificate is always verified (chain and host
/// name); there is no option to turn that off.
package struct MQTTTLS: Equatable, Sendable {
    /// The CA certificate (PEM) that signed the broker's certificate.
    package var caFile: String
    /// This client's certificate (PEM); its CN is the device id the broker's ACL knows.
    package var certificateFile: String?
    /// This client's private key (PEM, unencrypted).
    package var keyFile: String?

    package init(caFile: String, certificateFile: String? = nil, keyFile: String? = nil) {
        self.caFile = caFile
        self.certificateFile = certificateFile
        self.keyFile = keyFile
    }
}

/// The message the broker publishes when the connection dies without a DISCONNECT.
package struct MQTTWill: Equatable, Sendable {
    package var topic: String
    package var payload: [UInt8]
    package var qos: Int
    package var retain: Bool

    package init(topic: String, payload: [UInt8], qos: Int = 1, retain: Bool = true) {
        self.topic = topic
        self.payload = payload
        self.qos = qos
        self.retain = retain
    }
}

/// How a connection connects, and its bounds.
package struct MQTTOptions: Equatable, Sendable {
    package var host: String
    package var port: Int
    /// The client id; required (non-empty) for a persistent session.
    package var clientID: String
    /// The user name, when the broker does not take it from the certificate.
    package var username: String?
    package var tls: MQTTTLS?
    /// Seconds between keepalive pings (0: none, else 5...65535).
    package var keepalive: Int
    package var will: MQTTWill?
    /// False: a persistent session (the broker keeps subscriptions and queues QoS 1 messages
    /// for this client id while it is away; with MQTT 5 the CONNECT asks for a session that
    /// never expires).
    package var cleanSession: Bool
    /// The protocol tried first; MQTT 5 falls back to 3.1.1 when the broker refuses it.
    package var protocolVersion: MQTTProtocolVersion
    /// The largest incoming payload kept; a larger message is dropped (and counted) before any
    /// copy. With MQTT 5 the CONNECT also asks the broker never to send a packet larger than
    /// this plus `packetOverhead`.
    package var maximumIncomingPayload: Int
    /// The first reconnect delay; it doubles after each failed attempt up to the maximum.
    package var reconnectDelay: Duration
    package var maximumReconnectDelay: Duration

    /// Room for a PUBLISH packet's header, topic and properties above its payload.
    package static let packetOverhead = 1024

    package init(
        host: String, port: Int = 8883, clientID: String, username: String? = nil, tls: MQTTTLS? = nil, keepalive: Int = 60,
        will: MQTTWill? = nil, cleanSession: Bool = false, protocolVersion: MQTTProtocolVersion = .v5,
        maximumIncomingPayload: Int = 1 << 20, reconnectDelay: Duration = .seconds(1), maximumReconnectDelay: Duration = .seconds(60)
    ) {
        self.host = host
        self.port = port
        self.clientID = clientID
        self.username = username
        self.tls = tls
        self.keepalive = keepalive
        self.will = will
        self.cleanSession = cleanSession
        self.protocolVersion = protocolVersion
        self.maximumIncomingPayload = maximumIncomingPayload
        self.reconnectDelay = reconnectDelay
        self.maximumReconnectDelay = maximumReconnectDelay
    }

    /// Throws `.invalidOption` naming the first option out of range.
    func validate() throws(MQTTError) {
        guard !host.isEmpty else { throw .invalidOption("the broker's host is empty") }
        guard (1...65535).contains(port) else { throw .invalidOption("port \(port) is not in 1...65535") }
        guard keepalive == 0 || (5...65535).contains(keepalive) else { throw .invalidOption("keepalive \(keepalive) is not 0 or 5...65535 seconds") }
        guard cleanSession || !clientID.isEmpty else { throw .invalidOption("a persistent session (clean session off) needs a client id") }
        guard clientID.utf8.count <= 65535 else { throw .invalidOption("the client id is longer than 65535 bytes") }
        guard (1...(Int(Int32.max) - MQTTOptions.packetOverhead)).contains(maximumIncomingPayload) else {
            throw .invalidOption("the maximum incoming payload \(maximumIncomingPayload) is out of range")
        }
        guard reconnectDelay > .zero, maximumReconnectDelay >= reconnectDelay else {
            throw .invalidOption("the reconnect delays must be positive, the maximum at least the first")
        }
        if let will {
            guard (0...1).contains(will.qos) else { throw .invalidOption("the Will's QoS \(will.qos) is not 0 or 1") }
            guard !will.topic.isEmpty else { throw .invalidOption("the Will's topic is empty") }
        }
    }
}
