import Basics

/// The query parameters of a SUN URL, each with where its value stands in the text: a URL
/// (`https://host/path?e=…&c=…#frag`), a query with or without its `?`, taken as hostile.
struct SUNQuery {
    /// One `name=value` parameter; `value` is the range of its value in ``text``.
    struct Parameter {
        var name: String
        var value: Range<Int>
    }

    /// The text's bytes.
    let text: [UInt8]
    /// The parameters in order.
    let parameters: [Parameter]

    /// The parameters of `url`: after the first `?` (or the whole text when it has none),
    /// up to a `#`, split at `&`.
    ///
    /// - Throws: `.tooLong` past ``SUNVerifier/maximumURLLength`` bytes, `.tooManyParameters`
    ///   past ``SUNVerifier/maximumParameters``.
    init(_ url: String) throws(SUNError) {
        let text = Array(url.utf8)
        guard text.count <= SUNVerifier.maximumURLLength else { throw .tooLong(bytes: text.count, limit: SUNVerifier.maximumURLLength) }
        let start = text.firstIndex(of: UInt8(ascii: "?")).map { $0 + 1 } ?? 0
        let end = text[start...].firstIndex(of: UInt8(ascii: "#")) ?? text.count
        var parameters: [Parameter] = []
        var pieceStart = start
        while pieceStart <= end {
            let pieceEnd = text[pieceStart..<end].firstIndex(of: UInt8(ascii: "&")) ?? end
            if pieceEnd > pieceStart {
                guard parameters.count < SUNVerifier.maximumParameters else { throw .tooManyParameters(limit: SUNVerifier.maximumParameters) }
                let equals = text[pieceStart..<pieceEnd].firstIndex(of: UInt8(ascii: "=")) ?? pieceEnd
                let name = String(decoding: text[pieceStart..<equals], as: UTF8.self)
                parameters.append(Parameter(name: name, value: min(equals + 1, pieceEnd)..<pieceEnd))
            }
            pieceStart = pieceEnd + 1
        }
        self.text = text
        self.parameters = parameters
    }

    /// The one parameter called `name`; nil when there is none.
    ///
    /// - Throws: `.duplicateParameter` when there are two (which one the tag wrote is unknowable).
    func parameter(_ name: String) throws(SUNError) -> Parameter? {
        let found = parameters.filter { $0.name == name }
        guard found.count <= 1 else { throw .duplicateParameter(name) }
        return found.first
    }

    /// The bytes of parameter `name`'s value, which must be exactly `digits` hex digits (either
    /// case), or, with `blockDigits`, a non-zero multiple of it up to `digits`.
    ///
    /// - Throws: `.missingParameter`, `.duplicateParameter`, `.wrongLength`, `.notHex`.
    func hexValue(_ name: String, digits: Int, multipleOf blockDigits: Int? = nil) throws(SUNError) -> [UInt8] {
        guard let parameter = try parameter(name) else { throw .missingParameter(name) }
        let count = parameter.value.count
        let fits = if let blockDigits { count > 0 && count <= digits && count % blockDigits == 0 } else { count == digits }
        guard fits else {
            let expected = blockDigits.map { "a multiple of \($0), at most \(digits)" } ?? String(digits)
            throw .wrongLength(parameter: name, digits: count, expected: expected)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count / 2)
        var index = parameter.value.lowerBound
        while index < parameter.value.upperBound {
            guard let high = Hex.digitValue(text[index]) else { throw .notHex(parameter: name, position: index - parameter.value.lowerBound + 1) }
            guard let low = Hex.digitValue(text[index + 1]) else { throw .notHex(parameter: name, position: index - parameter.value.lowerBound + 2) }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    /// The text from `start` to `end`, with the hex digits inside `hexValues` in upper case: the
    /// bytes as the tag mirrored them (it writes upper-case hex; static text is as it is).
    func macInput(from start: Int, to end: Int, hexValues: [Range<Int>]) -> [UInt8] {
        guard start < end else { return [] }
        var input = Array(text[start..<end])
        for range in hexValues {
            for index in range where index >= start && index < end {
                let byte = input[index - start]
                if byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f") { input[index - start] = byte - 0x20 }
            }
        }
        return input
    }
}
