import Basics
import NFCCore
/// One frame of the PN532 host protocol (UM0701-02 §6.2.1), the same on HSU (UART) and I2C.
///
/// Build one and call ``encoded()`` to get the bytes to send; a ``FrameScanner`` turns
/// received bytes back into frames.
public enum Frame: Hashable, Sendable {
    /// A command or a response. `payload` is the command or response code followed by its data
    /// (PD0 … PDn); it does not include the frame identifier (TFI), which `direction` gives.
    case information(direction: FrameDirection, payload: [UInt8])
    /// Acknowledges the previous frame; sent by the host while a command runs, it aborts it.
    case ack
    /// Asks the PN532 to send its last response again (host to chip only).
    case nack
    /// The PN532 found a syntax error in a command at the application level.
    case error

    /// The most payload bytes (PD0 … PDn) a frame may carry: the PN532 firmware limits an
    /// extended frame to 264 data bytes, 265 with the TFI (UM0701-02 §6.2.1.2).
    public static let maximumPayloadCount = 264

    /// The most payload bytes a normal (not extended) frame carries: LEN counts the TFI too
    /// and is one byte.
    public static let maximumNormalPayloadCount = 254

    /// The frame identifier of the syntax error frame.
    static let errorFrameIdentifier: UInt8 = 0x7F
}

extension Frame: CustomStringConvertible {
    /// A short trace form: `ACK`, `NACK`, `syntax error`, or the direction and payload in hex.
    public var description: String {
        switch self {
        case let .information(direction, payload):
            let arrow = direction == .hostToChip ? "host→chip" : "chip→host"
            return payload.isEmpty ? "\(arrow) (empty)" : "\(arrow) \(hexText(payload))"
        case .ack:
            return "ACK"
        case .nack:
            return "NACK"
        case .error:
            return "syntax error"
        }
    }
}
