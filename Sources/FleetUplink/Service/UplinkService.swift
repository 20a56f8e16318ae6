import DaemonKit
import DoorRecords
import FileInput
import MQTTClient
import POSIXIO
import SystemPackage
import TOML

#if canImport(Glibc)
import Glibc
#endif

/// `door uplink`'s composition root: the signals watched first, the uplink file and the
/// fleet's public key read, the audit cursor loaded, libmosquitto loaded, then the loop run
/// until SIGTERM or SIGINT.
package struct UplinkService {
    /// The uplink's file.
    package var configPath: String
    /// The operational log.
    package var log: OperationalLog
    /// pn532ctl's version, which Home Assistant shows.
    package var softwareVersion: String

    /// A service for the uplink file at `configPath`.
    package init(configPath: String, log: OperationalLog, softwareVersion: String) {
        self.configPath = configPath
        self.log = log
        self.softwareVersion = softwareVersion
    }

    /// Runs the uplink until SIGTERM or SIGINT; returns that signal.
    ///
    /// - Throws: `UplinkServiceError` when it cannot start.
    package func run() throws(UplinkServiceError) -> Int32 {
        let loop: EventLoop
        do throws(Errno) { loop = try EventLoop(signals: [SIGINT, SIGTERM, SIGHUP]) } catch { throw .signals(error) }
        let file: UplinkFile
        do throws(ConfigError) { file = try UplinkFile.load(path: configPath) } catch { throw .configuration(error) }
        let keyText: [UInt8]
        do throws(FileInputError) { keyText = try InputFile.read(file.publicKeyFile, limit: InputLimit(bytes: 256, for: "a fleet public key")) } catch {
            throw .publicKey("cannot read \(file.publicKeyFile): \(error)")
        }
        guard let key = String(validating: keyText, as: UTF8.self).flatMap(FleetPublicKey.init(fileText:)) else {
            throw .publicKey("\(file.publicKeyFile) is not a fleet public key (the FILE.pub that pn532ctl fleet key new writes)")
        }
        let audit: AuditUplink
        do throws(AuditCursorFileError) { audit = try AuditUplink(logPath: file.auditLog, stateDirectory: file.stateDirectory, now: ContinuousClock.now) } catch {
            throw .cursor(error)
        }
        var assistant: HomeAssistantDoor?
        if let prefix = file.discoveryPrefix {
            do throws(HomeAssistantError) { assistant = try HomeAssistantDoor(door: file.door, name: file.name, softwareVersion: softwareVersion, discoveryPrefix: prefix) } catch {
                throw .configuration(ConfigError(file: configPath, message: "door: \(error) (or turn [home_assistant] discovery off)"))
            }
        }
        let library: MQTTLibrary
        do throws(MQTTError) { library = try MQTTLibrary.load() } catch { throw .mqtt(error) }
        let topics = UplinkTopics(door: file.door)
        let tls = file.broker.caFile.map { MQTTTLS(caFile: $0, certificateFile: file.broker.certificateFile, keyFile: file.broker.keyFile) }
        let options = MQTTOptions(
            host: file.broker.host, port: file.broker.port, clientID: "pn532ctl-\(file.door)", username: tls?.certificateFile == nil ? file.door : nil,
            tls: tls, keepalive: file.broker.keepalive, will: MQTTWill(topic: topics.status, payload: Array("offline".utf8)),
            cleanSession: false, maximumIncomingPayload: SignedUsersSnapshot.sizeLimit)
        let connection: MQTTConnection
        do throws(MQTTError) { connection = try MQTTConnection(options: options, library: library) } catch { throw .mqtt(error) }
        connection.connect()
        let inbox = SnapshotInbox(publicKey: key, site: file.site, group: file.group, path: file.snapshot)
        let uplink = UplinkLoop(file: file, connection: connection, inbox: inbox, audit: audit, assistant: assistant, log: log)
        _ = SystemdNotifier().notify("READY=1\nSTATUS=connecting to \(file.broker.host):\(file.broker.port)")
        log.write(.notice, "uplink for door \(file.door) (site \(file.site), group \(file.group)) started: "
            + (audit.window.cursor.map { "audit lines after \($0.line)" } ?? "the audit log from its oldest line") + " to \(file.broker.host):\(file.broker.port)")
        let signal = uplink.run(in: loop)
        log.write(.notice, "stopping on \(signal == SIGINT ? "SIGINT" : "SIGTERM"): audit cursor saved")
        return signal
    }
}

/// Why the uplink cannot start.
package enum UplinkServiceError: Error, CustomStringConvertible {
    /// The signals cannot be watched.
    case signals(Errno)
    /// The uplink file is invalid, missing or unreadable.
    case configuration(ConfigError)
    /// The fleet's public key cannot be read.
    case publicKey(String)
    /// The audit cursor cannot be read.
    case cursor(AuditCursorFileError)
    /// libmosquitto is missing, or the connection's options are refused.
    case mqtt(MQTTError)

    package var description: String {
        switch self {
        case .signals(let code): "cannot watch signals: \(code)"
        case .configuration(let error): "\(error)"
        case .publicKey(let why): why
        case .cursor(let error): "\(error)"
        case .mqtt(let error): "\(error)"
        }
    }
}
