import DoorControl

#if canImport(Glibc)
import Glibc
#endif

/// How the token commands print a token.
enum TokenText {
    /// `alice, issued 1795000000 (2026-11-18 08:26:40 UTC), counter 7`.
    static func describe(_ token: SignedToken) -> String {
        "\(token.user), issued \(token.issued) (\(utc(token.issued))), counter \(token.counter)"
    }

    /// `2026-11-18 08:26:40 UTC`.
    static func utc(_ epoch: UInt32) -> String {
        var seconds = time_t(epoch)
        var fields = tm()
        gmtime_r(&seconds, &fields)
        func pad(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(fields.tm_year + 1900)-\(pad(fields.tm_mon + 1))-\(pad(fields.tm_mday)) \(pad(fields.tm_hour)):\(pad(fields.tm_min)):\(pad(fields.tm_sec)) UTC"
    }
}
