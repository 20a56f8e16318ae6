import Basics
import NDEF
import NFCCore

/// The record options of `ndef encode` (and the tag-writing commands), read in the order
/// given so that records keep that order. Each record option starts a record; the options
/// after it (`--lang`, `--data`, `--title` …) complete it.
enum RecordOptions {
    /// The help text listing the options.
    static let help = """
        Records, in the order given (each option may repeat):
          --text STRING [--lang CODE] [--utf16]   Text record (language default en)
          --uri URI                                URI record (prefix abbreviated)
          --mime TYPE (--data STRING | --hex HEX | --file PATH)
                                                   MIME media record
          --external DOMAIN:TYPE (--data STRING | --hex HEX | --file PATH)
                                                   NFC Forum external type record
          --smart-poster URI [--title STRING [--lang CODE]]... [--action do|save|edit]
                                                   Smart Poster record
          --absolute-uri URI                       absolute-URI record
          --android-app PACKAGE                    Android Application Record
        """

    /// Every record option, as the shells complete them (`RecordCompletion`).
    static let names = [
        "--text", "--lang", "--utf16", "--uri", "--mime", "--external", "--data", "--hex", "--file",
        "--smart-poster", "--title", "--action", "--absolute-uri", "--android-app",
    ]

    /// The record options that take a value (all but `--utf16`).
    static var valueOptions: [String] { names.filter { $0 != "--utf16" } }

    /// Parses record options into records.
    ///
    /// - Throws: a usage error naming the option that is wrong and what it needs.
    static func parse(_ words: [String]) throws(CLIError) -> [NDEFRecord] {
        var parser = Parser(words: words)
        return try parser.parseAll()
    }

    private enum Draft {
        case text(TextPayload)
        case uri(String)
        case payload(kind: String, type: String, data: [UInt8]?)
        case smartPoster(SmartPoster)
        case absoluteURI(String)
        case androidApp(String)
    }

    private struct Parser {
        var words: ArraySlice<String>
        var records: [NDEFRecord] = []
        var draft: Draft?

        init(words: [String]) {
            self.words = words[...]
        }

        mutating func parseAll() throws(CLIError) -> [NDEFRecord] {
            while let word = words.popFirst() {
                let (name, inlineValue) = Self.split(word)
                switch name {
                case "--text":
                    try start(.text(TextPayload(text: try value(name, inlineValue))))
                case "--uri":
                    try start(.uri(try value(name, inlineValue)))
                case "--mime", "--external":
                    try start(.payload(kind: name, type: try value(name, inlineValue), data: nil))
                case "--smart-poster":
                    try start(.smartPoster(SmartPoster(uri: try value(name, inlineValue))))
                case "--absolute-uri":
                    try start(.absoluteURI(try value(name, inlineValue)))
                case "--android-app":
                    let package = try value(name, inlineValue)
                    guard !package.isEmpty else { throw .usage("--android-app needs a package name, such as com.example.app") }
                    try start(.androidApp(package))
                case "--lang":
                    try setLanguage(try value(name, inlineValue))
                case "--utf16":
                    guard case .text(var text) = draft, inlineValue == nil else {
                        throw .usage("--utf16 must follow --text")
                    }
                    text.encoding = .utf16BigEndian
                    draft = .text(text)
                case "--data", "--hex", "--file":
                    try setData(name, try value(name, inlineValue))
                case "--title":
                    guard case .smartPoster(var poster) = draft else {
                        throw .usage("--title must follow --smart-poster")
                    }
                    poster.titles.append(TextPayload(text: try value(name, inlineValue)))
                    draft = .smartPoster(poster)
                case "--action":
                    try setAction(try value(name, inlineValue))
                default:
                    throw .usage("unknown option '\(word)'\n\(RecordOptions.help)")
                }
            }
            try finish()
            guard !records.isEmpty else {
                throw .usage("no record given: use --text, --uri, --mime, --external, --smart-poster, --absolute-uri or --android-app")
            }
            return records
        }

        private static func split(_ word: String) -> (String, String?) {
            guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
            return (String(word[..<equals]), String(word[word.index(after: equals)...]))
        }

        private mutating func value(_ name: String, _ inline: String?) throws(CLIError) -> String {
            if let inline { return inline }
            guard let next = words.popFirst() else { throw .usage("\(name) needs a value") }
            return next
        }

        private mutating func start(_ next: Draft) throws(CLIError) {
            try finish()
            draft = next
        }

        private mutating func setLanguage(_ code: String) throws(CLIError) {
            guard !code.isEmpty else { throw .usage("--lang needs a language code, such as en or de-CH") }
            guard code.utf8.count <= 63 else {
                throw .usage("--lang: the language code is \(code.utf8.count) bytes, at most 63 fit (a code such as en or de-CH)")
            }
            switch draft {
            case .text(var text):
                text.languageCode = code
                draft = .text(text)
            case .smartPoster(var poster) where !poster.titles.isEmpty:
                poster.titles[poster.titles.count - 1].languageCode = code
                draft = .smartPoster(poster)
            default:
                throw .usage("--lang must follow --text or a Smart Poster's --title")
            }
        }

        private mutating func setData(_ name: String, _ text: String) throws(CLIError) {
            guard case .payload(let kind, let type, nil) = draft else {
                throw .usage("\(name) must follow --mime or --external, once")
            }
            let data: [UInt8]
            switch name {
            case "--hex":
                do throws(CLIError) { data = try Hex.decode(text) } catch { throw .usage("--hex \(text): \(error.message)") }
            case "--file": data = try FileIO.read(text, limit: MessageFile.messageLimit)
            default: data = Array(text.utf8)
            }
            draft = .payload(kind: kind, type: type, data: data)
        }

        private mutating func setAction(_ name: String) throws(CLIError) {
            guard case .smartPoster(var poster) = draft else {
                throw .usage("--action must follow --smart-poster")
            }
            guard let action = SmartPoster.Action.allCases.first(where: { $0.name == name }) else {
                throw .usage("--action must be do, save or edit, not '\(name)'")
            }
            poster.action = action
            draft = .smartPoster(poster)
        }

        private mutating func finish() throws(CLIError) {
            guard let current = draft else { return }
            draft = nil
            if case .payload(let kind, let type, nil) = current {
                throw .usage("\(kind) \(type) needs --data, --hex or --file")
            }
            do throws(NDEFError) {
                records.append(try Self.record(from: current))
            } catch {
                throw .usage("record \(records.count + 1): \(error.reason)")
            }
        }

        private static func record(from draft: Draft) throws(NDEFError) -> NDEFRecord {
            switch draft {
            case .text(let text): try .text(text)
            case .uri(let uri): .uri(uri)
            case .payload("--mime", let type, let data): try .mime(type: type, data: data ?? [])
            case .payload(_, let type, let data): try .external(type: type, data: data ?? [])
            case .smartPoster(let poster): try .smartPoster(poster)
            case .absoluteURI(let uri): try .absoluteURI(uri)
            case .androidApp(let package): .androidApplication(packageName: package)
            }
        }
    }
}
