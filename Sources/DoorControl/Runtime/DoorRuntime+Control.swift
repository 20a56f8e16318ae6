import Basics
import DoorRecords

extension DoorRuntime {
    /// The reply to `request` on the control socket. `reload` runs `reload` first: the loop's
    /// SIGHUP path, which calls `DoorRuntime.reload()`; its reply names the snapshot in force
    /// after it, or why the reload was refused. Only `unlock` opens the door, and only with a
    /// command that passes every check of `UnlockGate` (`remote_unlock` on, the unlock key,
    /// this door, the window, a synchronised clock, a nonce never seen, recorded first).
    package func answer(_ request: ControlRequest, reload: () -> Void) -> ControlReply {
        switch request {
        case .reload:
            reload()
            var reply = status(for: request)
            reply.error = lastReloadRefusal.map { "reload refused, the previous configuration stays in force: \($0)" }
            return reply
        case .status:
            return status(for: request)
        case .unlock(let command):
            return unlock(command, for: request)
        case .unknown(let name):
            return ControlReply(request: name, error: ControlRequest.unknownError(name))
        }
    }

    /// Opens the door for `command` when it passes every check; audits the command or why it
    /// was refused, and replies with the lock state.
    private func unlock(_ command: [UInt8], for request: ControlRequest) -> ControlReply {
        let refusal: String
        if let remote = config.fleet?.remoteUnlock {
            if let directory = stateDirectory {
                do throws(UnlockCommandError) {
                    let admitted = try UnlockGate.admit(
                        command, key: remote.key, door: remote.door, now: AuditTime.now().epochSeconds,
                        clockSynchronised: clockSynchronised(), stateDirectory: directory)
                    engine.handle(.remoteUnlock("command \(Hex.encode(admitted.nonce).prefix(16)) until \(AuditTime(epochSeconds: Int64(clamping: admitted.expires)).iso8601Seconds)"
                        + (admitted.reason.isEmpty ? "" : " (\(admitted.reason))")))
                    return status(for: request)
                } catch {
                    refusal = "\(error.code): \(error)"
                }
            } else {
                refusal = "ledger-unavailable: door run has no --state-directory for the unlock nonces"
            }
        } else {
            refusal = "off: remote unlock is not allowed in door.toml (fleet.remote_unlock)"
        }
        journal.record(.note(.remoteUnlockRefused(refusal)))
        var reply = status(for: request)
        reply.error = "remote unlock refused: \(refusal)"
        return reply
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
