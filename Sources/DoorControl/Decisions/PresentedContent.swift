import Credentials
import NDEF

/// A presentation's NDEF message decoded once for matching: the texts, full URIs, MIME
/// records and token records among its first `recordLimit` records, in message order.
/// Records that do not decode are left out (they can match nothing); records after the limit
/// are never looked at, so one tag tests a handful of credentials, not a list of guesses.
struct PresentedContent {
    /// The records of a message that are considered: two token slots and two others.
    static let recordLimit = 4

    /// The text of every Text record.
    var texts: [String] = []
    /// The full URI (prefix expanded) of every URI record.
    var uris: [String] = []
    /// The type and payload of every MIME record.
    var media: [(type: String, data: [UInt8])] = []
    /// Every `pn532ctl.org:token` record, still unverified.
    var tokenRecords: [NDEFRecord] = []

    init(_ message: NDEFMessage?) {
        for record in (message?.records ?? []).prefix(Self.recordLimit) {
            if NDEFMessage.isToken(record) {
                tokenRecords.append(record)
                continue
            }
            switch try? record.content() {
            case .text(let text)?: texts.append(text.text)
            case .uri(let uri)?: uris.append(uri.uri)
            case .media(let type, let data)?: media.append((type, data))
            default: break
            }
        }
    }
}

extension Credential {
    /// How rules name the credential (`uid`, `uri_prefix`).
    var kind: String {
        switch self {
        case .uid: "uid"
        case .textEquals: "text"
        case .textPrefix: "text_prefix"
        case .uriEquals: "uri"
        case .uriPrefix: "uri_prefix"
        case .mime: "mime"
        case .signedToken: "token"
        case let .keyed(family, _): family.rawValue
        }
    }

    /// Why the credential matches `uid` and `content`, or nil when it does not. Text and URIs
    /// are compared as UTF-8 bytes (no Unicode normalisation), MIME types ignoring ASCII case.
    /// A signed token matches when one of `tokens` (already verified for this UID) was issued
    /// to `user`.
    func match(uid: [UInt8], content: PresentedContent, tokens: [SignedToken], user: String) -> (reason: String, token: SignedToken?)? {
        switch self {
        case .uid(let expected):
            return uid == expected ? ("UID \(UIDNotation.hex(uid, separator: "")) matches", nil) : nil
        case .textEquals(let expected):
            return content.texts.contains { $0.utf8.elementsEqual(expected.utf8) } ? ("text \(String(reflecting: expected)) matches", nil) : nil
        case .textPrefix(let prefix):
            return content.texts.contains { $0.utf8.starts(with: prefix.utf8) } ? ("text starts with \(String(reflecting: prefix))", nil) : nil
        case .uriEquals(let expected):
            return content.uris.contains { $0.utf8.elementsEqual(expected.utf8) } ? ("URI \(expected) matches", nil) : nil
        case .uriPrefix(let prefix):
            return content.uris.contains { $0.utf8.starts(with: prefix.utf8) } ? ("URI starts with \(prefix)", nil) : nil
        case .mime(let type, let payload):
            let found = content.media.contains { $0.type.lowercased() == type.lowercased() && $0.data == payload }
            return found ? ("\(type) record matches", nil) : nil
        case .keyed:
            return nil
        case .signedToken:
            guard let token = tokens.first(where: { $0.user.utf8.elementsEqual(user.utf8) }) else { return nil }
            return ("signed token for \(String(reflecting: user)), counter \(token.counter)", token)
        }
    }
}
