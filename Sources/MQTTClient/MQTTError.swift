/// What went wrong with the MQTT client, each with a message that says what to do.
package enum MQTTError: Error, Equatable, Sendable, CustomStringConvertible {
    /// libmosquitto could not be opened (`library`: the name given to dlopen).
    case libraryMissing(library: String, detail: String)
    /// The library opened but lacks a function this client needs (an old or foreign build).
    case symbolMissing(symbol: String, library: String)
    /// A TLS file (`role`: "CA", "client certificate", "client key") cannot be read.
    case tlsFileUnreadable(role: String, path: String, reason: String)
    /// An option is out of range or malformed.
    case invalidOption(String)
    /// The broker's address could not be reached (`reason`: the system's words).
    case connectionFailed(host: String, port: Int, reason: String)
    /// The broker answered CONNACK with a refusal (`code` as sent; `name`: its meaning).
    case refused(code: Int32, name: String)
    /// The broker refused the client's identity or rights (CONNACK "not authorised" or "bad
    /// user name or password", MQTT 3.1.1 codes 4 and 5, MQTT 5 reason codes 134 and 135).
    case notAuthorised(code: Int32, name: String)
    /// The connection was lost (`reason`: libmosquitto's words).
    case connectionLost(reason: String)
    /// A payload is larger than the broker or this client accepts.
    case payloadTooLarge(bytes: Int, limit: Int?)
    /// A QoS 0 message cannot be sent while the connection is down (QoS 1 messages wait).
    case notConnected
    /// Any other libmosquitto error, by its code and text.
    case library(call: String, code: Int32, message: String)

    package var description: String {
        switch self {
        case .libraryMissing(let library, let detail):
            return "the MQTT library \(library) cannot be loaded (\(detail)): install libmosquitto1: apt install libmosquitto1"
        case .symbolMissing(let symbol, let library):
            return "\(library) has no \(symbol): install Debian's libmosquitto1 2.0 or later (apt install libmosquitto1)"
        case .tlsFileUnreadable(let role, let path, let reason):
            return "the TLS \(role) file \(path) cannot be read (\(reason)): check the path and that this account may read it"
        case .invalidOption(let message):
            return "invalid MQTT option: \(message)"
        case .connectionFailed(let host, let port, let reason):
            return "cannot connect to the MQTT broker at \(host):\(port) (\(reason)): check that mosquitto runs there and the firewall lets the port through"
        case .refused(let code, let name):
            return "the MQTT broker refused the connection: \(name) (code \(code))"
        case .notAuthorised(let code, let name):
            return "the MQTT broker refused this client: \(name) (code \(code)): check the client certificate's CN and the broker's ACL file"
        case .connectionLost(let reason):
            return "the connection to the MQTT broker was lost: \(reason)"
        case .payloadTooLarge(let bytes, let limit):
            let bound = limit.map { " (the limit is \($0) bytes)" } ?? ""
            return "an MQTT message of \(bytes) bytes is too large\(bound)"
        case .notConnected:
            return "not connected to the MQTT broker: a QoS 0 message is not kept, publish at QoS 1 to have it sent after the reconnect"
        case .library(let call, let code, let message):
            return "\(call) failed: \(message) (libmosquitto error \(code))"
        }
    }
}
