import DaemonKit
import DoorControl
import Testing
import TestSupport

@Suite("Door runtime: SIGHUP's reload on the virtual door")
struct DoorRuntimeTests {
    static func configuration(otherFamilies: Bool, in directory: TemporaryDirectory) -> String {
        """
        [reader]
        device = "sim"
        other_families = \(otherFamilies)

        [relay]
        line = "GPIO17"

        [audit]
        path = "\(directory.path)/audit.jsonl"

        """
    }

    @Test func aReloadPutsOtherFamiliesInForceOnTheReader() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("door.toml", Self.configuration(otherFamilies: true, in: directory))
        let config = try DoorConfig.load(path: path, boardsDirectory: nil)
        let door = VirtualDoor(allowed: [])
        #expect(door.engine.reader.pollsOtherFamilies)
        let decider = PolicyDecider(
            policy: try DoorPolicy(loading: config, from: path), state: DecisionState(counters: [:]),
            store: CounterStore(path: directory.path + "/counters"))
        let log = OperationalLog(threshold: .error, clock: { "" }, forJournal: false) { _ in }
        let runtime = DoorRuntime(
            config: config, path: path, boards: nil, engine: door.engine, decider: decider,
            journal: door.daemonJournal, log: log)

        try directory.write("door.toml", Self.configuration(otherFamilies: false, in: directory))
        #expect(runtime.reload() == "configuration reloaded: 0 users")
        #expect(!runtime.config.reader.pollsOtherFamilies)
        #expect(!door.engine.reader.pollsOtherFamilies)
    }
}
