import Basics
import DaemonKit
import DoorRecords

/// The door's control socket (`fleet.control_socket`): the uplink, which runs as another
/// account and cannot signal the door, asks it to `reload` (what SIGHUP does) or for its
/// `status`. A connection is kept only from the uplink's uid (`SO_PEERCRED`); any other is
/// closed unread. At most `requestsPerWake` messages are handled per wake of the loop, so a
/// flood cannot starve the reader; each gets one reply on its connection, sent without
/// waiting (a peer that does not read loses it). Refusals and unknown requests are counted
/// and logged at most once a minute.
package final class DoorControlSocket {
    /// The most requests and refusals handled before the loop waits again.
    static let requestsPerWake = 8
    /// The most connections from the uplink's uid kept at once.
    static let connectionLimit = 4
    /// How often a line about refusals or unknown requests is written at most.
    static let logInterval: Duration = .seconds(60)

    private let listener: PeerCheckedListener
    private let log: OperationalLog
    /// Connections refused (another uid), and requests refused (unknown, too long), since
    /// the start.
    package private(set) var refusedConnections = 0
    package private(set) var refusedRequests = 0
    /// When a line about each was last written.
    private var connectionsLogged: Duration?
    private var requestsLogged: Duration?

    /// The descriptors for the loop's wait.
    package var descriptors: [Int32] { listener.descriptors }
    /// The socket's path.
    package var path: String { listener.path }

    /// Listens at `config.path`, keeping connections only from `config.uplinkUID`.
    ///
    /// - Throws: `ListenerError` naming the step.
    package init(_ config: ControlSocketConfig, log: OperationalLog) throws(ListenerError) {
        listener = try PeerCheckedListener(
            path: config.path, allowedUID: config.uplinkUID, messageLimit: ControlRequest.messageLimit, connectionLimit: Self.connectionLimit,
            group: config.groupID)
        self.log = log
    }

    /// Handles what is waiting, at most `requestsPerWake` messages and refusals: each request
    /// from the uplink's uid is answered with `answer`'s reply (an unknown or oversize one
    /// with an error reply, never passed on).
    package func serve(_ answer: (ControlRequest) -> ControlReply) {
        for _ in 0..<Self.requestsPerWake {
            switch listener.receive() {
            case nil:
                return
            case let .fromPeer(bytes, connection)?:
                let request = ControlRequest(message: bytes)
                let reply: ControlReply
                if case .unknown(let name) = request {
                    refuseRequest("unknown request \(name)")
                    reply = ControlReply(request: name, error: ControlRequest.unknownError(name))
                } else {
                    reply = answer(request)
                    log.write(reply.ok ? .info : .warning, "control: \(request.name) from uid \(listener.allowedUID): \(reply.error ?? "answered")")
                }
                listener.reply(Array(reply.json.utf8), on: connection)
            case let .refused(.tooLong, connection?)?:
                refuseRequest("a request longer than \(ControlRequest.messageLimit) bytes")
                let reply = ControlReply(request: "(too long)", error: "request longer than \(ControlRequest.messageLimit) bytes: refused unread")
                listener.reply(Array(reply.json.utf8), on: connection)
            case .refused(let refusal, _)?:
                refuseConnection(refusal)
            }
        }
    }

    private static func now() -> Duration {
        MonotonicTime.monotonicNow().sinceOrigin
    }

    private func refuseConnection(_ refusal: PeerCheckedListener.Refusal) {
        refusedConnections += 1
        let now = Self.now()
        if let logged = connectionsLogged, now - logged < Self.logInterval { return }
        connectionsLogged = now
        let who = if case let .otherSender(uid, pid) = refusal { "uid \(uid) (pid \(pid))" } else { "a peer without credentials" }
        log.write(.warning, "control socket \(listener.path): refused \(refusedConnections) connection\(refusedConnections == 1 ? "" : "s") so far not from the uplink's uid \(listener.allowedUID); the last from \(who), closed unread")
    }

    private func refuseRequest(_ what: String) {
        refusedRequests += 1
        let now = Self.now()
        if let logged = requestsLogged, now - logged < Self.logInterval { return }
        requestsLogged = now
        log.write(.warning, "control socket \(listener.path): refused \(refusedRequests) request\(refusedRequests == 1 ? "" : "s") so far; the last: \(what) (the door answers reload, status and unlock)")
    }
}
