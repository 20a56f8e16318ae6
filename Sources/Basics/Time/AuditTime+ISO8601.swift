extension AuditTime {
    private static let secondsPerDay: Int64 = 86_400

    /// ISO 8601 in UTC with milliseconds, as the audit log writes it: `2026-11-22T07:31:05.123Z`.
    public var iso8601: String {
        utcText(dateTimeSeparator: "T") + "." + padded(nanoseconds / 1_000_000, 3) + "Z"
    }

    /// ISO 8601 in UTC to the second, as reports write it: `2026-11-22T07:31:05Z`.
    public var iso8601Seconds: String {
        utcText(dateTimeSeparator: "T") + "Z"
    }

    /// The date and time for people, to the second: `2026-11-22 07:31:05 UTC`.
    public var readableUTC: String {
        utcText(dateTimeSeparator: " ") + " UTC"
    }

    /// `2026-11-22`, the separator, `07:31:05`.
    private func utcText(dateTimeSeparator: String) -> String {
        let days = floorDivide(epochSeconds, Self.secondsPerDay)
        let secondOfDay = epochSeconds - days * Self.secondsPerDay
        let date = GregorianDay(daysSinceEpoch: days)
        return padded(date.year, 4) + "-" + padded(date.month, 2) + "-" + padded(date.day, 2)
            + dateTimeSeparator + padded(secondOfDay / 3600, 2) + ":" + padded(secondOfDay / 60 % 60, 2) + ":" + padded(secondOfDay % 60, 2)
    }

    /// Reads an ISO 8601 date or date and time in UTC: `2026-11-22`, `2026-11-22T07:00`,
    /// `2026-11-22T07:00:05`, each optionally with a fraction of a second (up to nine digits)
    /// and a trailing `Z`. A date alone means its midnight. Nil for anything else, including
    /// days and times that do not exist and other time zones.
    public init?(iso8601 text: some StringProtocol) {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
              let month = scanner.number(digits: 2), scanner.skip("-"),
              let day = scanner.number(digits: 2),
              let date = GregorianDay(year: year, month: month, day: day)
        else { return nil }
        var secondOfDay: Int64 = 0
        var fraction: Int64 = 0
        if scanner.skip("T") {
            guard let hour = scanner.number(digits: 2), hour < 24, scanner.skip(":"),
                  let minute = scanner.number(digits: 2), minute < 60
            else { return nil }
            var second: Int64 = 0
            if scanner.skip(":") {
                guard let value = scanner.number(digits: 2), value < 60 else { return nil }
                second = value
                if scanner.skip(".") {
                    guard let nanoseconds = scanner.fractionNanoseconds() else { return nil }
                    fraction = nanoseconds
                }
            }
            secondOfDay = hour * 3600 + minute * 60 + second
            _ = scanner.skip("Z")
        }
        guard scanner.atEnd else { return nil }
        self.init(epochSeconds: date.daysSinceEpoch * Self.secondsPerDay + secondOfDay, nanoseconds: fraction)
    }
}

/// `value` in decimal, zero-padded to at least `width` digits.
private func padded(_ value: Int64, _ width: Int) -> String {
    let digits = String(value.magnitude)
    let zeros = String(repeating: "0", count: max(0, width - digits.count))
    return (value < 0 ? "-" : "") + zeros + digits
}

/// Reads fixed-width decimal fields and separators from ASCII bytes.
private struct DigitScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var atEnd: Bool { index == bytes.count }

    /// Consumes `character` if it comes next.
    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    /// Exactly `digits` decimal digits.
    mutating func number(digits: Int) -> Int64? {
        guard bytes.count - index >= digits else { return nil }
        var value: Int64 = 0
        for byte in bytes[index..<index + digits] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        index += digits
        return value
    }

    /// One to nine digits after a decimal point, as nanoseconds.
    mutating func fractionNanoseconds() -> Int64? {
        var value: Int64 = 0
        var count = 0
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            guard count < 9 else { return nil }
            value = value * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
            count += 1
            index += 1
        }
        guard count > 0 else { return nil }
        for _ in count..<9 { value *= 10 }
        return value
    }
}
