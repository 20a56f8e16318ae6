extension NDEFRecord {
    /// A Text record, as Core NFC's `wellKnownTypeTextPayload(string:locale:)`, with UTF-8 text.
    ///
    /// - Parameter languageCode: an IANA language code such as `en` (Core NFC takes a Locale).
    public static func wellKnownTypeTextPayload(
        string: String, locale languageCode: String
    ) throws(NDEFError) -> NDEFRecord {
        try .text(TextPayload(text: string, languageCode: languageCode))
    }

    /// A URI record, as Core NFC's `wellKnownTypeURIPayload(url:)`.
    public static func wellKnownTypeURIPayload(url: String) -> NDEFRecord {
        .uri(url)
    }

    /// A URI record, as Core NFC's `wellKnownTypeURIPayload(string:)`; nil, as there, for a
    /// string that is no URI: empty, or holding a space or a control character (Core NFC
    /// parses it with `URL(string:)`, which refuses those too).
    public static func wellKnownTypeURIPayload(string: String) -> NDEFRecord? {
        guard !string.isEmpty, !string.unicodeScalars.contains(where: { $0.value <= 0x20 || (0x7F...0x9F).contains($0.value) }) else {
            return nil
        }
        return .uri(string)
    }

    /// The text and language code of a Text record, as Core NFC's `wellKnownTypeTextPayload()`;
    /// both nil for any other record or an invalid payload.
    public func wellKnownTypeTextPayload() -> (text: String?, languageCode: String?) {
        guard case .text(let text)? = try? content() else { return (nil, nil) }
        return (text.text, text.languageCode)
    }

    /// Core NFC's `wellKnowTypeTextPayload()` (its spelling): `wellKnownTypeTextPayload()`.
    public func wellKnowTypeTextPayload() -> (text: String?, languageCode: String?) {
        wellKnownTypeTextPayload()
    }

    /// The URI of a URI record, as Core NFC's `wellKnownTypeURIPayload()`; nil for any other
    /// record or an invalid payload.
    public func wellKnownTypeURIPayload() -> String? {
        guard case .uri(let uri)? = try? content() else { return nil }
        return uri.uri
    }

    /// A Text record.
    public static func text(_ text: TextPayload) throws(NDEFError) -> NDEFRecord {
        NDEFRecord(unchecked: .nfcWellKnown, type: TextPayload.recordType, identifier: [], payload: try text.encoded())
    }

    /// A URI record with the longest matching prefix abbreviated.
    public static func uri(_ uri: String) -> NDEFRecord {
        NDEFRecord(
            unchecked: .nfcWellKnown, type: URIPayload.recordType, identifier: [],
            payload: URIPayload(uri: uri).encoded())
    }

    /// A Smart Poster record.
    public static func smartPoster(_ poster: SmartPoster) throws(NDEFError) -> NDEFRecord {
        NDEFRecord(unchecked: .nfcWellKnown, type: SmartPoster.recordType, identifier: [], payload: try poster.encoded())
    }

    /// A MIME media record, such as `text/plain` or `application/json`.
    ///
    /// - Throws: `.invalidType` unless `type` is printable ASCII of the form `type/subtype`.
    public static func mime(type: String, data: [UInt8]) throws(NDEFError) -> NDEFRecord {
        let essence = type.split(separator: ";", maxSplits: 1).first ?? ""
        let parts = essence.split(separator: "/", omittingEmptySubsequences: false)
        guard isPrintableASCII(type), parts.count == 2, parts.allSatisfy({ !$0.isEmpty && !$0.contains(" ") })
        else { throw NDEFError(offset: 0, reason: .invalidType(type)) }
        return try NDEFRecord(format: .media, type: Array(type.utf8), payload: data)
    }

    /// An NFC Forum external type record, `domain:type` (compared case-insensitively).
    ///
    /// - Throws: `.invalidType` unless `type` is printable ASCII without spaces of the form
    ///   `domain:type`.
    public static func external(type: String, data: [UInt8]) throws(NDEFError) -> NDEFRecord {
        let parts = type.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard isPrintableASCII(type), !type.contains(" "), parts.count == 2,
            parts.allSatisfy({ !$0.isEmpty })
        else { throw NDEFError(offset: 0, reason: .invalidType(type)) }
        return try NDEFRecord(format: .nfcExternal, type: Array(type.utf8), payload: data)
    }

    /// An absolute-URI record: the URI is the record type, the payload is empty.
    ///
    /// - Throws: `.invalidType` unless `uri` is printable ASCII with a scheme (`scheme:…`).
    public static func absoluteURI(_ uri: String) throws(NDEFError) -> NDEFRecord {
        guard isPrintableASCII(uri), let colon = uri.firstIndex(of: ":"), colon != uri.startIndex
        else { throw NDEFError(offset: 0, reason: .invalidType(uri)) }
        return try NDEFRecord(format: .absoluteURI, type: Array(uri.utf8), payload: [])
    }

    /// The external type of an Android Application Record.
    public static let androidApplicationType = "android.com:pkg"

    /// An Android Application Record: Android opens (or offers to install) the package.
    public static func androidApplication(packageName: String) -> NDEFRecord {
        NDEFRecord(
            unchecked: .nfcExternal, type: Array(androidApplicationType.utf8), identifier: [],
            payload: Array(packageName.utf8))
    }
}

private func isPrintableASCII(_ text: String) -> Bool {
    !text.isEmpty && text.utf8.allSatisfy { (0x20...0x7E).contains($0) }
}
