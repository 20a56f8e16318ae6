#if canImport(Glibc)
import Glibc
#endif

/// Account names of the password database.
package enum AccountID {
    /// The uid of `account`: digits are a uid as written, anything else a name looked up with
    /// `getpwnam_r`; nil when there is no such account.
    package static func uid(of account: String) -> UInt32? {
        if !account.isEmpty, account.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            return UInt32(account)
        }
        var entry = passwd()
        var found: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16384)
        guard getpwnam_r(account, &entry, &buffer, buffer.count, &found) == 0, found != nil else { return nil }
        return entry.pw_uid
    }
}
