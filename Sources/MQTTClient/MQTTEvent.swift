/// A message received on a subscription.
package struct MQTTMessage: Equatable, Sendable {
    /// The topic it was published to.
    package var topic: String
    /// Its payload, at most the connection's `maximumIncomingPayload` bytes.
    package var payload: [UInt8]
    /// The QoS it was delivered with.
    package var qos: Int
    /// True when the broker sent it as a retained message (on a new subscription).
    package var retain: Bool

    package init(topic: String, payload: [UInt8], qos: Int, retain: Bool) {
        self.topic = topic
        self.payload = payload
        self.qos = qos
        self.retain = retain
    }
}

/// What happened on a connection, in order, drained with `MQTTConnection.drainEvents()`.
package enum MQTTEvent: Equatable, Sendable {
    /// The broker accepted the connection (CONNACK 0), with the protocol in use.
    case connected(protocolVersion: MQTTProtocolVersion)
    /// The broker refused the connection (`.refused` or `.notAuthorised`); a reconnect follows.
    case refused(MQTTError)
    /// The connection ended: `nil` when this client disconnected, else why. A reconnect follows
    /// after the backoff unless this client disconnected.
    case disconnected(MQTTError?)
    /// The broker acknowledged a QoS 1 publication (PUBACK), or a QoS 0 one left; `reasonCode`
    /// is MQTT 5's (0: success; 135: not authorised; always 0 with MQTT 3.1.1).
    case published(messageID: Int32, reasonCode: Int32)
    /// A message arrived.
    case message(MQTTMessage)
    /// The broker answered a subscription (SUBACK): per topic the QoS granted, or with MQTT 5 a
    /// reason code of 128 or more when refused (128 with MQTT 3.1.1).
    case subscribed(messageID: Int32, granted: [Int32])
}
