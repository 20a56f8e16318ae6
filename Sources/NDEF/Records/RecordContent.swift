/// What a record holds, decoded according to its type.
public enum RecordContent: Hashable, Sendable {
    /// An empty record (TNF 0).
    case empty
    /// A Text record.
    case text(TextPayload)
    /// A URI record.
    case uri(URIPayload)
    /// A Smart Poster record.
    case smartPoster(SmartPoster)
    /// A MIME media record.
    case media(type: String, data: [UInt8])
    /// An absolute-URI record.
    case absoluteURI(String)
    /// An Android Application Record.
    case androidApplication(packageName: String)
    /// Any other external type record.
    case external(type: String, data: [UInt8])
    /// A well-known type this library does not interpret (e.g. `Hc`, `Sig`).
    case wellKnown(type: String, data: [UInt8])
    /// A record of unknown type (TNF 5), or one with TNF unchanged or reserved kept in lenient
    /// mode.
    case unknown(data: [UInt8])
}

extension NDEFRecord {
    /// Decodes the payload according to the type name format and type.
    ///
    /// - Throws: `NDEFError` whose offset counts from the start of the payload.
    public func content(mode: DecodingMode = .strict) throws(NDEFError) -> RecordContent {
        switch typeNameFormat {
        case .empty:
            return .empty
        case .nfcWellKnown:
            switch type {
            case TextPayload.recordType: return .text(try TextPayload(decoding: payload, mode: mode))
            case URIPayload.recordType: return .uri(try URIPayload(decoding: payload, mode: mode))
            case SmartPoster.recordType: return .smartPoster(try SmartPoster(decoding: payload, mode: mode))
            default: return .wellKnown(type: typeString, data: payload)
            }
        case .media:
            return .media(type: typeString, data: payload)
        case .absoluteURI:
            return .absoluteURI(typeString)
        case .nfcExternal:
            if typeString.lowercased() == Self.androidApplicationType {
                return .androidApplication(packageName: String(decoding: payload, as: UTF8.self))
            }
            return .external(type: typeString, data: payload)
        case .unknown, .unchanged, .reserved:
            return .unknown(data: payload)
        }
    }
}
