import DoorControl
import Foundation
import NFCCore
import TestSupport
import Testing

@Suite("Door configuration: the effective configuration as TOML")
struct DoorConfigRendererTests {
    @Test("a full configuration renders to TOML that parses back to the same configuration")
    func roundTrip() throws {
        let config = try DoorConfig.parse(text: DoorConfigLoaderTests.full, fileName: "door.toml")
        let rendered = config.renderedTOML()
        #expect(try DoorConfig.parse(text: rendered, fileName: "rendered.toml") == config)
    }

    @Test("UIDs print fixed-width, uppercase, colon-separated, leading zeros kept")
    func uids() throws {
        let config = DoorConfig(
            reader: ReaderConfig(device: "/dev/serial0"), relay: RelayConfig(output: LineConfig(line: "GPIO17")),
            users: [User(name: "zero", credentials: [.uid([0x00, 0x0A, 0x00, 0x01]), .uid([0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0F])])])
        let rendered = config.renderedTOML()
        #expect(rendered.contains("uid = [\"00:0A:00:01\", \"04:00:00:00:00:00:0F\"]\n"))
        #expect(try DoorConfig.parse(text: rendered, fileName: "rendered.toml") == config)
    }

    @Test("awkward values survive: quotes, control characters, binary MIME payloads, toggle relay, no lockout")
    func awkwardValues() throws {
        let config = DoorConfig(
            reader: ReaderConfig(device: "sim", healthCheckInterval: .milliseconds(1250), pollsOtherFamilies: false),
            relay: RelayConfig(output: LineConfig(line: "GPIO17", activeLow: true), mode: .toggle),
            security: SecurityConfig(lockout: nil),
            users: [
                User(name: "quote \" and \\ back", credentials: [
                    .textEquals("line\nbreak\ttab"), .mime(type: "application/x", payload: [0xFF, 0x00, 0x80]),
                    .mime(type: "text/plain", payload: Array("ünï".utf8)), .signedToken,
                ])
            ],
            hooks: HooksConfig(socket: "/run/\"hooks\"/events"))
        var withKey = config
        withKey.security.keyFile = "/etc/k"
        let rendered = withKey.renderedTOML()
        #expect(rendered.contains("mode = \"toggle\"\n"))
        #expect(rendered.contains("lockout = false\n"))
        #expect(rendered.contains("payload_hex = \"FF0080\""))
        #expect(rendered.contains("health_check = 1.25\nother_families = false\n"))
        #expect(try DoorConfig.parse(text: rendered, fileName: "rendered.toml") == withKey)
    }

    @Test("with a board, the profile's values are written out and the output needs no profile")
    func boardExpanded() throws {
        let text = try String(contentsOfFile: "\(repositoryRoot)/scripts/door.toml", encoding: .utf8)
        let config = try DoorConfig.parse(text: text, fileName: "door.toml", boardsDirectory: "\(repositoryRoot)/boards")
        let rendered = config.renderedTOML()
        #expect(rendered.hasPrefix("# board profile rpi4-uart applied"))
        #expect(rendered.contains("device = \"/dev/serial0\"\n"))
        var expected = config
        expected.board = nil
        #expect(try DoorConfig.parse(text: rendered, fileName: "/nonexistent/rendered.toml") == expected)
    }
}
