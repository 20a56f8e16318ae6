import NFCCore
import PN532

/// The simulator's timing model (DESIGN.md): UART time at the current rate, ISO 14443-A air
/// time at 106 kbit/s, EEPROM write time, and the chip's own processing delays.
public struct ChipTiming: Sendable {
    /// From the last byte of a command to the first byte of its ACK.
    public var acknowledgementDelay: Duration = .microseconds(500)
    /// From the first byte that wakes a sleeping chip on HSU to the chip listening: bytes
    /// arriving meanwhile are lost (about 6 at 115200). Short enough that a host sending
    /// 10 zero bytes before its first frame (nfcpy) is understood.
    public var wakeUpTime: Duration = .microseconds(500)
    /// The chip's processing time for a command, before any RF work.
    public var processing: Duration = .microseconds(800)
    /// One NTAG EEPROM page write.
    public var pageWrite: Duration = .microseconds(4100)
    /// One passive activation attempt (REQA, anticollision, select) that finds no tag.
    public var activationAttempt: Duration = .milliseconds(5)
    /// Activating one tag (REQA, two cascade levels, select) when it is there.
    public var activation: Duration = .microseconds(2500)

    /// The defaults.
    public init() {}

    /// Air time of an exchange of `sent` and `received` bytes at 106 kbit/s: 9 bits per byte
    /// (8 data bits and parity) plus the frame delay times each way (about 86 µs each).
    public func air(sent: Int, received: Int) -> Duration {
        .nanoseconds(Int64(sent + received) * 9 * 1_000_000_000 / 106_000 + 2 * 86_000)
    }

    /// The RF timeout an RFConfiguration timing value stands for: 100 µs × 2^(n−1), none for 0.
    public static func rfTimeout(_ value: UInt8) -> Duration {
        value == 0 ? .zero : .microseconds(100 << Int(min(value, 16) - 1))
    }
}
