import DaemonKit
import DoorRecords

/// The client of the door's control socket: one request, one reply, bounded in size and time.
/// `door uplink` and `pn532ctl door control` both ask the door through it.
package enum DoorControlClient {
    /// Why there is no reply to act on.
    package enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// Nothing came back: the socket is missing, refused the connection, closed it unread
        /// (another account), or the door did not answer in time.
        case noReply(SeqpacketRequest.Failure)
        /// Bytes that are not a control reply (their count).
        case notAReply(Int)

        package var description: String {
            switch self {
            case .noReply(.closed): "the door closed the connection unread: only uplink_user's account is accepted"
            case .noReply(.timedOut): "no reply in time: is door run busy or stopped?"
            case .noReply(.tooLong): "a reply longer than \(ControlReply.messageLimit) bytes: is this a door's control socket?"
            case let .noReply(.system(step, code)): "\(step): \(code)"
            case .notAReply(let count): "the reply is not a control reply (\(count) bytes): is this a door's control socket?"
            }
        }
    }

    /// How long the door has to reply: a reload reads door.toml and verifies the snapshot.
    package static let timeout: Duration = .seconds(5)

    /// Sends `request` to the socket at `path` and returns the door's reply.
    package static func send(_ request: ControlRequest, to path: String, timeout: Duration = timeout) -> Result<ControlReply, Failure> {
        switch SeqpacketRequest.send(request.message, to: path, replyLimit: ControlReply.messageLimit, timeout: timeout) {
        case .failure(let failure):
            return .failure(.noReply(failure))
        case .success(let bytes):
            guard let text = String(validating: bytes, as: UTF8.self), let reply = ControlReply(json: text) else { return .failure(.notAReply(bytes.count)) }
            return .success(reply)
        }
    }
}
