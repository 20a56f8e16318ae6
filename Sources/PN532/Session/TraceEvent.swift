import Basics
import NFCCore
/// One frame or byte run on the wire, for `--trace`.
public struct TraceEvent: Sendable, CustomStringConvertible {
    /// Which way the bytes went.
    public enum Direction: String, Sendable {
        case transmitted = "TX"
        case received = "RX"
    }

    /// When, on the link's clock.
    public var time: MonotonicTime
    /// Which way.
    public var direction: Direction
    /// The bytes as sent or received.
    public var bytes: [UInt8]
    /// What they are: "ACK", "InListPassiveTarget", "corrupt: …", "wake-up".
    public var summary: String

    /// Creates an event.
    public init(time: MonotonicTime, direction: Direction, bytes: [UInt8], summary: String) {
        self.time = time
        self.direction = direction
        self.bytes = bytes
        self.summary = summary
    }

    public var description: String {
        "\(time) \(direction.rawValue) \(hexText(bytes))  \(summary)"
    }
}
