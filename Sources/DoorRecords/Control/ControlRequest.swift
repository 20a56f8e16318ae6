/// A request on the door's control socket. The grammar: one message is one request name
/// (`reload` or `status`), optionally followed by one line feed; or `unlock`, one space and a
/// signed unlock command (`SignedUnlockCommand`'s JSON, checked by the door, never here).
/// A message longer than `messageLimit` is refused before it is decoded.
public enum ControlRequest: Equatable, Sendable {
    /// Reload door.toml and the snapshot, exactly as SIGHUP does.
    case reload
    /// The snapshot in force and the lock state.
    case status
    /// A remote unlock: the signed command's bytes, at most `SignedUnlockCommand.sizeLimit`.
    case unlock([UInt8])
    /// Anything else: the request as it can be named in a reply and the log (printable ASCII,
    /// at most `nameLimit` characters, else a count of bytes).
    case unknown(String)

    /// The longest request message read; a longer one is refused.
    public static let messageLimit = 1024 + SignedUnlockCommand.sizeLimit
    /// The longest name of an unknown request repeated in a reply.
    static let nameLimit = 32

    /// The request in `message`.
    public init(message: [UInt8]) {
        let prefix = Array("unlock ".utf8)
        if message.count > prefix.count, message.starts(with: prefix), message.count - prefix.count <= SignedUnlockCommand.sizeLimit {
            self = .unlock(Array(message.dropFirst(prefix.count)))
            return
        }
        var body = message[...]
        if body.last == UInt8(ascii: "\n") { body = body.dropLast() }
        let printable = body.allSatisfy { (0x21...0x7E).contains($0) }
        switch printable ? String(decoding: body, as: UTF8.self) : nil {
        case "reload": self = .reload
        case "status": self = .status
        case let name? where !name.isEmpty && body.count <= Self.nameLimit: self = .unknown(name)
        default: self = .unknown("(\(message.count) bytes)")
        }
    }

    /// The error reply's text for an unknown request named `name`.
    public static func unknownError(_ name: String) -> String {
        "unknown request \(name): the door answers reload, status and unlock"
    }

    /// The request's name, as in a reply's `request` member.
    public var name: String {
        switch self {
        case .reload: "reload"
        case .status: "status"
        case .unlock: "unlock"
        case .unknown(let name): name
        }
    }

    /// The message that carries the request.
    public var message: [UInt8] {
        switch self {
        case .unlock(let command): Array("unlock ".utf8) + command
        default: Array(name.utf8)
        }
    }
}
