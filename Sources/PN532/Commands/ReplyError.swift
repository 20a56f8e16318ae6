import Basics
import NFCCore
/// A response payload that does not have the layout its command's reply needs.
public struct ReplyError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The command whose reply was being read.
    public var command: CommandCode
    /// The whole response payload, response code first.
    public var payload: [UInt8]
    /// What is wrong.
    public var reason: Reason

    /// Creates an error for `payload`, a reply to `command`.
    public init(command: CommandCode, payload: [UInt8], reason: Reason) {
        self.command = command
        self.payload = payload
        self.reason = reason
    }

    /// The ways a reply can be malformed.
    public enum Reason: Hashable, Sendable {
        /// The first byte is not the command's response code (command code + 1).
        case wrongResponseCode(UInt8)
        /// The payload ends inside `field`: `needed` bytes, `available` left.
        case tooShort(field: String, needed: Int, available: Int)
        /// The payload's length is not the `expected` one that its fields imply.
        case inconsistentLength(expected: Int)
        /// `field` holds a value its command never returns.
        case unexpectedValue(field: String, value: UInt8)
    }

    public var description: String {
        let bytes = payload.isEmpty ? "no bytes" : hexText(payload)
        return "malformed \(command.name) reply (\(reason)): \(bytes)"
    }
}

extension ReplyError.Reason: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .wrongResponseCode(code):
            "response code \(hexByte(code))"
        case let .tooShort(field, needed, available):
            "ends inside the \(field): \(needed) bytes needed, \(available) left"
        case let .inconsistentLength(expected):
            "\(expected) bytes expected"
        case let .unexpectedValue(field, value):
            "unexpected \(field) \(hexByte(value))"
        }
    }
}
