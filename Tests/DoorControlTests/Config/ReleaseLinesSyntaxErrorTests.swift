import DoorControl
import TOML
import Testing
import TestSupport

/// A TOML syntax error outside `[gpio]`, `[relay]` and `[feedback]` still lets the release
/// read the file's relay and polarity (the stale copy then shows as a conflict); one
/// inside them leaves the file unreadable.
@Suite("Release lines of a file with a syntax error")
struct ReleaseLinesSyntaxErrorTests {
    @Test func aSyntaxErrorElsewhereLeavesTheRelayReadable() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("door.toml", """
            [reader]
            device = "sim"
            [relay]
            line = "GPIO17"
            active_low = true
            [[users]]
            name = "alice
            [feedback]
            led = { line = "GPIO5", active_low = true }
            [security
            """)
        let lines = try ReleaseLines.load(path: path)
        #expect(lines.relay == LineConfig(line: "GPIO17", activeLow: true))
        #expect(lines.led == LineConfig(line: "GPIO5", activeLow: true))
    }

    @Test func aSyntaxErrorInTheRelaySectionIsStillAnError() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("door.toml", "[relay]\nline = \"GPIO17\nactive_low = true\n[users]\nname = 1\n")
        #expect(throws: ConfigError.self) { try ReleaseLines.load(path: path) }
    }
}
