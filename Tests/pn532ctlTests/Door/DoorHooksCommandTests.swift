import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Hooks outside the door: `door run` sends each decided presentation to `door hooks` over a
/// unix socket (a connection of its own) and runs nothing itself; the runner runs the hooks with the values as
/// data, for granted users only unless a rule opts in, and kills a hook's whole tree at its
/// timeout.
@Suite("pn532ctl door hooks: hooks outside the door", .serialized)
struct DoorHooksCommandTests {
    /// A door scene with a hook runner beside it reading `hooks` (`[[hook]]` tables, `@DIR@`
    /// standing for the scene's directory), taking events from `doorUser` (the door runs as
    /// this test's uid, the default).
    final class Hooked {
        let scene: DoorScene
        let runner: BackgroundCommand
        var socket: String { scene.directory.appendingPathComponent("events").path }
        var hooksFile: String { scene.directory.appendingPathComponent("hooks.toml").path }

        init(hooks: String, tagURI: String, doorUser: String = "\(getuid())", security: String = "lockout = false") throws {
            scene = try DoorScene(pulse: 0.3)
            try scene.writeConfig(pulse: 0.3, users: DoorScene.aliceOnly, extra: "[hooks]\nsocket = \"\(scene.directory.appendingPathComponent("events").path)\"\n", security: security)
            try Data("socket = \"\(scene.directory.appendingPathComponent("events").path)\"\ndoor_user = \"\(doorUser)\"\n\(hooks.replacingOccurrences(of: "@DIR@", with: scene.directory.path))\n".utf8).write(to: URL(fileURLWithPath: scene.directory.appendingPathComponent("hooks.toml").path))
            runner = try BackgroundCommand(["door", "hooks", "--config", scene.directory.appendingPathComponent("hooks.toml").path, "--verbose"], readingStandardError: true)
            _ = try runner.readLine(containing: "hook runner started")
            for uid in [DoorScene.alice, DoorScene.stranger] {
                try scene.present(uid)
                #expect(try pn532ctl(["write", "--device", scene.link, "--uri", tagURI]).status == 0)
                try scene.removeAll()
            }
            try scene.start()
        }

        deinit { _ = runner.stop() }

        func file(_ name: String) -> String { scene.directory.appendingPathComponent(name).path }

        /// Brings back the tag with `uid` (its URI already written).
        func present(_ uid: String) throws {
            #expect(try scene.simulator.control("return \(uid)").hasPrefix("returned \(uid)"))
        }
    }

    @Test func aGrantedUsersHookGetsTheValuesAsDataFromTheRunnerNotTheDoor() throws {
        let output = "values.txt"
        let hooked = try Hooked(hooks: """
            [[hook]]
            uri_prefix = "https://example.com/door/"
            command = ["/bin/sh", "-c", 'printf "%s|%s|%s|%s|%s|%s\\n" "$PN532_URI" "$PN532_UID" "$PN532_DECISION" "$PN532_USER" "$PPID" "$#" >> @DIR@/\(output); cat > @DIR@/event.json', "hook"]
            timeout = 5
            """, tagURI: "https://example.com/door/--config=/tmp/evil")
        try hooked.present(DoorScene.alice)
        try hooked.scene.log(until: "granted 04:A1:A1:A1:A1:A1:A1")
        _ = try hooked.runner.readLine(containing: "hook 1: /bin/sh exited with status 0")
        let door = try #require(hooked.scene.door)
        let values = try String(contentsOfFile: hooked.file(output), encoding: .utf8)
        #expect(values == "https://example.com/door/--config=/tmp/evil|\(DoorScene.alice)|granted|alice|\(hooked.runner.processIdentifier)|0\n")
        #expect(!values.contains("|\(door.processIdentifier)|"), "the door is not the hook's parent")
        let event = try String(contentsOfFile: hooked.file("event.json"), encoding: .utf8)
        #expect(event.contains("\"uri\":\"https://example.com/door/--config=/tmp/evil\""))

        try hooked.scene.removeAll()
        try hooked.scene.log(until: "left the field")
        try hooked.present(DoorScene.stranger)
        try hooked.scene.log(until: "denied 04:EE:EE:EE:EE:EE:EE")
        let skipped = try hooked.runner.readLine(containing: "event for \(DoorScene.stranger)")
        #expect(skipped.contains("no hook: denied"), "\(skipped)")
        #expect(try String(contentsOfFile: hooked.file(output), encoding: .utf8) == values, "a denied stranger ran no hook")
    }

    /// The hook waits until its setsid child has left the group (the child writes its pid
    /// after setsid), so the kill at the timeout always finds it escaped, however loaded the
    /// machine (with 0.5 s and no wait, a slow fork lost the race). The runner's two lines
    /// come in either order: the sweep after the kill can find the orphan before the hook
    /// itself is reaped.
    @Test func aHooksSetsidChildIsKilledWithItAtTheTimeout() throws {
        let hooked = try Hooked(hooks: """
            [[hook]]
            uri_prefix = "https://example.com/"
            command = ["/bin/sh", "-c", "setsid /bin/sh -c 'echo $$ > @DIR@/escaped.pid.new; mv @DIR@/escaped.pid.new @DIR@/escaped.pid; exec sleep 300' & while [ ! -s @DIR@/escaped.pid ]; do :; done; exec sleep 300", "hook"]
            timeout = 2
            anyone = true
            """, tagURI: "https://example.com/x")
        try hooked.present(DoorScene.stranger)
        _ = try hooked.runner.readLine(containing: "hook 1: started")
        var killed = false
        var swept: String?
        while !killed || swept == nil {
            let line = try hooked.runner.readLine(within: 20)
            if line.contains("hook 1: /bin/sh killed after its timeout") { killed = true }
            if line.contains("left behind by hooks") { swept = line }
        }
        let sweep = try #require(swept)
        let escaped = try String(contentsOfFile: hooked.file("escaped.pid"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(sweep.contains("pid \(escaped)"), "\(sweep)")
        let pid = try #require(Int32(escaped))
        #expect(kill(pid, 0) == -1 && errno == ESRCH, "the setsid child is gone")
    }

    /// The runner told the door is another uid: this test's door (and anything else of this
    /// uid, as a hook would be) is refused, and the grant's hook does not run.
    @Test func aGrantFromAnotherUIDThanTheDoorsIsRefusedAndRunsNoHook() throws {
        let hooked = try Hooked(hooks: """
            [[hook]]
            uri_prefix = "https://example.com/door/"
            command = ["/bin/sh", "-c", "touch @DIR@/ran", "hook"]
            """, tagURI: "https://example.com/door/disarm", doorUser: "\(getuid() == 0 ? 1 : getuid() - 1)")
        try hooked.present(DoorScene.alice)
        try hooked.scene.log(until: "granted 04:A1:A1:A1:A1:A1:A1")
        let refused = try hooked.runner.readLine(containing: "refused 1 connection")
        #expect(refused.contains("from uid \(getuid())"), "\(refused)")
        #expect(!FileManager.default.fileExists(atPath: hooked.file("ran")))
    }

    /// A stranger's tag locked out by its own denials (the door is not locked out) runs no
    /// `anyone` hook from the denial that starts the lockout on.
    @Test func aStrangersLockedOutTagRunsNoAnyoneHook() throws {
        let hooked = try Hooked(hooks: """
            [[hook]]
            uri_prefix = "https://example.com/"
            command = ["/bin/sh", "-c", "echo ran >> @DIR@/runs", "hook"]
            anyone = true
            """, tagURI: "https://example.com/x", security: "lockout = { denials = 2, window = 60, duration = 60, global_denials = 50 }")
        try hooked.present(DoorScene.stranger)
        _ = try hooked.runner.readLine(containing: "hook 1: /bin/sh exited with status 0")
        for _ in 0..<2 {
            try hooked.scene.removeAll()
            try hooked.scene.log(until: "left the field")
            try hooked.present(DoorScene.stranger)
            let skipped = try hooked.runner.readLine(containing: "event for \(DoorScene.stranger)")
            #expect(skipped.contains("no hook: the tag is locked out"), "\(skipped)")
        }
        #expect(try String(contentsOfFile: hooked.file("runs"), encoding: .utf8) == "ran\n", "only the denial before the lockout ran the hook")
    }

    @Test func theDoorGoesOnWhenNoRunnerListens() throws {
        let scene = try DoorScene(pulse: 0.3)
        try scene.writeConfig(pulse: 0.3, users: DoorScene.aliceOnly, extra: "[hooks]\nsocket = \"\(scene.directory.appendingPathComponent("nobody").path)\"\n")
        try scene.start()
        try scene.present(DoorScene.alice)
        let lines = try scene.log(until: "relay released (locked): pulse ended")
        #expect(lines.contains { $0.contains("hook event dropped") })
        #expect(lines.contains { $0.contains("granted 04:A1:A1:A1:A1:A1:A1") })
    }
}

@Suite("The shipped hook file and units")
struct HookFilesTests {
    @Test func aMissingHookFileIsExit66() throws {
        let result = try pn532ctl(["door", "hooks", "--config", "/nonexistent/hooks.toml"])
        #expect(result.status == 66, "\(result.standardError)")
    }

    @Test(arguments: [
        ("door_user = \"root\"\nrun_as = \"\(getuid())\"\n", "run_as \(getuid()): hooks need an account of their own"),
        ("door_user = \"root\"\nrun_as = \"0\"\n", "run_as 0: hooks need an account of their own"),
        ("door_user = \"no-such-account-pn532ctl\"\n", "door_user no-such-account-pn532ctl: no such account"),
        ("door_user = \"root\"\nrun_as = \"no-such-account-pn532ctl\"\n", "run_as no-such-account-pn532ctl: no such account"),
    ])
    func anAccountThatIsMissingOrSharedIsExit65(text: String, message: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("hooks.toml")
        try Data("socket = \"\(directory.appendingPathComponent("events").path)\"\n\(text)".utf8).write(to: file)
        let result = try pn532ctl(["door", "hooks", "--config", file.path])
        #expect(result.status == 65 && result.standardError.contains(message), "\(result.status) \(result.standardError)")
    }

    @Test func theUnitsRunHooksAsAnotherAccountAndAgreeOnTheSocket() throws {
        let repository = InstallScriptTests.repository
        let hooksUnit = try String(contentsOf: repository.appendingPathComponent("scripts/pn532ctl-hooks.service"), encoding: .utf8)
        let doorUnit = try String(contentsOf: repository.appendingPathComponent("scripts/pn532ctl-door.service"), encoding: .utf8)
        let hooksFile = try String(contentsOf: repository.appendingPathComponent("scripts/hooks.toml"), encoding: .utf8)
        #expect(hooksUnit.contains("\nUser=pn532ctl-hooks\n") && hooksUnit.contains("\nRuntimeDirectory=pn532ctl-hooks\n"))
        #expect(hooksUnit.contains("\nKillMode=control-group\n"))
        #expect(hooksUnit.contains("\nAmbientCapabilities=CAP_SETUID CAP_SETGID\n") && hooksUnit.contains("\nCapabilityBoundingSet=CAP_SETUID CAP_SETGID\n"), "to start hooks as run_as, and nothing more")
        #expect(hooksUnit.components(separatedBy: "CapabilityBoundingSet=").count == 2 && hooksUnit.components(separatedBy: "AmbientCapabilities=").count == 2)
        #expect(hooksFile.contains("\nrun_as = \"pn532ctl-hook\"") && hooksFile.contains("\ndoor_user = \"pn532ctl\""), "hooks run as a third account; events only from the door's")
        for script in ["scripts/install.sh", "packaging/deb/postinst"] {
            let text = try String(contentsOf: repository.appendingPathComponent(script), encoding: .utf8)
            #expect(text.contains("\nhook_user=pn532ctl-hook\n") && text.contains("\"$hook_user\"\n"), "\(script) creates the hooks' account")
            #expect(!text.contains("$hook_user\" \"$") && !text.contains("$hooks_user $hook_user"), "\(script): the hooks' account joins no group")
        }
        #expect(hooksFile.contains("\nsocket = \"/run/pn532ctl-hooks/events\"\n"))
        #expect(doorUnit.contains("\nSupplementaryGroups=dialout gpio i2c spi pn532ctl-hooks pn532ctl-control\n"))
        #expect(!doorUnit.contains("\nUser=pn532ctl-hooks\n"), "the door and the hooks run as different accounts")
    }
}
