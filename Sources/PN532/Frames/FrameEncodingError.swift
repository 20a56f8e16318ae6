/// A frame that cannot be encoded because the PN532 could not receive it.
public enum FrameEncodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The payload is longer than ``Frame/maximumPayloadCount`` (264 bytes).
    case payloadTooLong(count: Int)

    public var description: String {
        switch self {
        case let .payloadTooLong(count):
            "a frame payload of \(count) bytes is longer than the PN532's limit of "
                + "\(Frame.maximumPayloadCount)"
        }
    }
}
