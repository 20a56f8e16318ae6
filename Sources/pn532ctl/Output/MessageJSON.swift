import JSONText
import Basics
import NDEF
import NFCCore

/// The `--json` form of a decoded NDEF message (schema in the README).
enum MessageJSON {
    /// The message as a JSON object: `length` and `records`.
    static func make(_ message: NDEFMessage, mode: DecodingMode) -> JSON {
        .object([
            ("length", .int(message.length)),
            ("records", .array(message.records.map { record($0, mode: mode) })),
        ])
    }

    private static func record(_ record: NDEFRecord, mode: DecodingMode) -> JSON {
        var members: [(String, JSON)] = [
            ("tnf", .string(record.typeNameFormat.name)),
            ("tnfValue", .int(Int(record.typeNameFormat.rawValue))),
            ("type", .string(record.typeString)),
            ("typeHex", .string(Hex.encode(record.type))),
            ("id", .string(String(decoding: record.identifier, as: UTF8.self))),
            ("idHex", .string(Hex.encode(record.identifier))),
            ("payloadLength", .int(record.payload.count)),
            ("payloadHex", .string(Hex.encode(record.payload))),
        ]
        do throws(NDEFError) {
            members += fields(of: try record.content(mode: mode))
        } catch {
            members += [("kind", .string("invalid")), ("error", .string(error.description))]
        }
        return .object(members)
    }

    private static func fields(of content: RecordContent) -> [(String, JSON)] {
        switch content {
        case .empty:
            return [("kind", .string("empty"))]
        case .text(let text):
            return [("kind", .string("text"))] + textFields(text)
        case .uri(let uri):
            return [("kind", .string("uri")), ("uri", .string(uri.uri))]
        case .smartPoster(let poster):
            return [
                ("kind", .string("smartPoster")),
                ("uri", .string(poster.uri)),
                ("titles", .array(poster.titles.map { .object(textFields($0)) })),
                ("action", poster.action.map { .string($0.name) } ?? .null),
                ("size", poster.size.map { .int(Int($0)) } ?? .null),
                ("mimeType", poster.type.map { .string($0) } ?? .null),
                ("icons", .array(poster.icons.map {
                    .object([("mimeType", .string($0.mimeType)), ("payloadHex", .string(Hex.encode($0.data)))])
                })),
            ]
        case .media(let type, let data):
            var members: [(String, JSON)] = [("kind", .string("mime")), ("mimeType", .string(type))]
            if let text = String(validating: data, as: UTF8.self) { members.append(("text", .string(text))) }
            return members
        case .absoluteURI(let uri):
            return [("kind", .string("absoluteUri")), ("uri", .string(uri))]
        case .androidApplication(let package):
            return [("kind", .string("androidApp")), ("package", .string(package))]
        case .external(let type, _):
            return [("kind", .string("external")), ("externalType", .string(type))]
        case .wellKnown:
            return [("kind", .string("wellKnown"))]
        case .unknown:
            return [("kind", .string("unknown"))]
        }
    }

    private static func textFields(_ text: TextPayload) -> [(String, JSON)] {
        [("text", .string(text.text)), ("lang", .string(text.languageCode)), ("encoding", .string(text.encoding.rawValue))]
    }
}
