import Basics
import DoorRecords

extension DoorRuntime {
    /// The reply to `request` on the control socket. `reload` runs `reload` first: the loop's
    /// SIGHUP path, which calls `DoorRuntime.reload()`; its reply names the snapshot in force
    /// after it, or why the reload was refused. No request opens the door.
    package func answer(_ request: ControlRequest, reload: () -> Void) -> ControlReply {
        switch request {
        case .reload:
            reload()
            var reply = status(for: request)
            reply.error = lastReloadRefusal.map { "reload refused, the previous configuration stays in force: \($0)" }
            return reply
        case .status:
            return status(for: request)
        case .unknown(let name):
            return ControlReply(request: name, error: ControlRequest.unknownError(name))
        }
    }

    /// The snapshot in force and the lock state, as a reply to `request`.
    private func status(for request: ControlRequest) -> ControlReply {
        var reply = ControlReply(request: request.name)
        let now = AuditTime.now()
        if let fleet = config.fleet {
            reply.version = fleet.version
            reply.sha256 = fleet.digest
            reply.issued = AuditTime(epochSeconds: Int64(clamping: fleet.issued)).iso8601Seconds
            reply.stale = fleet.staleness(at: now) != nil
        }
        switch engine.lockState {
        case .locked:
            reply.lock = "locked"
        case .unlocked(let remaining):
            reply.lock = "unlocked"
            if let remaining {
                let seconds = remaining.components.seconds + (remaining.components.attoseconds > 0 ? 1 : 0)
                reply.unlockedUntil = AuditTime(epochSeconds: now.epochSeconds + seconds).iso8601Seconds
            }
        }
        return reply
    }
}
