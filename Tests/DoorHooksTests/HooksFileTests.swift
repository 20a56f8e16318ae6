import DoorHooks
import TOML
import TestSupport
import Testing

@Suite("The hook runner's file")
struct HooksFileTests {
    static func load(_ text: String) throws -> HooksFile {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write("hooks.toml", text)
        return try HooksFile.load(path: directory.file("hooks.toml"))
    }

    @Test func rulesAndLimitsAreRead() throws {
        let file = try Self.load("""
            socket = "/run/h/events"
            max_running = 2
            per_minute = 10
            denied_per_minute = 3
            door_user = "door"
            run_as = "1234"
            [[hook]]
            uri_prefix = "https://example.com/door/"
            command = ["/usr/local/bin/ring", "--quiet"]
            timeout = 2
            anyone = true
            """)
        #expect(file == HooksFile(socket: "/run/h/events", maxRunning: 2, perMinute: 10, deniedPerMinute: 3, doorUser: "door", runAs: "1234", hooks: [
            DispatchRule(match: .uriPrefix("https://example.com/door/"), command: ["/usr/local/bin/ring", "--quiet"], timeout: .seconds(2), anyone: true)
        ]))
        #expect(try Self.load("").hooks.isEmpty)
        #expect(try Self.load("[[hook]]\ntext_prefix = \"x\"\ncommand = [\"/bin/true\"]\n").hooks.first?.anyone == false, "granted users only by default")
    }

    @Test func theShippedExampleIsValid() throws {
        let file = try HooksFile.load(path: "\(repositoryRoot)/scripts/hooks.toml")
        #expect(file == HooksFile(socket: HooksFile.defaultSocket, maxRunning: 4, perMinute: 30, deniedPerMinute: 10, doorUser: "pn532ctl", runAs: "pn532ctl-hook", hooks: []))
    }

    @Test(arguments: [
        ("[[hook]]\ntext_prefix = \"x\"\ncommand = [\"/bin/hook\", \"--uri={uri}\"]\n", "hooks.toml:3: hook[0].command[1]: {uri} is not replaced: values never go into arguments; the hook reads $PN532_URI"),
        ("[[hook]]\ntext_prefix = \"x\"\ncommand = [\"hook\"]\n", "hooks.toml:3: hook[0].command[0]: must be an absolute path"),
        ("[[hook]]\ncommand = [\"/bin/true\"]\n", "hook[0].uri_prefix: missing"),
        ("max_running = 0\n", "hooks.toml:1: max_running"),
        ("denied_per_minute = 0\n", "hooks.toml:1: denied_per_minute"),
        ("door_user = \"\"\n", "hooks.toml:1: door_user: must not be empty"),
        ("run_as = \"a b\"\n", "hooks.toml:1: run_as: must be an account name"),
        ("[[dispatch]]\n", "hooks.toml"),
    ])
    func mistakesAreNamed(text: String, error: String) throws {
        #expect {
            try Self.load(text)
        } throws: { thrown in
            (thrown as? ConfigError).map { $0.description.contains(error) } ?? false
        }
    }
}
