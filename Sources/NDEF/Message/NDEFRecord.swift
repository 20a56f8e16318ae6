/// One NDEF record: a type name format, a type, an optional identifier and a payload.
///
/// This is Core NFC's `NFCNDEFPayload`. A record built with the public initialiser obeys the
/// NDEF rules for its type name format; one decoded in lenient mode may not (it is kept as the
/// tag holds it).
public struct NDEFRecord: Hashable, Sendable {
    /// How to read `type`.
    public private(set) var typeNameFormat: TypeNameFormat
    /// The record type; its meaning depends on `typeNameFormat`.
    public private(set) var type: [UInt8]
    /// The record identifier (often empty).
    public private(set) var identifier: [UInt8]
    /// The payload.
    public private(set) var payload: [UInt8]

    /// Creates a record, checking the NDEF rules: TNF empty has nothing; unknown has no type;
    /// well-known, media, absolute URI and external have a type; unchanged and reserved are not
    /// for whole records; type and identifier fit in 255 bytes.
    public init(
        format: TypeNameFormat, type: [UInt8], identifier: [UInt8] = [], payload: [UInt8]
    ) throws(NDEFError) {
        try Self.check(format: format, type: type, identifier: identifier, payload: payload)
        self.init(unchecked: format, type: type, identifier: identifier, payload: payload)
    }

    /// Creates a record without checking it: for the decoder's lenient mode and for
    /// constructors whose output is valid by construction.
    init(unchecked format: TypeNameFormat, type: [UInt8], identifier: [UInt8], payload: [UInt8]) {
        self.typeNameFormat = format
        self.type = type
        self.identifier = identifier
        self.payload = payload
    }

    /// The empty record (TNF 0).
    public static let empty = NDEFRecord(unchecked: .empty, type: [], identifier: [], payload: [])

    /// The type as a string (types are ASCII for well-known, media and external records).
    public var typeString: String { String(decoding: type, as: UTF8.self) }

    /// The number of bytes this record takes in a message, unchunked.
    public var length: Int {
        let shortRecord = payload.count < 256
        return 2 + (shortRecord ? 1 : 4) + (identifier.isEmpty ? 0 : 1)
            + type.count + identifier.count + payload.count
    }

    static func check(
        format: TypeNameFormat, type: [UInt8], identifier: [UInt8], payload: [UInt8]
    ) throws(NDEFError) {
        guard type.count <= 255 else {
            throw NDEFError(offset: 0, reason: .fieldTooLong(.type, length: type.count, maximum: 255))
        }
        guard identifier.count <= 255 else {
            throw NDEFError(
                offset: 0, reason: .fieldTooLong(.identifier, length: identifier.count, maximum: 255))
        }
        guard UInt64(payload.count) <= UInt64(UInt32.max) else {
            throw NDEFError(
                offset: 0, reason: .fieldTooLong(.payload, length: payload.count, maximum: Int(UInt32.max)))
        }
        switch format {
        case .empty:
            guard type.isEmpty, identifier.isEmpty, payload.isEmpty else {
                throw NDEFError(offset: 0, reason: .contentInEmptyRecord)
            }
        case .nfcWellKnown, .media, .absoluteURI, .nfcExternal:
            guard !type.isEmpty else { throw NDEFError(offset: 0, reason: .missingType(format)) }
        case .unknown:
            guard type.isEmpty else { throw NDEFError(offset: 0, reason: .unexpectedType(format)) }
        case .unchanged:
            throw NDEFError(offset: 0, reason: .unchangedOutsideChunk)
        case .reserved:
            throw NDEFError(offset: 0, reason: .reservedTypeNameFormat)
        }
    }
}
