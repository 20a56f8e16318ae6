/// The payload of an NFC Forum URI record (well-known type `U`): an identifier code that
/// abbreviates a common prefix, then the rest of the URI in UTF-8.
public struct URIPayload: Hashable, Sendable {
    /// The full URI, prefix expanded. Non-ASCII characters (IRIs) are kept as they are.
    public var uri: String

    /// Creates a URI payload.
    public init(uri: String) {
        self.uri = uri
    }

    /// The well-known record type `U`.
    public static let recordType: [UInt8] = [0x55]

    /// The prefixes that identifier codes 0x00-0x23 stand for (NFC Forum URI RTD).
    public static let prefixes: [String] = [
        "", "http://www.", "https://www.", "http://", "https://", "tel:", "mailto:",
        "ftp://anonymous:anonymous@", "ftp://ftp.", "ftps://", "sftp://", "smb://", "nfs://",
        "ftp://", "dav://", "news:", "telnet://", "imap:", "rtsp://", "urn:", "pop:", "sip:",
        "sips:", "tftp:", "btspp://", "btl2cap://", "btgoep://", "tcpobex://", "irdaobex://",
        "file://", "urn:epc:id:", "urn:epc:tag:", "urn:epc:pat:", "urn:epc:raw:", "urn:epc:",
        "urn:nfc:",
    ]

    private static let prefixBytes: [[UInt8]] = prefixes.map { Array($0.utf8) }

    /// The payload bytes, using the longest prefix that matches.
    public func encoded() -> [UInt8] {
        let bytes = Array(uri.utf8)
        var best = 0
        for (code, prefix) in Self.prefixBytes.enumerated()
        where prefix.count > Self.prefixBytes[best].count && bytes.starts(with: prefix) {
            best = code
        }
        return [UInt8(best)] + bytes[Self.prefixBytes[best].count...]
    }

    /// Decodes a URI record's payload.
    ///
    /// An identifier code of 0x24 or more is an error in both modes (the URI cannot be known);
    /// invalid UTF-8 is an error in strict mode and replaced in lenient mode.
    public init(decoding payload: [UInt8], mode: DecodingMode = .strict) throws(NDEFError) {
        guard let code = payload.first else {
            throw NDEFError(offset: 0, reason: .payloadTooShort(needed: 1, available: 0))
        }
        guard Int(code) < Self.prefixes.count else {
            throw NDEFError(offset: 0, reason: .invalidURIPrefix(code))
        }
        let rest = payload.dropFirst()
        let text: String
        if let valid = String(validating: rest, as: UTF8.self) {
            text = valid
        } else if mode == .lenient {
            text = String(decoding: rest, as: UTF8.self)
        } else {
            throw NDEFError(offset: 1, reason: .invalidUTF8)
        }
        self.init(uri: Self.prefixes[Int(code)] + text)
    }
}
