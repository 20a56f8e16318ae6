/// Whether a tag can hold NDEF and be written, as Core NFC's `NFCNDEFStatus`.
public enum NDEFStatus: String, Hashable, Sendable {
    /// Not formatted for NDEF (no valid Capability Container).
    case notSupported
    /// NDEF that may be read and written.
    case readWrite
    /// NDEF that may only be read.
    case readOnly
}

/// The NDEF status and the largest message the tag can hold, as Core NFC's
/// `queryNDEFStatus` reports them.
public struct NDEFStatusReport: Hashable, Sendable {
    /// The status.
    public var status: NDEFStatus
    /// The largest NDEF message, in bytes, that fits; 0 when not supported.
    public var capacity: Int
    /// False when the tag is formatted but its data area holds no NDEF Message TLV (blank
    /// user memory): reading finds no message until one is written or the tag is formatted.
    public var hasNDEFTLV: Bool

    /// Creates a report.
    public init(status: NDEFStatus, capacity: Int, hasNDEFTLV: Bool = true) {
        self.status = status
        self.capacity = capacity
        self.hasNDEFTLV = hasNDEFTLV
    }
}
