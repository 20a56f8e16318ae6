import Basics
import NDEF
import NFCCore

/// The human-readable form of a decoded NDEF message.
enum MessageDescription {
    /// Payloads longer than this are shortened in the detail line.
    private static let payloadPreview = 48

    /// Lines describing the message, one heading per record and a detail line under it.
    static func lines(_ message: NDEFMessage, mode: DecodingMode) -> [String] {
        let count = message.records.count
        var lines = ["NDEF message, \(message.length) bytes, \(count) record\(count == 1 ? "" : "s")"]
        for (index, record) in message.records.enumerated() {
            do throws(NDEFError) {
                let described = describe(try record.content(mode: mode))
                lines.append("[\(index + 1)] " + described[0])
                lines += described.dropFirst().map { "    " + $0 }
            } catch {
                lines.append("[\(index + 1)] invalid payload: \(error)")
            }
            lines.append("    " + details(record))
        }
        return lines
    }

    private static func details(_ record: NDEFRecord) -> String {
        var text = "tnf \(record.typeNameFormat.name) (\(record.typeNameFormat.rawValue))"
        if !record.type.isEmpty { text += ", type \"\(printable(record.type))\"" }
        if !record.identifier.isEmpty { text += ", id \"\(printable(record.identifier))\"" }
        let count = record.payload.count
        text += ", payload \(count) byte\(count == 1 ? "" : "s")"
        if count > 0 {
            let shown = Hex.encode(record.payload.prefix(payloadPreview))
            text += ": " + shown + (count > payloadPreview ? "…" : "")
        }
        return text
    }

    private static func describe(_ content: RecordContent) -> [String] {
        switch content {
        case .empty:
            return ["Empty record"]
        case .text(let text):
            return ["Text (\(text.languageCode), \(text.encoding.rawValue)): \(quoted(text.text))"]
        case .uri(let uri):
            return ["URI: \(uri.uri)"]
        case .smartPoster(let poster):
            var lines = ["Smart Poster: \(poster.uri)"]
            for title in poster.titles { lines.append("title (\(title.languageCode)): \(quoted(title.text))") }
            if let action = poster.action { lines.append("action: \(action.name)") }
            if let size = poster.size { lines.append("size: \(size) bytes") }
            if let type = poster.type { lines.append("type: \(type)") }
            for icon in poster.icons { lines.append("icon: \(icon.mimeType), \(icon.data.count) bytes") }
            return lines
        case .media(let type, let data):
            if let text = String(validating: data, as: UTF8.self), text.unicodeScalars.allSatisfy(isShown) {
                return ["MIME \(type): \(quoted(text))"]
            }
            return ["MIME \(type), \(data.count) bytes"]
        case .absoluteURI(let uri):
            return ["Absolute URI: \(uri)"]
        case .androidApplication(let package):
            return ["Android application: \(package)"]
        case .external(let type, let data):
            return ["External \(type), \(data.count) bytes"]
        case .wellKnown(let type, let data):
            return ["Well-known type \(type), \(data.count) bytes"]
        case .unknown(let data):
            return ["Unknown type, \(data.count) bytes"]
        }
    }

    private static func quoted(_ text: String) -> String {
        "\"" + String(String.UnicodeScalarView(text.unicodeScalars.map { isShown($0) ? $0 : "·" })) + "\""
    }

    private static func printable(_ bytes: [UInt8]) -> String {
        quoted(String(decoding: bytes, as: UTF8.self)).dropFirst().dropLast().description
    }

    private static func isShown(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x20 && scalar.value != 0x7F
    }
}
