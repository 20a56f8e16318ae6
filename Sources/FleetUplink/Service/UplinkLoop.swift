import Basics
import DaemonKit
import DoorRecords
import JSONText
import MQTTClient

#if canImport(Glibc)
import Glibc
#endif

/// `door uplink`'s loop: one thread, one wait over the MQTT connection's socket and the
/// signals, with the next look at the audit log, the cursor's save and the chain head's
/// publication as its timeout. It never sits in the door's decision path: the door decides
/// alone, and what the uplink hands it (a snapshot file, a reload request) the door verifies.
package final class UplinkLoop {
    /// How often the log is looked at when nothing else wakes the loop.
    package static let lookInterval = Duration.milliseconds(200)

    /// Presentations older than this are not announced to Home Assistant when their audit
    /// line goes out (after an outage): the event entity is for what happens now, and the
    /// audit topic carries every line anyway.
    package static let liveEventAge: Int64 = 120

    private let file: UplinkFile
    private let topics: UplinkTopics
    private let connection: MQTTConnection
    private let inbox: SnapshotInbox
    private let audit: AuditUplink
    private let assistant: HomeAssistantDoor?
    private let log: OperationalLog
    private var connected = false
    private var sessions = 0

    /// A loop for `file` over `connection`, publishing `audit`'s lines, and describing the
    /// door to Home Assistant as `assistant` when discovery is on.
    package init(file: UplinkFile, connection: MQTTConnection, inbox: SnapshotInbox, audit: AuditUplink, assistant: HomeAssistantDoor?, log: OperationalLog) {
        self.file = file
        topics = UplinkTopics(door: file.door)
        self.connection = connection
        self.inbox = inbox
        self.audit = audit
        self.assistant = assistant
        self.log = log
    }

    /// Runs until SIGTERM or SIGINT; returns that signal. The cursor is saved on the way out,
    /// `offline` published and the connection closed.
    package func run(in loop: EventLoop) -> Int32 {
        defer { stop() }
        while true {
            let now = MonotonicTime.monotonicNow()
            var deadline = now + (connection.wantsWrite ? .milliseconds(10) : Self.lookInterval)
            if let due = connection.serviceDeadline { deadline = min(deadline, due) }
            let wake: EventLoop.Wake
            do throws(EventLoopError) {
                wake = try loop.wait(for: connection.socket.map { [$0] } ?? [], until: deadline)
            } catch {
                log.write(.error, "waiting: \(error)")
                return SIGTERM
            }
            for signal in wake.signals where signal == SIGTERM || signal == SIGINT { return signal }
            connection.service(readable: wake.readable.first ?? false, writable: connection.wantsWrite)
            for event in connection.drainEvents() { handle(event) }
            if connected { publishAuditLines() }
            let clock = ContinuousClock.now
            do throws(AuditCursorFileError) { try audit.saveIfDue(at: clock) } catch { log.write(.error, "\(error)") }
            if connected, let head = audit.headDue(at: clock, wallClock: AuditTime.now()) { publish(topics.auditHead, head.payload, retain: true) }
        }
    }

    private func handle(_ event: MQTTEvent) {
        switch event {
        case .connected:
            connected = true
            sessions += 1
            log.write(.notice, "connected to \(file.broker.host):\(file.broker.port) as \(file.door)")
            // Lines in flight when the connection dropped go out again (a collector drops the
            // duplicates by line number).
            if sessions > 1 { audit.restartFromCursor() }
            publish(topics.status, Array("online".utf8), retain: true)
            publishDiscovery()
            subscribe(UplinkTopics.snapshot(group: file.group))
            subscribe(topics.lockSet)
        case .refused(let error):
            log.write(.error, "the broker refused the connection: \(error)")
        case .disconnected(let error):
            if connected { log.write(.warning, "disconnected from the broker\(error.map { ": \($0)" } ?? ""): events wait in the audit log") }
            connected = false
        case .published(let id, let reason):
            if reason >= 128 { log.write(.warning, "the broker refused publication \(id) (reason \(reason)): check the ACL of \(file.door)") }
            do throws(AuditCursorFileError) { try audit.acknowledge(id: UInt16(truncatingIfNeeded: id), now: ContinuousClock.now) } catch {
                log.write(.error, "\(error)")
            }
        case .message(let message):
            receive(message)
        case .subscribed(_, let granted):
            if granted.contains(where: { $0 >= 128 }) { log.write(.error, "the broker refused a subscription of \(file.door)'s: check its ACL") }
        }
    }

    private func receive(_ message: MQTTMessage) {
        if message.topic == UplinkTopics.snapshot(group: file.group) {
            applySnapshot(message.payload)
        } else if message.topic == topics.lockSet {
            passOnUnlock(message)
        }
    }

    /// Hands an unlock command to the door, which checks it (`UnlockGate`) and audits it. A
    /// retained one is never passed on: the broker sends a retained message to every new
    /// subscription, so it would unlock the door at each reconnect.
    private func passOnUnlock(_ message: MQTTMessage) {
        // An empty message is how a retained one is cleared: nothing to pass on.
        guard !message.payload.isEmpty else { return }
        guard !message.retain else {
            log.write(.warning, "a retained unlock command on \(topics.lockSet) was refused: commands must not be retained (clear it: publish an empty retained message)")
            return
        }
        guard message.payload.count <= SignedUnlockCommand.sizeLimit else {
            log.write(.warning, "an unlock command of \(message.payload.count) bytes on \(topics.lockSet) was refused: at most \(SignedUnlockCommand.sizeLimit)")
            return
        }
        switch DoorControlClient.send(.unlock(message.payload), to: file.controlSocket) {
        case .success(let reply):
            if let error = reply.error { log.write(.warning, "the door \(error)") } else { log.write(.notice, "the door accepted a remote unlock command") }
        case .failure(let why):
            log.write(.error, "an unlock command could not reach the door's control socket \(file.controlSocket): \(why)")
        }
    }

    private func applySnapshot(_ payload: [UInt8]) {
        switch inbox.receive(payload) {
        case .written(let version, let digest):
            log.write(.notice, "users snapshot version \(version) (sha256 \(digest)) written to \(file.snapshot): asking the door to reload")
            reportDoorSnapshot(after: .reload)
        case .alreadyHeld(let version):
            log.write(.info, "users snapshot version \(version) is already in \(file.snapshot)")
            reportDoorSnapshot(after: .status)
        case .refused(let why):
            log.write(.error, "users snapshot refused: \(why)")
            reportDoorSnapshot(after: .status, refusal: why)
        }
    }

    /// Sends `request` to the door and publishes the snapshot it has in force, retained.
    private func reportDoorSnapshot(after request: ControlRequest, refusal: String? = nil) {
        var members: [(String, JSONValue)] = []
        switch DoorControlClient.send(request, to: file.controlSocket) {
        case .success(let reply):
            if let version = reply.version { members.append(("version", .int(Int(clamping: version)))) }
            if let digest = reply.sha256 { members.append(("sha256", .string(digest))) }
            if let error = reply.error {
                log.write(.error, "the door answered \(request.name): \(error)")
                members.append(("door_error", .string(error)))
            }
        case .failure(let why):
            log.write(.error, "the door's control socket \(file.controlSocket): \(why)")
            members.append(("door_error", .string("\(why)")))
        }
        members.append(("applied", .string(AuditTime.now().iso8601)))
        if let refusal { members.append(("refused", .string(refusal))) }
        publish(topics.snapshotState, Array(JSONValue.object(members).text.utf8), retain: true)
    }

    private func publishAuditLines() {
        let notices: [AuditFollower.Event]
        do throws(AuditFollowerError) {
            notices = try audit.poll { payload in
                let id: Int32
                do throws(MQTTError) { id = try connection.publish(topic: topics.audit, payload: payload, qos: 1, retain: false) } catch { return nil }
                announce(payload)
                return UInt16(truncatingIfNeeded: id)
            }
        } catch {
            log.write(.error, "following the audit log: \(error)")
            return
        }
        for notice in notices {
            switch notice {
            case .gap(let lines): log.write(.error, "audit lines \(lines.lowerBound)…\(lines.upperBound) are no longer on disk and were not sent")
            case .skipped(let name, let offset): log.write(.warning, "\(name) at byte \(offset) is not a numbered audit line: not sent")
            case .line: break
            }
        }
    }

    /// Home Assistant's side of an audit line: the lock's state from a relay line (retained,
    /// so the last one sent is the state), and a recent presentation's access event and tag
    /// scan (QoS 0: they are live news; the audit topic is the record).
    private func announce(_ line: [UInt8]) {
        guard assistant != nil, let entry = try? AuditEntry(jsonLine: String(decoding: line, as: UTF8.self)) else { return }
        if let state = HomeAssistantLockState(relay: entry) {
            publish(topics.lockState, Array(state.payload.utf8), retain: true)
        } else if let event = HomeAssistantAccessEvent(entry), AuditTime.now().epochSeconds - entry.time.epochSeconds <= Self.liveEventAge {
            publish(topics.access, Array(event.payload.utf8), qos: 0, retain: false)
            if let scan = event.tagPayload { publish(topics.tag, Array(scan.utf8), qos: 0, retain: false) }
        }
    }

    private func publishDiscovery() {
        guard let assistant else { return }
        publish(assistant.discoveryTopic, Array(assistant.discoveryPayload.utf8), retain: true)
        publish(assistant.tagDiscoveryTopic, Array(assistant.tagDiscoveryPayload.utf8), retain: true)
    }

    private func publish(_ topic: String, _ payload: [UInt8], qos: Int = 1, retain: Bool) {
        do throws(MQTTError) { _ = try connection.publish(topic: topic, payload: payload, qos: qos, retain: retain) } catch {
            log.write(.warning, "publishing on \(topic): \(error)")
        }
    }

    private func subscribe(_ topic: String) {
        do throws(MQTTError) { _ = try connection.subscribe(topic: topic, qos: 1) } catch {
            log.write(.error, "subscribing to \(topic): \(error)")
        }
    }

    private func stop() {
        do throws(AuditCursorFileError) { try audit.stop(now: ContinuousClock.now) } catch { log.write(.error, "\(error)") }
        if connected {
            publish(topics.status, Array("offline".utf8), retain: true)
            _ = connection.wait(until: MonotonicTime.monotonicNow() + .seconds(2)) { if case .published = $0 { true } else { false } }
        }
        connection.disconnect()
    }
}
