import DaemonKit
import DoorControl
import Testing
import TestSupport

/// A reload that changes the outputs rewrites the copy `door release` reads at once, though
/// the lines themselves change only at the next start: a stale copy is never left behind.
@Suite("Door runtime: the kept copy follows a reload")
struct DoorRuntimeKeptLinesTests {
    static func configuration(activeLow: Bool, in directory: TemporaryDirectory) -> String {
        """
        [reader]
        device = "sim"

        [relay]
        line = "GPIO17"
        active_low = \(activeLow)

        [audit]
        path = "\(directory.path)/audit.jsonl"

        """
    }

    @Test func aReloadChangingThePolarityRewritesTheKeptCopy() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("door.toml", Self.configuration(activeLow: false, in: directory))
        let config = try DoorConfig.load(path: path, boardsDirectory: nil)
        let release = OutputRelease(configPath: path, boards: nil, stateDirectory: directory.path)
        try release.keep(ReleaseLines(config))
        let door = VirtualDoor(allowed: [])
        let decider = PolicyDecider(
            policy: try DoorPolicy(loading: config, from: path), state: DecisionState(counters: [:]),
            store: CounterStore(path: directory.path + "/counters"))
        let log = OperationalLog(threshold: .error, clock: { "" }, forJournal: false) { _ in }
        let runtime = DoorRuntime(
            config: config, path: path, boards: nil, engine: door.engine, decider: decider,
            journal: door.daemonJournal, log: log, release: release)
        let keptPath = try #require(release.keptPath)
        #expect(try ReleaseLines.load(path: keptPath).relay.activeLow == false)

        try directory.write("door.toml", Self.configuration(activeLow: true, in: directory))
        #expect(runtime.reload() == "configuration reloaded: 0 users")
        #expect(try ReleaseLines.load(path: keptPath).relay.activeLow == true, "the copy names the file's polarity, needing a restart or not")
    }
}
