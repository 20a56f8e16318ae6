import DoorControl
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Door configuration: the control socket of [fleet]")
struct ControlSocketConfigTests {
    @Test func noControlSocketUnlessOneIsSet() throws {
        let door = try FleetSectionTests.Door()
        defer { door.directory.remove() }
        #expect(try door.load().fleet?.control == nil)
    }

    @Test func theSocketAndTheUplinksAccountAreRead() throws {
        let door = try FleetSectionTests.Door(extra: "control_socket = \"/run/pn532ctl/door.sock\"\nuplink_user = \"\(getuid())\"")
        defer { door.directory.remove() }
        let config = try door.load()
        let control = try #require(config.fleet?.control)
        #expect(control.path == "/run/pn532ctl/door.sock" && control.uplinkUID == getuid() && control.uplinkUser == "\(getuid())")
        let rendered = config.renderedTOML()
        #expect(rendered.contains("control_socket = \"/run/pn532ctl/door.sock\"\nuplink_user = \"\(getuid())\"\n"), "\(rendered)")
        #expect(try DoorConfig.parse(text: rendered, fileName: door.path) == config)
    }

    @Test func anUnknownAccountARelativePathOrAUserAloneIsAnErrorNamingTheKey() throws {
        let unknown = try FleetSectionTests.Door(extra: "control_socket = \"/run/pn532ctl/door.sock\"\nuplink_user = \"no-such-account-pn532\"")
        defer { unknown.directory.remove() }
        #expect(unknown.error().contains("fleet.uplink_user: no-such-account-pn532: no such account"), "\(unknown.error())")
        let relative = try FleetSectionTests.Door(extra: "control_socket = \"door.sock\"")
        defer { relative.directory.remove() }
        #expect(relative.error().contains("fleet.control_socket"), "\(relative.error())")
        let long = try FleetSectionTests.Door(extra: "control_socket = \"/run/\(String(repeating: "x", count: 110))\"")
        defer { long.directory.remove() }
        #expect(long.error().contains("fleet.control_socket: /run/xx") && long.error().contains("is too long for a unix socket"), "\(long.error())")
        let alone = try FleetSectionTests.Door(extra: "uplink_user = \"\(getuid())\"")
        defer { alone.directory.remove() }
        #expect(alone.error().contains("fleet.uplink_user: belongs to the control socket: set control_socket too"), "\(alone.error())")
        let group = try FleetSectionTests.Door(extra: "control_socket = \"/run/pn532ctl/door.sock\"\nuplink_user = \"\(getuid())\"\ncontrol_group = \"no-such-group-pn532\"")
        defer { group.directory.remove() }
        #expect(group.error().contains("fleet.control_group: no-such-group-pn532: no such group"), "\(group.error())")
    }

    @Test func theSocketsGroupIsReadAndRendered() throws {
        let door = try FleetSectionTests.Door(extra: "control_socket = \"/run/pn532ctl/door.sock\"\nuplink_user = \"\(getuid())\"\ncontrol_group = \"\(getgid())\"")
        defer { door.directory.remove() }
        let config = try door.load()
        #expect(config.fleet?.control?.groupID == getgid())
        #expect(try DoorConfig.parse(text: config.renderedTOML(), fileName: door.path) == config)
    }
}
