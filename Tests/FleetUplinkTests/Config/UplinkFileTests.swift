import FleetUplink
import Testing
import TestSupport
import TOML

@Suite("uplink.toml: which door the uplink speaks for, the broker, and the door's files")
struct UplinkFileTests {
    static let minimal = """
        door = "frontdoor"
        site = "hq"
        group = "front"
        public_key_file = "/etc/pn532ctl-uplink/fleet.pub"
        snapshot = "/var/lib/pn532ctl-uplink/users.snapshot"
        audit_log = "/var/log/pn532ctl/audit.log"
        state_directory = "/var/lib/pn532ctl-uplink"
        control_socket = "/run/pn532ctl/door.sock"

        [broker]
        host = "broker.example"
        ca_file = "/etc/pn532ctl-uplink/ca.crt"
        cert_file = "/etc/pn532ctl-uplink/frontdoor.crt"
        key_file = "/etc/pn532ctl-uplink/frontdoor.key"

        """

    static func load(_ text: String) throws -> UplinkFile {
        let directory = try TemporaryDirectory()
        return try UplinkFile.load(path: try directory.write("uplink.toml", text))
    }

    static func error(_ text: String) throws -> String {
        do {
            _ = try load(text)
        } catch let error as ConfigError {
            return error.description
        }
        Issue.record("accepted:\n\(text)")
        return ""
    }

    @Test func aMinimalFileTakesTheDefaults() throws {
        let file = try Self.load(Self.minimal)
        #expect(file.door == "frontdoor")
        #expect(file.name == "frontdoor")
        #expect(file.broker == UplinkFile.Broker(host: "broker.example", port: 8883, caFile: "/etc/pn532ctl-uplink/ca.crt",
                                                 certificateFile: "/etc/pn532ctl-uplink/frontdoor.crt", keyFile: "/etc/pn532ctl-uplink/frontdoor.key", keepalive: 30))
        #expect(file.discoveryPrefix == "homeassistant")
        #expect(file.controlSocket == "/run/pn532ctl/door.sock")
    }

    @Test func theShippedExampleReads() throws {
        let file = try UplinkFile.load(path: repositoryRoot + "/scripts/uplink.toml")
        #expect(file.door == "frontdoor" && file.controlSocket == "/run/pn532ctl/door.sock" && file.broker.port == 8883)
    }

    @Test func discoveryCanBeTurnedOffOrMoved() throws {
        #expect(try Self.load(Self.minimal + "[home_assistant]\ndiscovery = false\n").discoveryPrefix == nil)
        #expect(try Self.load(Self.minimal + "[home_assistant]\nprefix = \"ha\"\n").discoveryPrefix == "ha")
    }

    @Test func badFilesNameTheKey() throws {
        #expect(try Self.error(Self.minimal.replacingOccurrences(of: "\"frontdoor\"", with: "\"front/door\"")).contains("door"))
        #expect(try Self.error(Self.minimal.replacingOccurrences(of: "door = \"frontdoor\"\n", with: "")).contains("door"))
        #expect(try Self.error(Self.minimal.replacingOccurrences(of: "\"/var/log/pn532ctl/audit.log\"", with: "\"audit.log\"")).contains("audit_log"))
        #expect(try Self.error(Self.minimal.replacingOccurrences(of: "cert_file = \"/etc/pn532ctl-uplink/frontdoor.crt\"\n", with: "")).contains("cert_file"))
        #expect(try Self.error(Self.minimal.replacingOccurrences(of: "ca_file = \"/etc/pn532ctl-uplink/ca.crt\"\n", with: "")).contains("ca_file"))
        #expect(try Self.error(Self.minimal + "retain = true\n").contains("retain"))
        #expect(try Self.error(Self.minimal.replacingOccurrences(of: "host = \"broker.example\"", with: "host = \"broker.example\"\nport = 70000")).contains("port"))
        #expect(try Self.error("name = \"Front\\u0007door\"\n" + Self.minimal).contains("name"))
    }
}
