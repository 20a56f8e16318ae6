import Basics
import DaemonKit
import DoorControl
import DoorRecords
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("The door's control socket: reload and status, only from the uplink's uid")
struct DoorControlSocketTests {
    static let alice: [UInt8] = [0x04, 0xA1, 0xA1, 0xA1, 0xA1, 0xA1, 0xA1]

    /// A door with `[fleet]` and a control socket accepting `uplinkUID`, its runtime on a
    /// virtual door, and the socket listening.
    struct Fixture {
        let door: FleetSectionTests.Door
        /// Where the socket is.
        let sockets: ScratchDirectory
        let virtual = VirtualDoor(allowed: [DoorControlSocketTests.alice])
        let runtime: DoorRuntime
        let socket: DoorControlSocket
        /// How many times the loop's reload ran.
        let reloads = Counter()
        /// The operational log's lines, warnings and worse.
        let lines = Lines()

        init(uplinkUID: UInt32 = getuid(), group: UInt32? = nil, unlockKey: FleetPublicKey? = nil) throws {
            sockets = try ScratchDirectory()
            if let unlockKey { try sockets.write("unlock.pub", unlockKey.fileText) }
            let remote = unlockKey == nil ? "" : "\ndoor = \"frontdoor\"\nremote_unlock = true\nunlock_public_key_file = \"\(sockets.file("unlock.pub"))\""
            door = try FleetSectionTests.Door(
                extra: "control_socket = \"\(sockets.file("door.sock"))\"\nuplink_user = \"\(uplinkUID)\"" + (group.map { "\ncontrol_group = \"\($0)\"" } ?? "") + remote)
            let config = try door.load()
            let control = try #require(config.fleet?.control)
            let decider = PolicyDecider(
                policy: try DoorPolicy(loading: config, from: door.path), state: DecisionState(counters: [:]),
                store: CounterStore(path: door.directory.file("counters")))
            let lines = self.lines
            let log = OperationalLog(threshold: .warning, clock: { "" }, forJournal: false) { lines.append($0) }
            runtime = DoorRuntime(
                config: config, path: door.path, boards: nil, engine: virtual.engine, decider: decider, journal: virtual.daemonJournal, log: log,
                release: OutputRelease(configPath: door.path, boards: nil, stateDirectory: sockets.path))
            socket = try DoorControlSocket(control, log: log)
        }

        func remove() {
            door.directory.remove()
            sockets.remove()
        }

        /// Serves what is waiting as the door's loop does, `reload` running the runtime's reload.
        func serve() {
            let runtime = self.runtime, reloads = self.reloads
            socket.serve { runtime.answer($0, reload: { reloads.count += 1; _ = runtime.reload() }) }
        }
    }

    final class Counter: @unchecked Sendable {
        var count = 0
    }

    final class Lines: @unchecked Sendable {
        var all: [String] = []
        func append(_ line: String) { all.append(line) }
    }

    static func connect(to path: String) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        try #require(descriptor >= 0)
        guard case .success(let address) = SocketDestination.parse(path), address.withSocketAddress({ Glibc.connect(descriptor, $0, $1) }) == 0 else {
            close(descriptor)
            throw ScratchError(message: "connect \(path): errno \(errno)")
        }
        return descriptor
    }

    static func send(_ text: String, on descriptor: Int32) -> Bool {
        Array(text.utf8).withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL)) } == text.utf8.count
    }

    /// The reply waiting on `descriptor`: nil when none is, "" when the door closed the connection.
    static func reply(on descriptor: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: ControlReply.messageLimit)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        if count < 0 { return errno == ECONNRESET ? "" : nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }

    static let unlockKey = FleetSigningKey()

    /// A signed unlock command for `door`, issued now, valid for `validity` seconds.
    static func unlockCommand(door: String = "frontdoor", validity: UInt64 = 30, by key: FleetSigningKey = unlockKey) throws -> String {
        let now = UInt64(AuditTime.now().epochSeconds)
        return "unlock " + (try key.sign(UnlockCommand.random(door: door, issued: now, validity: validity, reason: "courier"))).json
    }

    /// Sends `request` from the uplink and returns the door's reply.
    static func ask(_ fixture: Fixture, _ request: String) throws -> ControlReply {
        let uplink = try connect(to: fixture.socket.path)
        defer { close(uplink) }
        #expect(send(request, on: uplink))
        fixture.serve()
        return try #require(reply(on: uplink).flatMap { ControlReply(json: $0) })
    }

    @Test func aSignedUnlockOpensTheDoorOnceAndIsAudited() throws {
        let fixture = try Fixture(unlockKey: Self.unlockKey.publicKey)
        defer { fixture.remove() }
        fixture.runtime.clockSynchronised = { true }
        let command = try Self.unlockCommand()
        let reply = try Self.ask(fixture, command)
        #expect(reply.ok && reply.request == "unlock" && reply.lock == "unlocked", "\(reply)")
        #expect(fixture.virtual.engine.lockState != .locked)
        let replayed = try Self.ask(fixture, command)
        #expect(replayed.error?.contains("replayed") == true, "\(replayed)")
        let audit = try String(contentsOfFile: fixture.virtual.audit.path, encoding: .utf8)
        #expect(audit.contains("\"event\":\"exit\",\"reason\":\"remote unlock: command "), "\(audit)")
        #expect(audit.contains("(courier)"))
        #expect(audit.contains("\"event\":\"alarm\",\"reason\":\"remote unlock refused: replayed"), "\(audit)")
    }

    @Test func everyOtherUnlockIsRefusedAndTheDoorStaysLocked() throws {
        let fixture = try Fixture(unlockKey: Self.unlockKey.publicKey)
        defer { fixture.remove() }
        fixture.runtime.clockSynchronised = { true }
        let refusals = [
            (try Self.unlockCommand(by: FleetSigningKey()), "bad-signature"),
            (try Self.unlockCommand(door: "backdoor"), "other-door"),
            (try Self.unlockCommand(validity: 600), "too-long-lived"),
            ("unlock {\"format\":1}", "malformed"),
        ]
        for (command, code) in refusals {
            let reply = try Self.ask(fixture, command)
            #expect(reply.error?.contains("remote unlock refused: \(code)") == true, "\(code): \(reply)")
        }
        fixture.runtime.clockSynchronised = { false }
        #expect(try Self.ask(fixture, try Self.unlockCommand()).error?.contains("clock-unsynchronised") == true)
        #expect(fixture.virtual.engine.lockState == .locked)
    }

    @Test func aDoorWithoutRemoteUnlockRefusesEveryCommand() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        fixture.runtime.clockSynchronised = { true }
        let reply = try Self.ask(fixture, try Self.unlockCommand())
        #expect(reply.error?.contains("remote unlock refused: off") == true, "\(reply)")
        #expect(fixture.virtual.engine.lockState == .locked)
    }

    @Test func theSocketFileIsModeSixSixtyInTheControlGroup() throws {
        let group: UInt32 = getgid() == 0 ? 1 : getgid()
        let fixture = try Fixture(group: group)
        defer { fixture.remove() }
        var status = stat()
        #expect(lstat(fixture.socket.path, &status) == 0)
        #expect(status.st_gid == group)
        #expect(status.st_mode & 0o777 == 0o660)
    }

    @Test func aReloadFromTheUplinksUIDReloadsAndRepliesWithTheNewVersion() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let uplink = try Self.connect(to: fixture.socket.path)
        defer { close(uplink) }
        try fixture.door.write(version: 4)
        #expect(Self.send("reload\n", on: uplink))
        fixture.serve()
        let reply = try #require(Self.reply(on: uplink).flatMap { ControlReply(json: $0) })
        #expect(fixture.reloads.count == 1, "the loop's reload, SIGHUP's path")
        #expect(reply.ok && reply.request == "reload", "\(reply)")
        #expect(reply.version == 4 && fixture.runtime.config.fleet?.version == 4)
        #expect(reply.sha256 == fixture.runtime.config.fleet?.digest && reply.sha256?.count == 64)
        #expect(reply.lock == "locked")

        try fixture.door.write(version: 2)
        #expect(Self.send("reload", on: uplink))
        fixture.serve()
        let refused = try #require(Self.reply(on: uplink).flatMap { ControlReply(json: $0) })
        #expect(!refused.ok && refused.error?.contains("is version 2, older than version 4 last in force") == true, "\(refused)")
        #expect(refused.version == 4, "the version still in force")
        #expect(fixture.runtime.config.fleet?.version == 4)
    }

    @Test func aConnectionFromAnotherUIDIsRefusedUnread() throws {
        let fixture = try Fixture(uplinkUID: getuid() == 0 ? 1 : getuid() - 1)
        defer { fixture.remove() }
        try fixture.door.write(version: 4)
        let stranger = try Self.connect(to: fixture.socket.path)
        defer { close(stranger) }
        #expect(Self.send("reload", on: stranger))
        fixture.serve()
        #expect(fixture.reloads.count == 0, "never acted on")
        #expect(fixture.runtime.config.fleet?.version == 3)
        #expect(fixture.socket.refusedConnections == 1)
        #expect(Self.reply(on: stranger) == "", "closed, no reply")
        #expect(fixture.socket.descriptors.count == 1, "only the listener")
    }

    @Test func anUnknownOrOversizeRequestGetsAnErrorReply() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let uplink = try Self.connect(to: fixture.socket.path)
        defer { close(uplink) }
        #expect(Self.send("open", on: uplink))
        fixture.serve()
        let unknown = try #require(Self.reply(on: uplink).flatMap { ControlReply(json: $0) })
        #expect(unknown == ControlReply(request: "open", error: "unknown request open: the door answers reload, status and unlock"))
        #expect(fixture.virtual.engine.lockState == .locked, "no request opens the door")

        #expect(Self.send(String(repeating: "s", count: ControlRequest.messageLimit + 1), on: uplink))
        fixture.serve()
        let long = try #require(Self.reply(on: uplink).flatMap { ControlReply(json: $0) })
        #expect(!long.ok && long.error?.contains("longer than \(ControlRequest.messageLimit) bytes") == true, "\(long)")
        #expect(fixture.socket.refusedRequests == 2)
        for _ in 0..<3 { #expect(Self.send("open", on: uplink)) }
        fixture.serve()
        #expect(fixture.socket.refusedRequests == 5)
        let refusals = fixture.lines.all.filter { $0.contains("refused") }
        #expect(refusals.count == 1 && refusals[0].contains("refused 1 request so far; the last: unknown request open"), "at most a line a minute: \(refusals)")
        #expect(fixture.reloads.count == 0)
    }

    @Test func aFloodIsServedAFewRequestsAWake() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let uplink = try Self.connect(to: fixture.socket.path)
        defer { close(uplink) }
        for _ in 0..<20 { #expect(Self.send("status", on: uplink)) }
        var replies: [Int] = []
        for _ in 0..<4 {
            fixture.serve()
            var count = 0
            while Self.reply(on: uplink) != nil { count += 1 }
            replies.append(count)
        }
        #expect(replies == [8, 8, 4, 0])
    }

    @Test func statusShowsTheLockStateChangeAfterAGrant() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let uplink = try Self.connect(to: fixture.socket.path)
        defer { close(uplink) }
        func status() throws -> ControlReply {
            #expect(Self.send("status", on: uplink))
            fixture.serve()
            return try #require(Self.reply(on: uplink).flatMap { ControlReply(json: $0) })
        }
        let before = try status()
        #expect(before.lock == "locked" && before.unlockedUntil == nil)
        #expect(before.version == 3 && before.issued == "2025-11-27T01:00:00Z" && before.stale == false)
        fixture.virtual.present(VirtualDoor.tag(uid: Self.alice), at: 1)
        fixture.virtual.run(until: 1.5)
        let during = try status()
        #expect(during.lock == "unlocked", "\(during)")
        let until = try #require(during.unlockedUntil.flatMap { AuditTime(iso8601: $0) })
        let left = until.epochSeconds - AuditTime.now().epochSeconds
        #expect((1...4).contains(left), "the 3 s pulse: \(left) s left")
        fixture.virtual.run(until: 10)
        #expect(try status().lock == "locked")
    }
}
