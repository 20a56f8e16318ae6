/// The payload of a Smart Poster record (well-known type `Sp`): a nested NDEF message with one
/// URI record and optional titles, action, size, type and icons.
public struct SmartPoster: Hashable, Sendable {
    /// The poster's URI.
    public var uri: String
    /// Titles, at most one per language.
    public var titles: [TextPayload]
    /// What a reader should do with the URI.
    public var action: Action?
    /// The size of the object the URI refers to, in bytes.
    public var size: UInt32?
    /// The MIME type of the object the URI refers to.
    public var type: String?
    /// Icons: MIME records of type `image/*` or `video/*`.
    public var icons: [Icon]

    /// Creates a Smart Poster.
    public init(
        uri: String, titles: [TextPayload] = [], action: Action? = nil, size: UInt32? = nil,
        type: String? = nil, icons: [Icon] = []
    ) {
        self.uri = uri
        self.titles = titles
        self.action = action
        self.size = size
        self.type = type
        self.icons = icons
    }

    /// The recommended action (`act` record).
    public enum Action: UInt8, CaseIterable, Hashable, Sendable {
        case open = 0
        case save = 1
        case edit = 2

        /// The RTD's name for the action: `do`, `save` or `edit`.
        public var name: String {
            switch self {
            case .open: "do"
            case .save: "save"
            case .edit: "edit"
            }
        }
    }

    /// An icon: an image or video MIME record.
    public struct Icon: Hashable, Sendable {
        /// The MIME type, `image/…` or `video/…`.
        public var mimeType: String
        /// The image or video bytes.
        public var data: [UInt8]

        /// Creates an icon.
        public init(mimeType: String, data: [UInt8]) {
            self.mimeType = mimeType
            self.data = data
        }
    }

    /// The well-known record type `Sp`.
    public static let recordType: [UInt8] = [0x53, 0x70]
    private static let actionType: [UInt8] = Array("act".utf8)
    private static let sizeType: [UInt8] = [0x73]
    private static let typeType: [UInt8] = [0x74]

    /// The payload bytes: the nested message, URI first.
    public func encoded() throws(NDEFError) -> [UInt8] {
        var records = [NDEFRecord.uri(uri)]
        for title in titles { records.append(try .text(title)) }
        if let action {
            records.append(
                NDEFRecord(unchecked: .nfcWellKnown, type: Self.actionType, identifier: [], payload: [action.rawValue]))
        }
        if let size {
            let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: size >> $0) }
            records.append(NDEFRecord(unchecked: .nfcWellKnown, type: Self.sizeType, identifier: [], payload: bytes))
        }
        if let type {
            records.append(
                NDEFRecord(unchecked: .nfcWellKnown, type: Self.typeType, identifier: [], payload: Array(type.utf8)))
        }
        for icon in icons { records.append(try .mime(type: icon.mimeType, data: icon.data)) }
        return NDEFMessage(records: records).encoded()
    }

    /// Decodes a Smart Poster payload. Records the RTD does not define are ignored, as it asks.
    public init(decoding payload: [UInt8], mode: DecodingMode = .strict) throws(NDEFError) {
        let message = try NDEFMessage(decoding: payload, mode: mode)
        var uris: [String] = []
        self.init(uri: "")
        for record in message.records {
            switch (record.typeNameFormat, record.type) {
            case (.nfcWellKnown, URIPayload.recordType):
                uris.append(try URIPayload(decoding: record.payload, mode: mode).uri)
            case (.nfcWellKnown, TextPayload.recordType):
                titles.append(try TextPayload(decoding: record.payload, mode: mode))
            case (.nfcWellKnown, Self.actionType):
                guard record.payload.count == 1 else {
                    throw NDEFError(offset: 0, reason: .invalidSmartPosterField("action"))
                }
                guard let value = Action(rawValue: record.payload[0]) else {
                    throw NDEFError(offset: 0, reason: .invalidSmartPosterAction(record.payload[0]))
                }
                action = value
            case (.nfcWellKnown, Self.sizeType):
                guard record.payload.count == 4 else {
                    throw NDEFError(offset: 0, reason: .invalidSmartPosterField("size"))
                }
                size = record.payload.reduce(0) { $0 << 8 | UInt32($1) }
            case (.nfcWellKnown, Self.typeType):
                guard let text = String(validating: record.payload, as: UTF8.self) else {
                    throw NDEFError(offset: 0, reason: .invalidSmartPosterField("type"))
                }
                type = text
            case (.media, _) where record.typeString.hasPrefix("image/") || record.typeString.hasPrefix("video/"):
                icons.append(Icon(mimeType: record.typeString, data: record.payload))
            default:
                continue
            }
        }
        guard uris.count == 1 else {
            throw NDEFError(offset: 0, reason: .smartPosterURICount(uris.count))
        }
        uri = uris[0]
    }
}
