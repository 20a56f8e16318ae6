import Basics
import Credentials

/// How the token commands print a token.
enum TokenText {
    /// `alice, issued 1795000000 (2026-11-18 08:26:40 UTC), counter 7`, then for version 2
    /// `, site "hq", key id 0, groups main, expires never`; version 1 says so.
    static func describe(_ token: SignedToken) -> String {
        let head = "\(token.user), issued \(token.issued) (\(utc(token.issued))), counter \(token.counter)"
        guard token.format == .v2 else { return head + ", version 1 (no site, key id or expiry)" }
        let groups = token.groups.isEmpty ? "every door" : token.groups.joined(separator: " ")
        let expires = token.expires == 0 ? "never" : "\(token.expires) (\(utc(token.expires)))"
        return head + ", site \(token.site.debugDescription), key id \(token.keyID), groups \(groups), expires \(expires)"
    }

    /// `2026-11-18 08:26:40 UTC`.
    static func utc(_ epoch: UInt32) -> String {
        AuditTime(epochSeconds: Int64(epoch)).readableUTC
    }
}
