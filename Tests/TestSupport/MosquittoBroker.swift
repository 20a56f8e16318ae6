import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A real Mosquitto (Debian's) on a free loopback port for one test: TLS with a CA generated
/// by the openssl command, a client certificate per device (CN = the device id, which the
/// broker takes as the user name), the ACL of the fleet's topic contract, persistence in the
/// test's directory, and a packet size limit. `kill()` and `start()` again (same port,
/// same persistence) make the fault tests.
public final class MosquittoBroker {
    /// Where Debian installs the broker and the openssl command.
    public static let brokerPath = "/usr/sbin/mosquitto"
    public static let opensslPath = "/usr/bin/openssl"

    /// Set in CI and by scripts/test (which installs mosquitto, libmosquitto1 and openssl):
    /// then a missing tool fails the test instead of skipping it.
    public static let required: Bool = {
        let environment = ProcessInfo.processInfo.environment
        return environment["CI"] != nil || environment["PN532CTL_REQUIRE_PEERS"] != nil
    }()

    /// Why the broker tests cannot run here, or nil when they can.
    public static var missingTools: String? {
        let missing = [brokerPath, opensslPath].filter { !FileManager.default.isExecutableFile(atPath: $0) }
        guard missing.isEmpty else { return "\(missing.joined(separator: " and ")) missing: apt install mosquitto openssl" }
        return nil
    }

    /// True when the broker tests run: the tools are there, or they are required (and then
    /// fail with the reason).
    public static var shouldRun: Bool {
        if missingTools == nil { return true }
        if !required, let reason = missingTools { print("skipping the Mosquitto tests: \(reason)") }
        return required
    }

    /// The loopback port it listens on (kept across restarts).
    public let port: Int
    /// The CA certificate clients verify the broker with.
    public let caFile: String
    /// The largest packet the broker takes or sends (`max_packet_size`).
    public let maximumPacketSize: Int
    /// The test's directory (certificates, configuration, persistence, log).
    public let directory: String

    private var process: Process?
    private let log = BrokerLog()

    /// Writes the CA, the broker's and each of `devices`' certificates, the ACL (each device
    /// reads `pn532ctl/acl/<its group>` from `groups`, default "group-1") and the configuration,
    /// then starts the broker and waits until its log says it runs.
    public init(devices: [String], groups: [String: String] = [:], maximumPacketSize: Int = 1 << 20) throws {
        if let reason = Self.missingTools { throw BrokerError(message: reason) }
        directory = try Self.makeDirectory()
        caFile = directory + "/ca.pem"
        self.maximumPacketSize = maximumPacketSize
        port = try Self.freeLoopbackPort()
        try openssl(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
                     "-subj", "/CN=pn532ctl test CA", "-keyout", directory + "/ca.key", "-out", caFile])
        try issueCertificate(name: "broker", commonName: "localhost", alternativeNames: "IP:127.0.0.1,DNS:localhost")
        for device in devices + ["homeassistant", "acl-publisher"] {
            try issueCertificate(name: device, commonName: device, alternativeNames: nil)
        }
        try writeACL(devices: devices, groups: groups)
        try writeConfiguration()
        try start()
    }

    deinit {
        if let process, process.isRunning {
            Glibc.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The certificate and key of `device` (or "homeassistant", "acl-publisher").
    public func certificate(of device: String) -> (certificate: String, key: String) {
        (directory + "/\(device).pem", directory + "/\(device).key")
    }

    /// Starts the broker and returns once its log says it runs (at most 20 s).
    public func start() throws {
        let started = Process()
        started.executableURL = URL(fileURLWithPath: Self.brokerPath)
        started.arguments = ["-c", directory + "/mosquitto.conf"]
        let pipe = Pipe()
        started.standardOutput = pipe
        started.standardError = pipe
        let runs = log.count(of: "running")
        try started.run()
        process = started
        log.follow(pipe.fileHandleForReading)
        guard log.wait(forOccurrence: runs + 1, of: "running", until: Date().addingTimeInterval(20)) else {
            throw BrokerError(message: "mosquitto did not start; its log:\n" + log.text)
        }
    }

    /// Ends the broker with SIGKILL (no goodbye to clients, no final save: what it keeps is
    /// what `autosave_on_changes` saved) and waits for it. SIGTERM is no choice here: the
    /// broker inherits the test thread's blocked signals and would never see it.
    public func kill() {
        guard let process, process.isRunning else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// The broker's log so far.
    public var logText: String { log.text }

    private func writeACL(devices: [String], groups: [String: String]) throws {
        var lines = [
            "pattern write pn532ctl/%u/#",
            "pattern read pn532ctl/%u/lock/set",
            "pattern write homeassistant/+/%u/#",
            "user homeassistant",
            "topic read pn532ctl/#",
            "topic write pn532ctl/+/lock/set",
            "topic readwrite homeassistant/#",
            "user acl-publisher",
            "topic write pn532ctl/acl/#",
        ]
        for device in devices {
            lines += ["user \(device)", "topic read pn532ctl/acl/\(groups[device] ?? "group-1")"]
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: directory + "/acl", atomically: true, encoding: .utf8)
    }

    private func writeConfiguration() throws {
        let lines = [
            "per_listener_settings false",
            "listener \(port) 127.0.0.1",
            "cafile \(caFile)",
            "certfile \(directory)/broker.pem",
            "keyfile \(directory)/broker.key",
            "require_certificate true",
            "use_identity_as_username true",
            "allow_anonymous false",
            "acl_file \(directory)/acl",
            "persistence true",
            "persistence_location \(directory)/",
            "autosave_interval 1",
            "autosave_on_changes true",
            "max_packet_size \(maximumPacketSize)",
            "log_dest stderr",
            "log_type error",
            "log_type warning",
            "log_type notice",
            "log_type information",
            "connection_messages true",
            // As root Mosquitto would drop to the account "mosquitto", which cannot read the
            // test's files; as anyone else this line does nothing.
            "user root",
        ]
        try (lines.joined(separator: "\n") + "\n").write(toFile: directory + "/mosquitto.conf", atomically: true, encoding: .utf8)
    }

    private func issueCertificate(name: String, commonName: String, alternativeNames: String?) throws {
        let key = directory + "/\(name).key"
        let request = directory + "/\(name).csr"
        try openssl(["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-subj", "/CN=\(commonName)", "-keyout", key, "-out", request])
        var signing = ["x509", "-req", "-in", request, "-CA", caFile, "-CAkey", directory + "/ca.key", "-CAcreateserial", "-days", "2", "-out", directory + "/\(name).pem"]
        if let alternativeNames {
            let extensions = directory + "/\(name).ext"
            try "subjectAltName=\(alternativeNames)\n".write(toFile: extensions, atomically: true, encoding: .utf8)
            signing += ["-extfile", extensions]
        }
        try openssl(signing)
    }

    private func openssl(_ arguments: [String]) throws {
        let tool = Process()
        tool.executableURL = URL(fileURLWithPath: Self.opensslPath)
        tool.arguments = arguments
        let output = Pipe()
        tool.standardOutput = output
        tool.standardError = output
        try tool.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        tool.waitUntilExit()
        guard tool.terminationStatus == 0 else { throw BrokerError(message: "openssl \(arguments.first ?? "") failed: \(text)") }
    }

    private static func makeDirectory() throws -> String {
        var template = Array("/tmp/pn532ctl-mosquitto-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw BrokerError(message: "mkdtemp failed") }
        return String(cString: made)
    }

    /// A port the kernel just handed out on 127.0.0.1 (bound, read back, released).
    private static func freeLoopbackPort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw BrokerError(message: "socket failed") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        guard bound else { throw BrokerError(message: "cannot bind a loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// The broker's output, read on a thread of its own so that the broker never blocks on a full
/// pipe, and waited on with a deadline.
private final class BrokerLog: @unchecked Sendable {
    private let condition = NSCondition()
    private var collected = ""

    var text: String {
        condition.lock()
        defer { condition.unlock() }
        return collected
    }

    func count(of needle: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    func follow(_ handle: FileHandle) {
        let thread = Thread { [self] in
            while true {
                let data = handle.availableData
                if data.isEmpty { return }
                condition.lock()
                collected += String(decoding: data, as: UTF8.self)
                condition.broadcast()
                condition.unlock()
            }
        }
        thread.start()
    }

    /// Waits until `needle` occurs `occurrence` times in the log, or `deadline`.
    func wait(forOccurrence occurrence: Int, of needle: String, until deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while collected.components(separatedBy: needle).count - 1 < occurrence {
            guard condition.wait(until: deadline) else { return false }
        }
        return true
    }
}

public struct BrokerError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
