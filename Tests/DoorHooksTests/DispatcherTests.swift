import DoorHooks
import DoorRecords
import NFCCore
import POSIXIO
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Dispatcher: spawned commands, timeouts, limits")
struct DispatcherTests {
    static func command(_ arguments: [String], timeout: Duration = .seconds(10)) -> DispatchCommand {
        DispatchCommand(rule: 0, arguments: arguments, timeout: timeout)
    }

    /// Blocks until `pid` has ended without reaping it (the dispatcher reaps it).
    static func waitForExit(_ pid: Int32) {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0, errno == EINTR {}
    }

    /// Starts `command`, waits for it to end and returns what `service` reports.
    static func run(_ dispatcher: Dispatcher, _ command: DispatchCommand) throws -> [DispatchResult] {
        let pid = try dispatcher.start(command, now: .zero).get()
        waitForExit(pid)
        return dispatcher.service(now: .zero)
    }

    @Test func exitStatusesAreReported() throws {
        let dispatcher = Dispatcher()
        let success = Self.command(["/bin/true"])
        #expect(try Self.run(dispatcher, success).map(\.outcome) == [.exited(status: 0)])
        #expect(try Self.run(dispatcher, Self.command(["false"])).map(\.outcome) == [.exited(status: 1)], "a name is looked up in PATH")
        #expect(dispatcher.running == 0)
        #expect(dispatcher.nextDeadline == nil)
    }

    @Test func aCommandPastItsTimeoutIsKilledThenReaped() throws {
        let dispatcher = Dispatcher()
        let sleep = Self.command(["/bin/sleep", "5"], timeout: .seconds(1))
        let pid = try dispatcher.start(sleep, now: .seconds(100)).get()
        #expect(dispatcher.nextDeadline == .seconds(101))
        #expect(dispatcher.service(now: .milliseconds(100_500)).isEmpty)
        #expect(dispatcher.running == 1)
        var results = dispatcher.service(now: .seconds(101))
        if results.isEmpty {
            #expect(dispatcher.nextDeadline == .milliseconds(101_050))
            Self.waitForExit(pid)
            results = dispatcher.service(now: .milliseconds(101_050))
        }
        #expect(results == [DispatchResult(command: sleep, pid: pid, outcome: .killedAfterTimeout)])
        #expect(dispatcher.running == 0)
    }

    @Test func beyondTheLimitCommandsAreSkipped() throws {
        let dispatcher = Dispatcher(limit: 1)
        let sleep = Self.command(["/bin/sleep", "5"])
        let pid = try dispatcher.start(sleep, now: .zero).get()
        let skipped = Self.command(["/bin/true"])
        #expect(throws: DispatchStartError(result: DispatchResult(command: skipped, pid: nil, outcome: .skipped(running: 1)))) {
            try dispatcher.start(skipped, now: .zero).get()
        }
        #expect(dispatcher.stopAll() == [DispatchResult(command: sleep, pid: pid, outcome: .signalled(SIGKILL))])
        #expect(dispatcher.running == 0)
    }

    @Test func aProgramThatCannotStartIsASpawnFailure() {
        let dispatcher = Dispatcher()
        let missing = Self.command(["/nonexistent/program", "x"])
        #expect(throws: DispatchStartError(result: DispatchResult(command: missing, pid: nil, outcome: .spawnFailed(errno: .noSuchFileOrDirectory)))) {
            try dispatcher.start(missing, now: .zero).get()
        }
        #expect(DispatchOutcome.spawnFailed(errno: .noSuchFileOrDirectory).description == "could not start: No such file or directory (errno 2)")
        #expect(dispatcher.running == 0)
    }

    @Test func argumentsArePassedVerbatimWithStandardInputFromDevNull() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write("argv.sh", """
            #!/bin/sh
            out="$1"
            shift
            for argument in "$@"; do printf '[%s]\\n' "$argument"; done > "$out"
            readlink /proc/self/fd/0 >> "$out"
            """, mode: 0o700)
        let arguments = ["a b; c", "$(touch \(directory.file("pwned")))", "", "'quoted' \"double\"", "*"]
        let results = try Self.run(Dispatcher(), Self.command([directory.file("argv.sh"), directory.file("out")] + arguments))
        #expect(results.map(\.outcome) == [.exited(status: 0)])
        #expect(directory.read("out") == arguments.map { "[\($0)]\n" }.joined() + "/dev/null\n")
        #expect(!directory.names().contains("pwned"))
    }
}

@Suite("Dispatcher: a hook's environment, input and leftovers")
struct DispatcherHookTests {
    @Test func aHookGetsOnlyItsEnvironmentAndItsInput() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let command = DispatchCommand(
            rule: 0, arguments: ["/bin/sh", "-c", "env > \(directory.file("env")); cat > \(directory.file("in"))"], timeout: .seconds(10),
            environment: ["PATH=/usr/bin:/bin", "PN532_UID=04A1"], input: Array("{\"uid\":\"04A1\"}\n".utf8))
        #expect(try DispatcherTests.run(Dispatcher(), command).map(\.outcome) == [.exited(status: 0)])
        let environment = directory.read("env")?.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("PWD=") && !$0.hasPrefix("SHLVL=") && !$0.hasPrefix("_=") }
        #expect(environment?.sorted() == ["PATH=/usr/bin:/bin", "PN532_UID=04A1"])
        #expect(directory.read("in") == "{\"uid\":\"04A1\"}\n")
    }

    @Test func theRunnerLimitsHooksPerMinute() {
        let runner = HookRunner(file: HooksFile(perMinute: 1, hooks: [DispatchRule(match: .textPrefix(""), command: ["/bin/true"])]))
        let event = HookEvent(uid: "01", granted: true, user: "a", rule: "r", reason: "x", uri: nil, text: "t", lockout: false)
        let first = runner.handle(event, now: .seconds(10))
        guard case .started(_, let pid)? = first.first else {
            Issue.record("not started: \(first)")
            return
        }
        #expect(runner.handle(event, now: .seconds(20)).map { if case .rateLimited = $0 { true } else { false } } == [true])
        DispatcherTests.waitForExit(pid)
        _ = runner.dispatcher.service(now: .seconds(20))
        guard case .started? = runner.handle(event, now: .seconds(71)).first else {
            Issue.record("a minute later the hook runs again")
            return
        }
        _ = runner.dispatcher.stopAll()
    }

    @Test func strangersHaveABudgetOfTheirOwnSoGrantedUsersHooksStillRun() {
        let rules = [DispatchRule(match: .textPrefix(""), command: ["/bin/true"], anyone: true)]
        let runner = HookRunner(file: HooksFile(perMinute: 1, deniedPerMinute: 2, hooks: rules))
        defer { _ = runner.dispatcher.stopAll() }
        let stranger = HookEvent(uid: "EE", granted: false, user: nil, rule: "default deny", reason: "unknown tag", uri: nil, text: "t", lockout: false)
        let alice = HookEvent(uid: "01", granted: true, user: "alice", rule: "r", reason: "x", uri: nil, text: "t", lockout: false)
        func started(_ reports: [HookRunner.Report]) -> Bool {
            if case .started(_, let pid)? = reports.first {
                DispatcherTests.waitForExit(pid)
                _ = runner.dispatcher.service(now: .seconds(1))
                return true
            }
            return false
        }
        #expect(started(runner.handle(stranger, now: .seconds(1))))
        #expect(started(runner.handle(stranger, now: .seconds(1))))
        #expect(runner.handle(stranger, now: .seconds(1)).first == .rateLimited(DispatchCommand.commands(for: stranger, rules: rules)[0], granted: false))
        #expect(started(runner.handle(alice, now: .seconds(2))), "the stranger used up only denied_per_minute")
        #expect(runner.handle(alice, now: .seconds(2)).first == .rateLimited(DispatchCommand.commands(for: alice, rules: rules)[0], granted: true))
    }

    /// Without CAP_SETGID, setgroups is refused: the hook must then not run at all (as this
    /// process's account), and the runner hears EPERM.
    @Test(.enabled(if: getuid() != 0, "root may drop to any account"))
    func aHookWhoseDropOfPrivilegesIsRefusedNeverRuns() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let dispatcher = Dispatcher(limit: 1, account: AccountID(uid: getuid(), gid: getgid()))
        let hook = DispatchCommand(rule: 0, arguments: ["/bin/sh", "-c", "touch \(directory.file("ran"))"], timeout: .seconds(10), input: Array("{}\n".utf8))
        #expect(throws: DispatchStartError(result: DispatchResult(command: hook, pid: nil, outcome: .spawnFailed(errno: .notPermitted)))) {
            try dispatcher.start(hook, now: .zero).get()
        }
        #expect(dispatcher.running == 0)
        #expect(directory.read("ran") == nil)
    }

    /// As root (the only way to test the drop itself): the hook runs as the account, with its
    /// group alone and no capability, and cannot take root back.
    @Test(.enabled(if: getuid() == 0, "only root can drop to another account"))
    func aHookRunsAsItsAccountWithNoGroupsAndNoCapabilities() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        chmod(directory.path, 0o777)
        let dispatcher = Dispatcher(limit: 1, account: AccountID(uid: 65534, gid: 65533))
        let output = directory.file("ids")
        let script = "{ id -u; id -g; id -G; grep -E '^Cap(Prm|Eff|Amb):' /proc/self/status; cat; } > \(output)"
        let hook = DispatchCommand(rule: 0, arguments: ["/bin/sh", "-c", script], timeout: .seconds(10), environment: ["PATH=/usr/bin:/bin"], input: Array("{}\n".utf8))
        let results = try DispatcherTests.run(dispatcher, hook)
        #expect(results.map(\.outcome) == [.exited(status: 0)])
        #expect(directory.read("ids") == "65534\n65533\n65533\nCapPrm:\t0000000000000000\nCapEff:\t0000000000000000\nCapAmb:\t0000000000000000\n{}\n")
    }

    @Test func accountsAreLookedUpByNameOrUID() {
        #expect(AccountID.lookUp("root") == AccountID(uid: 0, gid: 0))
        #expect(AccountID.lookUp("0") == AccountID(uid: 0, gid: 0))
        #expect(AccountID.lookUp("no-such-account-pn532ctl") == nil)
    }
}
