/// What a ``FrameScanner`` found next in the received bytes.
public enum ScanResult: Hashable, Sendable {
    /// A complete, valid frame.
    case frame(Frame)
    /// Bytes that began like a frame but are not one; the scanner has moved past them.
    case corrupt(CorruptFrame)
}
