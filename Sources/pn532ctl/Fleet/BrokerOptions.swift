import ArgumentParser
import Basics
import MQTTClient

#if canImport(Glibc)
import Glibc
#endif

/// The broker options of `fleet publish` and `fleet status`: where the broker is and the
/// administrator's TLS identity.
struct BrokerOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The broker's host name or address.", valueName: "HOST"))
    var broker: String

    @Option(help: ArgumentHelp("The broker's port (default 8883 with --ca-file, else 1883).", valueName: "PORT"))
    var port: Int?

    @Option(name: .customLong("ca-file"), help: ArgumentHelp("The CA that signed the broker's certificate (TLS).", valueName: "FILE"), completion: .file())
    var caFile: String?

    @Option(name: .customLong("cert-file"), help: ArgumentHelp("The administrator's client certificate.", valueName: "FILE"), completion: .file())
    var certificateFile: String?

    @Option(name: .customLong("key-file"), help: ArgumentHelp("The client certificate's private key.", valueName: "FILE"), completion: .file())
    var keyFile: String?

    @Option(name: .customLong("client-id"), help: ArgumentHelp("The MQTT client id (default pn532ctl-admin-PID).", valueName: "ID"))
    var clientID: String?

    @Option(help: ArgumentHelp("Seconds to wait for the broker, 1 to 300.", valueName: "SECONDS"))
    var timeout: Int = 10

    func validate() throws {
        guard (1...300).contains(timeout) else { throw ValidationError("--timeout must be 1 to 300 seconds") }
        if let port, !(1...65_535).contains(port) { throw ValidationError("--port must be 1 to 65535") }
        if (certificateFile == nil) != (keyFile == nil) { throw ValidationError("--cert-file and --key-file go together") }
        if certificateFile != nil, caFile == nil { throw ValidationError("a client certificate needs TLS: add --ca-file") }
    }

    /// A connection to the broker with these options, connected: it throws exit 69 when the
    /// broker refuses it or does not answer within `timeout`.
    func connected() throws -> MQTTConnection {
        let connection = try self.connection()
        connection.connect()
        var failure: String?
        guard connection.wait(until: MonotonicTime.monotonicNow() + .seconds(Int64(timeout)), for: { event in
            switch event {
            case .connected: return true
            case .refused(let error): failure = "\(error)"; return true
            default: return false
            }
        }), failure == nil else {
            throw CLIError(message: "cannot connect to \(broker): \(failure ?? "no answer within \(timeout) s")", exitCode: .unavailable)
        }
        return connection
    }

    /// A connection to the broker with these options, not yet connected.
    private func connection() throws -> MQTTConnection {
        let tls = caFile.map { MQTTTLS(caFile: $0, certificateFile: certificateFile, keyFile: keyFile) }
        let options = MQTTOptions(
            host: broker, port: port ?? (tls == nil ? 1883 : 8883), clientID: clientID ?? "pn532ctl-admin-\(getpid())", tls: tls,
            keepalive: 30, cleanSession: true, maximumIncomingPayload: 1 << 16)
        do throws(MQTTError) {
            return try MQTTConnection(options: options, library: try MQTTLibrary.load())
        } catch {
            throw CLIError(message: "\(error)", exitCode: .unavailable)
        }
    }
}
