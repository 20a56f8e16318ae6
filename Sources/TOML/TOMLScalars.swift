import Basics

/// Bare values: booleans, integers, floats, local dates and local times.
extension TOMLCursor {
    /// Reads a bare value at the current position.
    mutating func readScalar() throws(TOMLError) -> TOMLValue.Kind {
        let startLine = line, startColumn = column, start = index
        while let byte = current, Self.isScalarByte(byte) { advance() }
        let tokenBytes = Array(bytes(from: start))
        let token = String(decoding: tokenBytes, as: UTF8.self)
        func failure(_ message: String) -> TOMLError { TOMLError(line: startLine, column: startColumn, message) }
        guard !token.isEmpty else { throw error("expected a value, found \(describeCurrent())") }
        switch token {
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        case "inf", "+inf": return .float(.infinity)
        case "-inf": return .float(-.infinity)
        case "nan", "+nan", "-nan": return .float(.nan)
        default: break
        }
        if let date = try Self.localDate(tokenBytes, token, failure) {
            if current == UInt8(ascii: " "), let next = peek(1), Self.isDigit(next) {
                throw failure("date-times are not supported here: use a date (2026-01-31) or a time (08:00)")
            }
            return .date(date)
        }
        if tokenBytes.count > 10, Self.isDatePrefix(tokenBytes) {
            throw failure("date-times are not supported here: use a date (2026-01-31) or a time (08:00)")
        }
        if let time = try Self.localTime(tokenBytes, token, failure) { return .time(time) }
        let unsigned = token.hasPrefix("+") || token.hasPrefix("-") ? token.utf8.dropFirst() : token.utf8[...]
        guard let first = unsigned.first, Self.isDigit(first) else { throw failure("'\(token)' is not a value (strings need quotes)") }
        if let integer = try Self.integer(token, failure) { return .integer(integer) }
        return .float(try Self.float(token, failure))
    }

    private static func isScalarByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: ":"):
            true
        default: false
        }
    }

    static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private static func isDatePrefix(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 10 && bytes[4] == UInt8(ascii: "-") && bytes[7] == UInt8(ascii: "-")
            && [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy { isDigit(bytes[$0]) }
    }

    private static func number(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    /// `YYYY-MM-DD` (`bytes` spell `token`), checked against the calendar; nil when the token is not shaped so.
    private static func localDate(_ bytes: [UInt8], _ token: String, _ failure: (String) -> TOMLError) throws(TOMLError) -> TOMLLocalDate? {
        guard bytes.count == 10, isDatePrefix(bytes) else { return nil }
        let date = TOMLLocalDate(year: number(bytes[0..<4]), month: number(bytes[5..<7]), day: number(bytes[8..<10]))
        guard (1...12).contains(date.month) else { throw failure("\(token): there is no month \(date.month)") }
        guard GregorianDay(year: Int64(date.year), month: Int64(date.month), day: Int64(date.day)) != nil else {
            throw failure("\(token): day \(date.day) is not in that month")
        }
        return date
    }

    /// `HH:MM`, `HH:MM:SS` or `HH:MM:SS.fraction` (`bytes` spell `token`); nil when the token is not shaped so.
    private static func localTime(_ bytes: [UInt8], _ token: String, _ failure: (String) -> TOMLError) throws(TOMLError) -> TOMLLocalTime? {
        let colon = UInt8(ascii: ":")
        guard bytes.count >= 5, bytes[2] == colon, [0, 1, 3, 4].allSatisfy({ isDigit(bytes[$0]) }) else { return nil }
        var time = TOMLLocalTime(hour: number(bytes[0..<2]), minute: number(bytes[3..<5]))
        if bytes.count > 5 {
            guard bytes.count >= 8, bytes[5] == colon, isDigit(bytes[6]), isDigit(bytes[7]) else { throw failure("\(token) is not a time (HH:MM or HH:MM:SS)") }
            time.second = number(bytes[6..<8])
            if bytes.count > 8 {
                let fraction = bytes[9...]
                guard bytes[8] == UInt8(ascii: "."), !fraction.isEmpty, fraction.allSatisfy(isDigit) else {
                    throw failure("\(token) is not a time (HH:MM or HH:MM:SS)")
                }
                let digits = Array(fraction.prefix(9)) + [UInt8](repeating: UInt8(ascii: "0"), count: max(0, 9 - fraction.count))
                time.nanosecond = number(digits[...])
            }
        }
        guard time.hour < 24, time.minute < 60, time.second <= 60 else { throw failure("\(token) is not a time of day") }
        return time
    }

    /// Digits with single underscores between them: the digits, or nil when misplaced.
    private static func strippingUnderscores(_ text: Substring, digit: (UInt8) -> Bool) -> String? {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, let last = bytes.last, digit(first), digit(last) else { return nil }
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "_") {
            guard digit(bytes[offset - 1]), digit(bytes[offset + 1]) else { return nil }
        }
        guard bytes.allSatisfy({ digit($0) || $0 == UInt8(ascii: "_") }) else { return nil }
        return String(text.filter { $0 != "_" })
    }

    /// Decimal, `0x`, `0o` or `0b` integers; nil when the token is not an integer.
    private static func integer(_ token: String, _ failure: (String) -> TOMLError) throws(TOMLError) -> Int64? {
        let prefixes: [(String, Int)] = [("0x", 16), ("0o", 8), ("0b", 2)]
        for (prefix, radix) in prefixes where token.hasPrefix(prefix) {
            let isDigit: (UInt8) -> Bool = { ASCIINumber.isDigit($0, radix: radix) }
            guard let digits = strippingUnderscores(token.dropFirst(2), digit: isDigit) else {
                throw failure("\(token) is not a valid base-\(radix) integer")
            }
            guard let value = ASCIINumber.parse(digits, radix: radix, as: Int64.self) else { throw failure("\(token) does not fit in 64 bits") }
            return value
        }
        let unsigned = token.hasPrefix("+") || token.hasPrefix("-") ? token.dropFirst() : Substring(token)
        guard let digits = strippingUnderscores(unsigned, digit: isDigit) else { return nil }
        guard digits == "0" || !digits.hasPrefix("0") else { throw failure("\(token): leading zeros are not allowed") }
        guard let value = Int64(token.hasPrefix("-") ? "-" + digits : digits) else { throw failure("\(token) does not fit in 64 bits") }
        return value
    }

    /// `[+-]int[.frac][e[+-]exp]` with at least a fraction or an exponent.
    private static func float(_ token: String, _ failure: (String) -> TOMLError) throws(TOMLError) -> Double {
        let invalid = failure("\(token) is not a valid number")
        let unsigned = token.hasPrefix("+") || token.hasPrefix("-") ? token.dropFirst() : Substring(token)
        let exponentParts = unsigned.split(separator: "e", maxSplits: 1, omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "E", maxSplits: 1, omittingEmptySubsequences: false) }
        guard exponentParts.count <= 2, let mantissa = exponentParts.first else { throw invalid }
        let mantissaParts = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let integerPart = mantissaParts.first, let integerDigits = strippingUnderscores(integerPart, digit: isDigit) else { throw invalid }
        guard integerDigits == "0" || !integerDigits.hasPrefix("0") else { throw failure("\(token): leading zeros are not allowed") }
        var text = (token.hasPrefix("-") ? "-" : "") + integerDigits
        if mantissaParts.count == 2 {
            guard let fraction = strippingUnderscores(mantissaParts[1], digit: isDigit) else { throw invalid }
            text += "." + fraction
        }
        if exponentParts.count == 2 {
            let exponent = exponentParts[1]
            let sign = exponent.hasPrefix("+") || exponent.hasPrefix("-") ? String(exponent.prefix(1)) : ""
            guard let digits = strippingUnderscores(exponent.dropFirst(sign.count), digit: isDigit) else { throw invalid }
            text += "e" + sign + digits
        }
        guard mantissaParts.count == 2 || exponentParts.count == 2 else { throw invalid }
        guard let value = Double(text), value.isFinite else { throw failure("\(token) is out of range") }
        return value
    }
}
