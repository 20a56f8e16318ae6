import TestSupport

/// Random valid TOML documents from a seed, covering what `TOML.parse` supports: comments;
/// bare, quoted, literal and dotted keys; `[tables]` (implicit ones defined later too) and
/// `[[arrays of tables]]` with sub-tables; the four kinds of strings with every escape;
/// integers in every base with underscores; floats with fractions, exponents, inf and nan;
/// booleans; local dates and local times with seconds; arrays (nested, mixed, multi-line, with
/// comments and a trailing comma) and inline tables. Offset and local date-times are left
/// out: the parser refuses them on purpose. CRLF line ends are mixed in.
struct TOMLDocumentGenerator {
    private var random: SeededGenerator
    private var counter = 0

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    /// One document.
    mutating func document() -> String {
        var out = ""
        if chance(0.3) { out += "# a generated document\n" }
        out += keyValues(count: int(0...5), depth: 0)
        for _ in 0..<int(0...4) {
            switch int(0...3) {
            case 0:
                let name = freshKey()
                out += newline() + "[\(name)]" + comment() + newline() + keyValues(count: int(0...4), depth: 1)
                if chance(0.5) { out += "[\(name).\(freshKey())]" + newline() + keyValues(count: int(0...3), depth: 2) }
            case 1:
                let name = freshKey()
                for _ in 0..<int(1...3) {
                    out += "[[ \(name) ]]" + comment() + newline() + keyValues(count: int(0...3), depth: 1)
                    if chance(0.4) { out += "[[\(name).\(freshKey())]]" + newline() + keyValues(count: int(1...2), depth: 2) }
                    if chance(0.3) { out += "[\(name).\(freshKey())]" + newline() + keyValues(count: int(1...2), depth: 2) }
                }
            case 2:
                // A table created implicitly by a deeper header, then defined itself.
                let outer = freshKey(), inner = freshKey()
                out += "[\(outer).\(inner) . \(freshKey())]" + newline() + keyValues(count: int(0...2), depth: 3)
                if chance(0.6) { out += "[\(outer)]" + newline() + keyValues(count: int(0...2), depth: 1) }
            default:
                out += "\n\n" + keyValues(count: 0, depth: 0)
            }
        }
        return out
    }

    // MARK: Keys and key-values

    private mutating func keyValues(count: Int, depth: Int) -> String {
        var out = ""
        for _ in 0..<count {
            if chance(0.2) {
                // Dotted keys sharing a fresh prefix extend the same table.
                let prefix = freshKey()
                for _ in 0..<int(1...3) {
                    out += "\(prefix)\(space()).\(space())\(freshKey()) =\(space())\(value(depth: depth + 2))" + comment() + newline()
                }
            } else {
                out += "\(space())\(freshKey())\(space())=\(space())\(value(depth: depth + 1))" + comment() + newline()
            }
        }
        return out
    }

    /// A key not used before in the document, in one of the three spellings.
    private mutating func freshKey() -> String {
        counter += 1
        switch int(0...5) {
        case 0: return "\"k \(counter)\(pick(["", "é", "\\t", "\\u00E9", "\\\"", "日"]))\""
        case 1: return "'lit-\(counter)\(pick(["", " x", "\\", "\""]))'"
        case 2: return "\(counter)"
        case 3: return "_-\(counter)-K"
        default: return "key\(counter)"
        }
    }

    // MARK: Values

    private mutating func value(depth: Int) -> String {
        let kinds = depth < 5 ? 12 : 10
        switch int(0...(kinds - 1)) {
        case 0: return basicString()
        case 1: return literalString()
        case 2: return multiLineBasicString()
        case 3: return multiLineLiteralString()
        case 4, 5: return integer()
        case 6: return float()
        case 7: return chance(0.5) ? "true" : "false"
        case 8: return date()
        case 9: return time()
        case 10: return array(depth: depth)
        default: return inlineTable(depth: depth)
        }
    }

    private mutating func basicString() -> String {
        var out = "\""
        for _ in 0..<int(0...8) {
            out += pick(["a", "Z", " ", "\\b", "\\t", "\\n", "\\f", "\\r", "\\\"", "\\\\", "\\u0041", "\\u00e9", "\\u0000",
                         "\\u001F", "\\U0001F600", "\\U0000007f", "é", "€", "😀", "\t", "'", "#", "=", "x y"])
        }
        return out + "\""
    }

    private mutating func literalString() -> String {
        var out = "'"
        for _ in 0..<int(0...8) { out += pick(["a", " ", "\\n", "\\", "\"", "é", "\t", "#", "C:\\path"]) }
        return out + "'"
    }

    private mutating func multiLineBasicString() -> String {
        var out = "\"\"\"" + (chance(0.5) ? newline() : "x")
        for _ in 0..<int(0...8) {
            out += noQuoteRun(after: out, ["a", "\n", "\r\n", "\\n", "\\\"", "\"", "\"\"", "\\u00e9", "\t", "é", "\\\n   ", "\\  \n\n  x", "''"])
        }
        // A multi-line string may end in one or two quotes of its own.
        return out + pick(["", "x\"", "x\"\""]) + "\"\"\""
    }

    private mutating func multiLineLiteralString() -> String {
        var out = "'''" + (chance(0.5) ? newline() : "x")
        for _ in 0..<int(0...8) { out += noQuoteRun(after: out, ["a", "\n", "\\n", "\\", "'", "''", "\"\"\"", "é", "\t"]) }
        return out + pick(["", "x'", "x''"]) + "'''"
    }

    /// One of `pieces`, or `a` when it would make a run of quotes with the end of `text`
    /// (three in a row would close a multi-line string early).
    private mutating func noQuoteRun(after text: String, _ pieces: [String]) -> String {
        let piece = pick(pieces)
        guard let last = text.last, let first = piece.first, last == first, last == "\"" || last == "'" else { return piece }
        return "a"
    }

    private mutating func integer() -> String {
        switch int(0...7) {
        case 0: return pick(["0", "+0", "-0", "9223372036854775807", "-9223372036854775808", "+9_223_372_036_854_775_807"])
        case 1: return "0x" + digits("0123456789abcdefABCDEF", count: int(1...15))
        case 2: return "0o" + digits("01234567", count: int(1...20))
        case 3: return "0b" + digits("01", count: int(1...62))
        default:
            let sign = pick(["", "+", "-"])
            return sign + pick(["1", "2", "9"]) + digits("0123456789", count: int(0...15))
        }
    }

    /// Digits with single underscores between some of them, no leading underscore.
    private mutating func digits(_ alphabet: String, count: Int) -> String {
        let characters = Array(alphabet)
        var out = ""
        for index in 0..<count {
            if index > 0, chance(0.15) { out += "_" }
            out.append(characters[int(0...(characters.count - 1))])
        }
        return out
    }

    private mutating func float() -> String {
        switch int(0...5) {
        case 0: return pick(["inf", "+inf", "-inf", "nan", "+nan", "-nan", "0.0", "-0.0", "+0.0", "0e0", "-0E-0"])
        case 1: return pick(["", "-", "+"]) + pick(["0", "1" + digits("0123456789", count: int(0...3)), "3"]) + "e" + pick(["", "+", "-"]) + digits("0123456789", count: int(1...2))
        case 2: return "1.7976931348623157e308"
        default:
            let integerPart = pick(["0", "1", "7", "12_3", "99"]) + (chance(0.5) ? digits("0123456789", count: int(0...4)) : "")
            let exponent = chance(0.4) ? pick(["e", "E"]) + pick(["", "+", "-"]) + digits("0123456789", count: int(1...2)) : ""
            let number = (integerPart.hasPrefix("0") ? "0" : integerPart) + "." + digits("0123456789", count: int(1...17)) + exponent
            return pick(["", "-", "+"]) + number
        }
    }

    private mutating func date() -> String {
        let year = int(1...9999), month = int(1...12), day = int(1...28)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    }

    private mutating func time() -> String {
        let fraction = chance(0.5) ? "." + digits("0123456789", count: int(1...9)).filter { $0 != "_" } : ""
        return pad(int(0...23), 2) + ":" + pad(int(0...59), 2) + ":" + pad(int(0...59), 2) + fraction
    }

    private mutating func array(depth: Int) -> String {
        let count = int(0...4)
        guard count > 0 else { return pick(["[]", "[ ]", "[\n]", "[ # empty\n]"]) }
        var elements: [String] = []
        for _ in 0..<count { elements.append(value(depth: depth + 1)) }
        let separator = pick([", ", ",", " ,\n  ", ", # note\n"])
        return "[" + pick(["", " ", "\n  "]) + elements.joined(separator: separator) + pick(["", ",", ",\n", "\n", " # end\n"]) + "]"
    }

    private mutating func inlineTable(depth: Int) -> String {
        let count = int(0...3)
        guard count > 0 else { return "{}" }
        var pairs: [String] = []
        for _ in 0..<count {
            let key = chance(0.3) ? freshKey() + "." + freshKey() : freshKey()
            pairs.append(key + " = " + inlineValue(depth: depth + 1))
        }
        return "{ " + pairs.joined(separator: ", ") + " }"
    }

    /// A value for an inline table, which must stay on one line.
    private mutating func inlineValue(depth: Int) -> String {
        switch int(0...5) {
        case 0: return basicString()
        case 1: return literalString()
        case 2: return integer()
        case 3: return float()
        case 4: return depth < 5 ? "[" + (0..<int(0...3)).map { _ in integer() }.joined(separator: ", ") + "]" : date()
        default: return depth < 5 ? inlineTable(depth: depth) : time()
        }
    }

    // MARK: Layout

    private mutating func space() -> String { pick(["", " ", "  ", "\t"]) }
    private mutating func newline() -> String { chance(0.2) ? "\r\n" : "\n" }
    private mutating func comment() -> String { chance(0.2) ? pick([" # comment", "\t#", " # é ' \" ="]) : "" }

    // MARK: Randomness

    private mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    private mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &random) < probability }
    private mutating func pick(_ choices: [String]) -> String { choices[int(0...(choices.count - 1))] }

    private func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
