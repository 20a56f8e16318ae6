/// The payload of an NFC Forum Text record (well-known type `T`).
public struct TextPayload: Hashable, Sendable {
    /// The text.
    public var text: String
    /// The IANA language code, such as `en` or `fr-CA`.
    public var languageCode: String
    /// How the text is encoded on the tag.
    public var encoding: TextEncoding

    /// Creates a Text payload.
    public init(text: String, languageCode: String = "en", encoding: TextEncoding = .utf8) {
        self.text = text
        self.languageCode = languageCode
        self.encoding = encoding
    }

    /// The well-known record type `T`.
    public static let recordType: [UInt8] = [0x54]

    /// The payload bytes: status byte, language code, text.
    ///
    /// - Throws: `.fieldTooLong` when the language code is over 63 bytes, `.invalidLanguageCode`
    ///   when it is not printable ASCII.
    public func encoded() throws(NDEFError) -> [UInt8] {
        let language = Array(languageCode.utf8)
        guard language.count <= 63 else {
            throw NDEFError(
                offset: 1, reason: .fieldTooLong(.type, length: language.count, maximum: 63))
        }
        guard language.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw NDEFError(offset: 1, reason: .invalidLanguageCode)
        }
        let status = UInt8(language.count) | (encoding == .utf8 ? 0 : 0x80)
        return [status] + language + encoding.encode(text)
    }

    /// Decodes a Text record's payload.
    ///
    /// In lenient mode the reserved status bit is ignored and invalid text is decoded with
    /// replacement characters; a language code longer than the payload is always an error.
    public init(decoding payload: [UInt8], mode: DecodingMode = .strict) throws(NDEFError) {
        guard let status = payload.first else {
            throw NDEFError(offset: 0, reason: .payloadTooShort(needed: 1, available: 0))
        }
        if status & 0x40 != 0, mode == .strict {
            throw NDEFError(offset: 0, reason: .reservedTextStatusBit)
        }
        let languageLength = Int(status & 0x3F)
        guard payload.count >= 1 + languageLength else {
            throw NDEFError(
                offset: 0,
                reason: .payloadTooShort(needed: 1 + languageLength, available: payload.count))
        }
        let language = payload[1..<1 + languageLength]
        if mode == .strict, !language.allSatisfy({ (0x21...0x7E).contains($0) }) {
            throw NDEFError(offset: 1, reason: .invalidLanguageCode)
        }
        let body = payload[(1 + languageLength)...]
        let (text, encoding) = try TextEncoding.decode(
            body, utf16: status & 0x80 != 0, offset: 1 + languageLength, mode: mode)
        self.init(
            text: text, languageCode: String(decoding: language, as: UTF8.self), encoding: encoding)
    }
}

/// The encoding of a Text record's text, including UTF-16's byte order and byte-order mark,
/// so that a decoded record encodes back to the same bytes.
public enum TextEncoding: String, CaseIterable, Hashable, Sendable {
    /// UTF-8 (status bit 7 clear).
    case utf8 = "utf-8"
    /// UTF-16 big-endian without a byte-order mark: the RTD's default reading.
    case utf16BigEndian = "utf-16be"
    /// UTF-16 big-endian after a `FE FF` byte-order mark.
    case utf16BigEndianWithBOM = "utf-16be-bom"
    /// UTF-16 little-endian after a `FF FE` byte-order mark.
    case utf16LittleEndianWithBOM = "utf-16le-bom"

    func encode(_ text: String) -> [UInt8] {
        switch self {
        case .utf8:
            return Array(text.utf8)
        case .utf16BigEndian, .utf16BigEndianWithBOM:
            let bom: [UInt8] = self == .utf16BigEndianWithBOM ? [0xFE, 0xFF] : []
            return bom + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        case .utf16LittleEndianWithBOM:
            return [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        }
    }

    static func decode(
        _ body: ArraySlice<UInt8>, utf16: Bool, offset: Int, mode: DecodingMode
    ) throws(NDEFError) -> (String, TextEncoding) {
        guard utf16 else {
            if let text = String(validating: body, as: UTF8.self) { return (text, .utf8) }
            guard mode == .lenient else { throw NDEFError(offset: offset, reason: .invalidUTF8) }
            return (String(decoding: body, as: UTF8.self), .utf8)
        }
        var units = body
        let encoding: TextEncoding
        switch (units.first, units.dropFirst().first) {
        case (0xFE, 0xFF): encoding = .utf16BigEndianWithBOM; units = units.dropFirst(2)
        case (0xFF, 0xFE): encoding = .utf16LittleEndianWithBOM; units = units.dropFirst(2)
        default: encoding = .utf16BigEndian
        }
        guard units.count % 2 == 0 || mode == .lenient else {
            throw NDEFError(offset: offset, reason: .invalidUTF16)
        }
        var codeUnits: [UInt16] = []
        codeUnits.reserveCapacity(units.count / 2)
        var index = units.startIndex
        while index + 1 < units.endIndex {
            let (high, low) = encoding == .utf16LittleEndianWithBOM
                ? (units[index + 1], units[index]) : (units[index], units[index + 1])
            codeUnits.append(UInt16(high) << 8 | UInt16(low))
            index += 2
        }
        if let text = String(validating: codeUnits, as: UTF16.self) { return (text, encoding) }
        guard mode == .lenient else { throw NDEFError(offset: offset, reason: .invalidUTF16) }
        return (String(decoding: codeUnits, as: UTF16.self), encoding)
    }
}
