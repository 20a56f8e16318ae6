import Basics
import DoorRecords

#if canImport(Glibc)
import Glibc
#endif

/// Part J: how many audit lines a second `pn532ctl door uplink` publishes at QoS 1 to a local
/// Mosquitto (Debian's, on loopback, plain TCP), from a log of `lines` decisions written
/// beforehand with the door's own `AuditLog` (rotated at 1 MiB): the time from the uplink's
/// start to its cursor holding the last line, which it saves only past acknowledged lines; the
/// uplink's resident memory once it is done. Then, with `door run` beside it (against `pn532ctl
/// sim` on a pty): the time from `fleet publish` of a snapshot adding a user to the door having
/// it in force, and to the door granting that user's tag.
struct UplinkBench {
    /// Where Debian installs the broker.
    static let broker = "/usr/sbin/mosquitto"

    let lines: Int
    let elapsed: Duration
    /// The uplink's VmRSS and VmHWM at the end, KiB.
    let memory: (rss: Int, peak: Int)
    /// From `fleet publish` (its process started) to the door's "configuration reloaded".
    let publishToReload: Duration
    /// From `fleet publish` to the door granting the new user's tag, presented at once after
    /// the reload.
    let publishToGrant: Duration
    /// The door beside a running uplink, then after the uplink stopped: the median time from
    /// a tag's presentation to the door's decision in its log, and the door's VmRSS (KiB).
    let withUplink: (decision: Duration, rss: Int)
    let withoutUplink: (decision: Duration, rss: Int)
    /// Presentations timed in each phase.
    static let presentations = 20

    init(pn532ctl: String, lines: Int) throws(BenchError) {
        guard access(Self.broker, X_OK) == 0 else { throw BenchError("\(Self.broker) is missing (apt install mosquitto)") }
        var template = Array("/tmp/pn532bench-uplink.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw BenchError("mkdtemp failed") }
        let directory = String(cString: made)
        defer { Self.remove(directory) }
        let log = directory + "/audit.jsonl"
        do throws(AuditLogError) {
            let audit = try AuditLog(path: log, maxBytes: 1 << 20, keep: 100)
            let start = AuditTime.now()
            for index in 0..<lines {
                try audit.append(AuditEntry(
                    time: AuditTime(epochSeconds: start.epochSeconds, nanoseconds: Int64(index % 1_000_000_000)), event: .decision,
                    uid: [0x04, 0xA1, 0xA1, 0xA1, 0xA1, 0xA1, UInt8(truncatingIfNeeded: index)], user: "alice", granted: true,
                    rule: "users[0] \"alice\" credentials[0] uid", reason: "UID 04A1A1A1A1A1\(String(UInt8(truncatingIfNeeded: index), radix: 16)) matches"))
            }
        } catch {
            throw BenchError("writing the audit log: \(error)")
        }
        let port = try Self.freePort()
        try BenchFile.write(Array("listener \(port) 127.0.0.1\nallow_anonymous true\npersistence false\nlog_dest none\n".utf8), to: directory + "/mosquitto.conf")
        let mosquitto = try Subprocess(Self.broker, ["-c", directory + "/mosquitto.conf"])
        defer {
            mosquitto.terminate()
            mosquitto.wait()
        }
        try Self.waitForListener(port: port)
        try Subprocess.run(pn532ctl, ["fleet", "key", "new", directory + "/fleet.key"])
        try BenchFile.write(Array("""
            door = "bench"
            site = "hq"
            group = "front"
            public_key_file = "\(directory)/fleet.key.pub"
            snapshot = "\(directory)/users.snapshot"
            audit_log = "\(log)"
            state_directory = "\(directory)"
            control_socket = "\(directory)/door.sock"
            [broker]
            host = "127.0.0.1"
            port = \(port)
            [home_assistant]
            discovery = false

            """.utf8), to: directory + "/uplink.toml")
        let clock = ContinuousClock()
        let started = clock.now
        let uplink = try Subprocess(pn532ctl, ["door", "uplink", "--config", directory + "/uplink.toml"], standardError: directory + "/uplink.log")
        defer {
            uplink.terminate()
            uplink.wait()
        }
        let cursor = directory + "/audit-cursor"
        let deadline = started + .seconds(300)
        while Self.cursorLine(cursor) != lines {
            guard clock.now < deadline, !uplink.hasExited else { throw BenchError("the uplink did not publish \(lines) lines (see its log)") }
            usleep(2000)
        }
        elapsed = clock.now - started
        self.lines = lines
        memory = try DoorIdleBench.residentMemory(uplink.id)
        let door = try Self.publishToGrant(pn532ctl: pn532ctl, directory: directory, port: port, uplink: uplink)
        (publishToReload, publishToGrant, withUplink, withoutUplink) = (door.reload, door.grant, door.with, door.without)
    }

    /// Signs two snapshots, publishes the first and starts `door run` with it, then times the
    /// second (adding bob) from `fleet publish` to the door's reload and to bob's grant.
    private static func publishToGrant(
        pn532ctl: String, directory: String, port: Int, uplink: Subprocess
    ) throws(BenchError) -> (reload: Duration, grant: Duration, with: (decision: Duration, rss: Int), without: (decision: Duration, rss: Int)) {
        let bob = "04B0B0B0B0B0B0"
        for (version, users) in [(1, "[[users]]\nname = \"alice\"\nuid = [\"04A1A1A1A1A1A1\"]\n"), (2, "[[users]]\nname = \"bob\"\nuid = [\"\(bob)\"]\n")] {
            try BenchFile.write(Array(users.utf8), to: directory + "/users.toml")
            try Subprocess.run(pn532ctl, ["fleet", "sign", directory + "/users.toml", "--key", directory + "/fleet.key", "--site", "hq", "--group", "front",
                                          "--version", String(version), "--output", directory + "/v\(version).json"])
        }
        let publish = { (version: Int) throws(BenchError) in
            try Subprocess.run(pn532ctl, ["fleet", "publish", directory + "/v\(version).json", "--broker", "127.0.0.1", "--port", String(port)])
        }
        try publish(1)
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        while (try? BenchFile.read(directory + "/users.snapshot")) == nil {
            guard clock.now < deadline else { throw BenchError("the uplink did not write the first snapshot") }
            usleep(2000)
        }
        let simulator = try PTYSimulator(pn532ctl: pn532ctl, empty: true, controlled: true)
        defer { simulator.stop() }
        let user = getpwuid(getuid()).map { String(cString: $0.pointee.pw_name) } ?? String(getuid())
        let files = try DoorFiles(directory: simulator.directory, device: simulator.devicePath, inputs: false, extra: """
            [security]
            lockout = false
            [fleet]
            site = "hq"
            group = "front"
            public_key_file = "\(directory)/fleet.key.pub"
            snapshot = "\(directory)/users.snapshot"
            control_socket = "\(directory)/door.sock"
            uplink_user = "\(user)"
            """)
        defer { files.remove() }
        let door = try Subprocess(pn532ctl, ["door", "run", "--config", files.config], standardError: files.log)
        defer {
            door.terminate()
            door.wait()
        }
        try files.waitForLog("reader ready", process: door)
        let start = clock.now
        try publish(2)
        try files.waitForLog("configuration reloaded", process: door)
        let reloaded = clock.now - start
        try simulator.control("present ntag213:uid=" + bob)
        try files.waitForLog("granted 04:B0:B0:B0:B0:B0:B0", process: door)
        let granted = clock.now - start
        try simulator.control("remove")
        let log = try DecisionTail(path: files.log)
        let with = try decisions(simulator: simulator, log: log, door: door, uid: bob)
        uplink.terminate()
        uplink.wait()
        let without = try decisions(simulator: simulator, log: log, door: door, uid: bob)
        return (reloaded, granted, with, without)
    }

    /// The median time from a presentation to the door's decision over `presentations`
    /// presentations (`uid` and strangers in turn, so that each is a new tag), and the door's
    /// VmRSS after them.
    private static func decisions(simulator: PTYSimulator, log: DecisionTail, door: Subprocess, uid: String) throws(BenchError) -> (decision: Duration, rss: Int) {
        let clock = ContinuousClock()
        let uids = ["04C0000001A1A1", "04C0000002A1A1", "04C0000003A1A1", uid]
        var times: [Duration] = []
        for index in 0..<presentations {
            let before = log.decisions
            let start = clock.now
            try simulator.control("present ntag213:uid=" + uids[index % uids.count])
            try log.wait(beyond: before, process: door)
            times.append(clock.now - start)
            try simulator.control("remove")
        }
        times.sort()
        return (times[times.count / 2], try DoorIdleBench.residentMemory(door.id).rss)
    }

    /// The line number in the cursor file (`"line":N`), or nil.
    private static func cursorLine(_ path: String) -> Int? {
        guard let bytes = try? BenchFile.read(path), let text = String(validating: bytes, as: UTF8.self) else { return nil }
        let member = text.split(separator: ",").first { $0.hasPrefix("\"line\":") }
        return member.flatMap { Int($0.dropFirst(7).prefix { $0.isNumber }) }
    }

    /// A loopback port nothing listens on now.
    private static func freePort() throws(BenchError) -> Int {
        let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(probe) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(probe, $0, length) == 0 && getsockname(probe, $0, &length) == 0 }
        }
        guard bound else { throw BenchError("no free loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Waits until something accepts connections on the loopback `port` (at most 10 s).
    private static func waitForListener(port: Int) throws(BenchError) {
        for _ in 0..<1000 {
            let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port)).bigEndian
            address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
            let connected = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(probe, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            }
            close(probe)
            if connected { return }
            usleep(10_000)
        }
        throw BenchError("mosquitto did not listen on port \(port)")
    }

    private static func remove(_ directory: String) {
        guard let entries = opendir(directory) else { return }
        while let entry = readdir(entries) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { unlink(directory + "/" + name) }
        }
        closedir(entries)
        rmdir(directory)
    }

    static func print(_ bench: UplinkBench) {
        let seconds = Double(bench.elapsed.components.seconds) + Double(bench.elapsed.components.attoseconds) / 1e18
        Swift.print("### The uplink: audit lines published at QoS 1 to a local Mosquitto")
        Swift.print()
        Swift.print(Format.row(["lines", "time (start to the last line acknowledged)", "lines a second", "uplink RSS / peak"]))
        Swift.print("|---:|---:|---:|---:|")
        Swift.print(Format.row([
            String(bench.lines), Format.fixed(seconds * 1000, digits: 0) + " ms", Format.fixed(Double(bench.lines) / seconds, digits: 0),
            Format.fixed(Double(bench.memory.rss) / 1024, digits: 1) + " / " + Format.fixed(Double(bench.memory.peak) / 1024, digits: 1) + " MiB",
        ]))
        Swift.print()
        Swift.print(Format.row(["from `fleet publish` (a snapshot adding a user) to", "ms"]))
        Swift.print("|---|---:|")
        Swift.print(Format.row(["the door's reload (the snapshot in force)", Format.milliseconds(bench.publishToReload, digits: 1)]))
        Swift.print(Format.row(["the door granting the new user's tag, presented then", Format.milliseconds(bench.publishToGrant, digits: 1)]))
        Swift.print()
        Swift.print(Format.row(["`door run`", "presentation to decision (median of \(presentations))", "VmRSS"]))
        Swift.print("|---|---:|---:|")
        for (what, phase) in [("with the uplink running", bench.withUplink), ("after the uplink stopped", bench.withoutUplink)] {
            Swift.print(Format.row([what, Format.milliseconds(phase.decision, digits: 1) + " ms", Format.fixed(Double(phase.rss) / 1024, digits: 1) + " MiB"]))
        }
        Swift.print()
        Swift.print("""
            - The publish times include `fleet publish`'s own process start, connection and wait for the broker's \
            acknowledgement, the uplink's checks and atomic write, the control socket's reload request and the door's \
            reload (door.toml and the snapshot read and verified again); the grant adds a presentation on `pn532ctl sim`.
            - The door never waits for the uplink (another process, which it answers only on its control socket): the \
            decision time and the door's memory are the same with and without it, within the noise of a shared machine.
            - The log is written first (\(bench.lines) decisions, rotated at 1 MiB), then `pn532ctl door uplink` starts: the time \
            includes its start, libmosquitto's loading and the connection (plain TCP on loopback; TLS adds its handshake once). \
            The cursor is saved every 100 acknowledgements, so its last line is a line the broker acknowledged. A door decides \
            at most a few presentations a second: the headroom is the ratio of these rates.
            """)
    }
}
