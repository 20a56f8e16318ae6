/// The 3-bit Type Name Format of an NDEF record: how to read the record's `type`.
///
/// The case names follow Core NFC's `NFCTypeNameFormat`.
public enum TypeNameFormat: UInt8, CaseIterable, Hashable, Sendable {
    /// No type, identifier or payload.
    case empty = 0
    /// An NFC Forum well-known type (RTD), such as `T` (Text) or `U` (URI).
    case nfcWellKnown = 1
    /// A MIME media type (RFC 2046), such as `text/plain`.
    case media = 2
    /// The type is an absolute URI (RFC 3986).
    case absoluteURI = 3
    /// An NFC Forum external type, `domain:type`.
    case nfcExternal = 4
    /// The payload's type is unknown; the type field is empty.
    case unknown = 5
    /// A middle or last chunk of a chunked record; never seen on a reassembled record.
    case unchanged = 6
    /// Reserved by the NFC Forum.
    case reserved = 7

    /// A short lower-case name, as printed by the command line tool.
    public var name: String {
        switch self {
        case .empty: "empty"
        case .nfcWellKnown: "well-known"
        case .media: "media"
        case .absoluteURI: "absolute-uri"
        case .nfcExternal: "external"
        case .unknown: "unknown"
        case .unchanged: "unchanged"
        case .reserved: "reserved"
        }
    }
}
