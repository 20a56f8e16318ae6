import Basics
import CLinux

#if canImport(Glibc)
import Glibc
#endif

/// One MQTT client connection over libmosquitto, for ONE thread and an external poll(2) loop:
/// no thread of its own. Wait with poll(2) on `socket` (POLLIN, plus POLLOUT when
/// `wantsWrite`) until `serviceDeadline`, then call `service(readable:writable:)`; what
/// happened is in `drainEvents()`. A lost connection is retried from `service` with a backoff
/// that doubles from `options.reconnectDelay` to `options.maximumReconnectDelay`.
package final class MQTTConnection {
    package let options: MQTTOptions
    /// Messages dropped because their payload exceeded `options.maximumIncomingPayload`: they
    /// were never copied.
    package private(set) var droppedOversized = 0
    /// True between the broker's CONNACK and the connection's end.
    package private(set) var isConnected = false
    /// The protocol the connection uses (MQTT 5 until a broker refuses it).
    package private(set) var protocolVersion: MQTTProtocolVersion

    private let library: MQTTLibrary
    private var client: OpaquePointer?
    private var events: [MQTTEvent] = []
    private var started = false
    private var everAttempted = false
    private var nextAttempt: MonotonicTime?
    private var backoff: Duration
    private var fallingBack = false
    /// A socket found dead that libmosquitto 2.0.11 does not notice while its TLS handshake is
    /// pending (it retries SSL_connect on SSL_ERROR_SYSCALL for ever): hidden from poll until
    /// the next attempt closes it.
    private var deadSocket: Int32?

    /// Prepares a connection (nothing is sent until `connect()`).
    /// - Throws: `.libraryMissing`/`.symbolMissing` (from `library`), `.invalidOption`,
    ///   `.tlsFileUnreadable`, or `.library` when libmosquitto refuses a setting.
    package init(options: MQTTOptions, library: MQTTLibrary) throws(MQTTError) {
        try options.validate()
        if let tls = options.tls {
            try Self.checkReadable(tls.caFile, role: "CA")
            if let certificate = tls.certificateFile { try Self.checkReadable(certificate, role: "client certificate") }
            if let key = tls.keyFile { try Self.checkReadable(key, role: "client key") }
            guard (tls.certificateFile == nil) == (tls.keyFile == nil) else {
                throw .invalidOption("a client certificate needs its key and a key its certificate")
            }
        }
        self.options = options
        self.library = library
        self.protocolVersion = options.protocolVersion
        self.backoff = options.reconnectDelay
        let context = Unmanaged.passUnretained(self).toOpaque()
        guard let made = api.new_client!(options.clientID.isEmpty ? nil : options.clientID, options.cleanSession, context) else {
            throw .library(call: "mosquitto_new", code: Int32(errno), message: String(cString: strerror(errno)))
        }
        client = made
        try configure(made)
    }

    /// Loads Debian's libmosquitto (`MQTTLibrary.defaultName`) and prepares a connection.
    package convenience init(options: MQTTOptions) throws(MQTTError) {
        try self.init(options: options, library: MQTTLibrary.load())
    }

    deinit {
        if let client { api.destroy!(client) }
    }

    private var api: clinux_mosquitto_api { library.api.pointee }

    private func configure(_ client: OpaquePointer) throws(MQTTError) {
        try check(api.int_option!(client, Int32(CLINUX_MOSQ_OPT_PROTOCOL_VERSION), protocolVersion.rawValue), "mosquitto_int_option")
        if let username = options.username {
            try check(api.username_pw_set!(client, username, nil), "mosquitto_username_pw_set")
        }
        if let will = options.will {
            guard will.payload.count <= 65535 else { throw .payloadTooLarge(bytes: will.payload.count, limit: 65535) }
            let code = will.payload.withUnsafeBytes { bytes in
                api.will_set!(client, will.topic, Int32(bytes.count), bytes.baseAddress, Int32(will.qos), will.retain)
            }
            try check(code, "mosquitto_will_set")
        }
        if let tls = options.tls {
            try check(api.tls_set!(client, tls.caFile, nil, tls.certificateFile, tls.keyFile, nil), "mosquitto_tls_set")
            try check(api.tls_opts_set!(client, Int32(CLINUX_SSL_VERIFY_PEER), nil, nil), "mosquitto_tls_opts_set")
            try check(api.tls_insecure_set!(client, false), "mosquitto_tls_insecure_set")
        }
        api.connect_callback_set!(client, mqttOnConnect)
        api.disconnect_callback_set!(client, mqttOnDisconnect)
        api.publish_v5_callback_set!(client, mqttOnPublish)
        api.message_callback_set!(client, mqttOnMessage)
        api.subscribe_callback_set!(client, mqttOnSubscribe)
        try storeConnectProperties(client)
    }

    /// libmosquitto 2.0 has no asynchronous connect that takes MQTT 5 properties, but keeps the
    /// properties given to `mosquitto_connect_bind_v5` for every later connect before it checks
    /// the port. So: a call with port -1 stores them (or, with none, clears them) and returns
    /// MOSQ_ERR_INVAL without touching the network; `mosquitto_connect_bind_async` and
    /// `mosquitto_reconnect_async` then send them (lib/connect.c of 2.0.11).
    private func storeConnectProperties(_ client: OpaquePointer) throws(MQTTError) {
        var properties: OpaquePointer?
        defer { api.property_free_all!(&properties) }
        if protocolVersion == .v5 {
            let bound = UInt32(options.maximumIncomingPayload + MQTTOptions.packetOverhead)
            try check(api.property_add_int32!(&properties, Int32(CLINUX_MQTT_PROP_MAXIMUM_PACKET_SIZE), bound), "mosquitto_property_add_int32")
            // MQTT 5 ends a session at the disconnect unless CONNECT gives it an expiry: a
            // persistent session never expires (the broker's persistent_client_expiration
            // removes abandoned ones).
            if !options.cleanSession {
                try check(api.property_add_int32!(&properties, Int32(CLINUX_MQTT_PROP_SESSION_EXPIRY_INTERVAL), UInt32.max), "mosquitto_property_add_int32")
            }
        }
        let code = api.connect_bind_v5!(client, options.host, -1, Int32(options.keepalive), nil, properties)
        guard code == CLINUX_MOSQ_ERR_INVAL else { try check(code, "mosquitto_connect_bind_v5"); return }
    }

    /// Starts connecting without waiting: the TCP connect, the TLS handshake and CONNACK
    /// complete in `service`. A broker that cannot be reached is retried with the backoff (and
    /// reported as `.disconnected(.connectionFailed…)`).
    package func connect() {
        guard !started else { return }
        started = true
        attempt()
    }

    /// Sends DISCONNECT (the broker then drops the Will) and stops reconnecting.
    package func disconnect() {
        started = false
        nextAttempt = nil
        guard let client else { return }
        if api.disconnect!(client) != CLINUX_MOSQ_ERR_SUCCESS {
            isConnected = false
        }
    }

    /// Queues a message; returns its message id (the id `.published` reports). QoS 1 messages
    /// are kept while the connection is down and sent after the reconnect.
    /// - Throws: `.invalidOption` (QoS, topic), `.payloadTooLarge` (larger than MQTT's limit or
    ///   the broker's announced maximum), `.notConnected` (QoS 0 while down), `.library`.
    @discardableResult
    package func publish(topic: String, payload: [UInt8], qos: Int = 1, retain: Bool = false) throws(MQTTError) -> Int32 {
        guard let client else { throw .notConnected }
        guard (0...1).contains(qos) else { throw .invalidOption("QoS \(qos) is not 0 or 1") }
        guard payload.count <= 268_435_455 else { throw .payloadTooLarge(bytes: payload.count, limit: 268_435_455) }
        var messageID: Int32 = 0
        let code = payload.withUnsafeBytes { bytes in
            api.publish!(client, &messageID, topic, Int32(bytes.count), bytes.baseAddress, Int32(qos), retain)
        }
        switch code {
        case Int32(CLINUX_MOSQ_ERR_SUCCESS): return messageID
        // A QoS 1 message stays queued in libmosquitto when it cannot be sent now.
        case Int32(CLINUX_MOSQ_ERR_NO_CONN) where qos == 1: return messageID
        case Int32(CLINUX_MOSQ_ERR_PAYLOAD_SIZE), Int32(CLINUX_MOSQ_ERR_OVERSIZE_PACKET): throw .payloadTooLarge(bytes: payload.count, limit: nil)
        case Int32(CLINUX_MOSQ_ERR_NO_CONN): throw .notConnected
        case Int32(CLINUX_MOSQ_ERR_INVAL): throw .invalidOption("the topic \"\(topic)\" is not a valid topic to publish to")
        default: throw .library(call: "mosquitto_publish", code: code, message: library.text(ofError: code))
        }
    }

    /// Subscribes to `topic` (a filter; + and # allowed); returns the message id `.subscribed`
    /// reports. Needs a connection (a persistent session keeps it across reconnects).
    @discardableResult
    package func subscribe(topic: String, qos: Int = 1) throws(MQTTError) -> Int32 {
        guard let client else { throw .notConnected }
        guard (0...1).contains(qos) else { throw .invalidOption("QoS \(qos) is not 0 or 1") }
        var messageID: Int32 = 0
        let code = api.subscribe!(client, &messageID, topic, Int32(qos))
        switch code {
        case Int32(CLINUX_MOSQ_ERR_SUCCESS): return messageID
        case Int32(CLINUX_MOSQ_ERR_NO_CONN): throw .notConnected
        case Int32(CLINUX_MOSQ_ERR_INVAL): throw .invalidOption("\"\(topic)\" is not a valid topic filter")
        default: throw .library(call: "mosquitto_subscribe", code: code, message: library.text(ofError: code))
        }
    }

    /// The connection's socket for poll(2), or nil while there is none (then wait only until
    /// `serviceDeadline`).
    package var socket: Int32? {
        guard let client else { return nil }
        let descriptor = api.socket!(client)
        return descriptor >= 0 && descriptor != deadSocket ? descriptor : nil
    }

    /// True when poll(2) should also wait for POLLOUT.
    package var wantsWrite: Bool {
        guard let client else { return false }
        return api.want_write!(client)
    }

    /// When `service` must run at the latest, even with no socket event: the next reconnect
    /// attempt, or within a second while connected (keepalive). Nil: nothing scheduled.
    package var serviceDeadline: MonotonicTime? {
        if let nextAttempt { return nextAttempt }
        return socket == nil ? nil : MonotonicTime.monotonicNow() + .seconds(1)
    }

    /// Does the work poll(2) reported (`readable` includes POLLERR and POLLHUP): reads (and
    /// advances a TLS handshake) when readable or writable, writes when writable, then the
    /// keepalive and a due reconnect.
    package func service(readable: Bool, writable: Bool) {
        guard let client else { return }
        if readable || writable, let descriptor = socket, let reason = Self.pendingError(of: descriptor) {
            markDead(descriptor, reason: reason)
        }
        if socket != nil, readable || writable { noticeSilentClose(api.loop_read!(client, 1)) }
        if socket != nil, writable { noticeSilentClose(api.loop_write!(client, 1)) }
        if readable || writable, let descriptor = socket, Self.atEndOfFile(descriptor) {
            markDead(descriptor, reason: isConnected ? "the broker closed the connection" : "refused or closed before the broker answered")
        }
        if socket != nil { _ = api.loop_misc!(client) }
        if let nextAttempt, MonotonicTime.monotonicNow() >= nextAttempt {
            self.nextAttempt = nil
            attempt()
        }
    }

    /// The events since the last call, oldest first.
    package func drainEvents() -> [MQTTEvent] {
        defer { events.removeAll() }
        return events
    }

    /// Shuts the socket down under the library, as a dying network would: no DISCONNECT is
    /// sent, so the broker publishes the Will. For fault tests.
    package func dropConnectionWithoutDisconnect() {
        if let socket { _ = shutdown(socket, Int32(SHUT_RDWR)) }
    }

    // MARK: - Connecting

    private func attempt() {
        guard started, let client else { return }
        deadSocket = nil
        let code = everAttempted ? api.reconnect_async!(client) : api.connect_bind_async!(client, options.host, Int32(options.port), Int32(options.keepalive), nil)
        let failure = errno
        everAttempted = true
        guard code != CLINUX_MOSQ_ERR_SUCCESS else { return }
        let reason = reason(for: code, errno: failure)
        events.append(.disconnected(.connectionFailed(host: options.host, port: options.port, reason: reason)))
        scheduleReconnect()
    }

    /// A failed TLS handshake (an unverifiable certificate) makes libmosquitto 2.0.11 close the
    /// socket and return the error with no disconnect callback: report it and retry.
    private func noticeSilentClose(_ code: Int32) {
        guard code != CLINUX_MOSQ_ERR_SUCCESS, started, nextAttempt == nil, let client, api.socket!(client) < 0 else { return }
        let wasConnected = isConnected
        isConnected = false
        let reason = reason(for: code, errno: 0)
        events.append(.disconnected(wasConnected ? .connectionLost(reason: reason) : .connectionFailed(host: options.host, port: options.port, reason: reason)))
        scheduleReconnect()
    }

    /// The socket's pending error (a refused connect), read before libmosquitto consumes it.
    private static func pendingError(of descriptor: Int32) -> String? {
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length) == 0, error != 0 else { return nil }
        return String(cString: strerror(error))
    }

    /// True when the peer closed the socket and libmosquitto has not noticed (mid-handshake).
    private static func atEndOfFile(_ descriptor: Int32) -> Bool {
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) == 0
    }

    private func markDead(_ descriptor: Int32, reason: String) {
        deadSocket = descriptor
        let wasConnected = isConnected
        isConnected = false
        events.append(.disconnected(wasConnected ? .connectionLost(reason: reason) : .connectionFailed(host: options.host, port: options.port, reason: reason)))
        scheduleReconnect()
    }

    /// What a failed connect's libmosquitto code means to a person.
    private func reason(for code: Int32, errno failure: Int32) -> String {
        switch code {
        case Int32(CLINUX_MOSQ_ERR_ERRNO): return String(cString: strerror(failure))
        case Int32(CLINUX_MOSQ_ERR_TLS):
            return "the TLS handshake failed: the broker's certificate does not verify against the CA file, or the broker refused this client's certificate"
        default: return library.text(ofError: code)
        }
    }

    private func scheduleReconnect() {
        guard started else { return }
        nextAttempt = MonotonicTime.monotonicNow() + backoff
        backoff = min(backoff * 2, options.maximumReconnectDelay)
    }

    fileprivate func handleConnect(_ code: Int32) {
        if code == 0 {
            isConnected = true
            backoff = options.reconnectDelay
            events.append(.connected(protocolVersion: protocolVersion))
            return
        }
        if protocolVersion == .v5, code == 1 || code == 132, let client {
            protocolVersion = .v311
            fallingBack = (try? switchToProtocol(client)) != nil
            return
        }
        let name = library.text(ofConnack: code)
        let authorisation: Set<Int32> = [4, 5, 134, 135]
        events.append(.refused(authorisation.contains(code) ? .notAuthorised(code: code, name: name) : .refused(code: code, name: name)))
    }

    private func switchToProtocol(_ client: OpaquePointer) throws(MQTTError) {
        try storeConnectProperties(client)
        try check(api.int_option!(client, Int32(CLINUX_MOSQ_OPT_PROTOCOL_VERSION), protocolVersion.rawValue), "mosquitto_int_option")
    }

    fileprivate func handleDisconnect(_ code: Int32) {
        isConnected = false
        if fallingBack {
            fallingBack = false
            nextAttempt = MonotonicTime.monotonicNow()
            return
        }
        guard started else {
            events.append(.disconnected(nil))
            return
        }
        events.append(.disconnected(.connectionLost(reason: library.text(ofError: code))))
        scheduleReconnect()
    }

    fileprivate func handlePublish(_ messageID: Int32, _ reasonCode: Int32) {
        events.append(.published(messageID: messageID, reasonCode: reasonCode))
    }

    /// Checks the payload's length before anything is copied: an oversized message is counted
    /// and dropped.
    fileprivate func handleMessage(_ message: UnsafePointer<clinux_mosquitto_message>) {
        let length = Int(message.pointee.payloadlen)
        guard length >= 0, length <= options.maximumIncomingPayload else {
            droppedOversized += 1
            return
        }
        guard let topic = message.pointee.topic else { return }
        let payload = length == 0 ? [] : [UInt8](UnsafeRawBufferPointer(start: message.pointee.payload, count: length))
        let received = MQTTMessage(topic: String(cString: topic), payload: payload, qos: Int(message.pointee.qos), retain: message.pointee.retain)
        events.append(.message(received))
    }

    fileprivate func handleSubscribe(_ messageID: Int32, _ count: Int32, _ granted: UnsafePointer<Int32>?) {
        let codes = granted.map { Array(UnsafeBufferPointer(start: $0, count: max(0, Int(count)))) } ?? []
        events.append(.subscribed(messageID: messageID, granted: codes))
    }

    // MARK: - Helpers

    private func check(_ code: Int32, _ call: String) throws(MQTTError) {
        guard code != CLINUX_MOSQ_ERR_SUCCESS else { return }
        throw .library(call: call, code: code, message: library.text(ofError: code))
    }

    private static func checkReadable(_ path: String, role: String) throws(MQTTError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .tlsFileUnreadable(role: role, path: path, reason: String(cString: strerror(errno)))
        }
        close(descriptor)
    }
}

// libmosquitto's callbacks run inside `service` on the connection's own thread; the userdata
// pointer is the connection (unretained: the connection owns the client and destroys it).

private func connection(_ context: UnsafeMutableRawPointer?) -> MQTTConnection? {
    context.map { Unmanaged<MQTTConnection>.fromOpaque($0).takeUnretainedValue() }
}

private func mqttOnConnect(_ client: OpaquePointer?, _ context: UnsafeMutableRawPointer?, _ code: Int32) {
    connection(context)?.handleConnect(code)
}

private func mqttOnDisconnect(_ client: OpaquePointer?, _ context: UnsafeMutableRawPointer?, _ code: Int32) {
    connection(context)?.handleDisconnect(code)
}

private func mqttOnPublish(_ client: OpaquePointer?, _ context: UnsafeMutableRawPointer?, _ messageID: Int32, _ reason: Int32, _ properties: OpaquePointer?) {
    connection(context)?.handlePublish(messageID, reason)
}

private func mqttOnMessage(_ client: OpaquePointer?, _ context: UnsafeMutableRawPointer?, _ message: UnsafePointer<clinux_mosquitto_message>?) {
    guard let message else { return }
    connection(context)?.handleMessage(message)
}

private func mqttOnSubscribe(_ client: OpaquePointer?, _ context: UnsafeMutableRawPointer?, _ messageID: Int32, _ count: Int32, _ granted: UnsafePointer<Int32>?) {
    connection(context)?.handleSubscribe(messageID, count, granted)
}
