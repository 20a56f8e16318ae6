import JSONText
import Basics
import NDEF
import NFCCore

/// The `--json` form of a decoded NDEF message (schema in the README).
enum MessageJSON {
    /// The message as a JSON object: `length` and `records`.
    static func make(_ message: NDEFMessage, mode: DecodingMode) -> JSON {
        .object(members(message, mode: mode))
    }

    /// The members of ``make(_:mode:)``, for an object that holds more (`read`'s).
    static func members(_ message: NDEFMessage, mode: DecodingMode) -> [(String, JSON)] {
        [
            ("length", .int(message.length)),
            ("records", .array(message.records.map { record($0, mode: mode) })),
        ]
    }

    /// The members every record has, in this order; those its kind does not give are null.
    static let kindMembers = [
        "text", "lang", "encoding", "uri", "titles", "action", "size", "mimeType", "icons", "package", "externalType", "error",
    ]

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
        let kind: String
        let given: [(String, JSON)]
        do throws(NDEFError) {
            (kind, given) = fields(of: try record.content(mode: mode))
        } catch {
            (kind, given) = ("invalid", [("error", .string(error.description))])
        }
        members.append(("kind", .string(kind)))
        for name in kindMembers {
            members.append((name, given.first { $0.0 == name }?.1 ?? .null))
        }
        return .object(members)
    }

    /// The record's kind and the members it gives.
    private static func fields(of content: RecordContent) -> (String, [(String, JSON)]) {
        switch content {
        case .empty:
            return ("empty", [])
        case .text(let text):
            return ("text", textFields(text))
        case .uri(let uri):
            return ("uri", [("uri", .string(uri.uri))])
        case .smartPoster(let poster):
            return ("smartPoster", [
                ("uri", .string(poster.uri)),
                ("titles", .array(poster.titles.map { .object(textFields($0)) })),
                ("action", poster.action.map { .string($0.name) } ?? .null),
                ("size", poster.size.map { .int(Int($0)) } ?? .null),
                ("mimeType", poster.type.map { .string($0) } ?? .null),
                ("icons", .array(poster.icons.map {
                    .object([("mimeType", .string($0.mimeType)), ("payloadHex", .string(Hex.encode($0.data)))])
                })),
            ])
        case .media(let type, let data):
            return ("mime", [("mimeType", .string(type)), ("text", String(validating: data, as: UTF8.self).map(JSON.string) ?? .null)])
        case .absoluteURI(let uri):
            return ("absoluteUri", [("uri", .string(uri))])
        case .androidApplication(let package):
            return ("androidApp", [("package", .string(package))])
        case .external(let type, _):
            return ("external", [("externalType", .string(type))])
        case .wellKnown:
            return ("wellKnown", [])
        case .unknown:
            return ("unknown", [])
        }
    }

    private static func textFields(_ text: TextPayload) -> [(String, JSON)] {
        [("text", .string(text.text)), ("lang", .string(text.languageCode)), ("encoding", .string(text.encoding.rawValue))]
    }
}
