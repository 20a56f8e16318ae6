/// Whether a tag holds NDEF and may be written, as Core NFC's `NFCNDEFStatus` (same raw values).
public enum NFCNDEFStatus: UInt, Hashable, Sendable, CustomStringConvertible {
    /// The tag is not formatted for NDEF, or is of a family without NDEF support here.
    case notSupported = 1
    /// NDEF that may be read and written.
    case readWrite = 2
    /// NDEF that may only be read (locked, or write access denied by the Capability Container).
    case readOnly = 3

    /// `notSupported`, `readWrite` or `readOnly`.
    public var description: String {
        switch self {
        case .notSupported: "notSupported"
        case .readWrite: "readWrite"
        case .readOnly: "readOnly"
        }
    }
}
