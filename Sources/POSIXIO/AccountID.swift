#if canImport(Glibc)
import Glibc
#endif

/// An account of the password database: its user id and primary group id.
package struct AccountID: Equatable, Sendable {
    /// The user id.
    package var uid: UInt32
    /// The primary group id.
    package var gid: UInt32

    /// An account.
    package init(uid: UInt32, gid: UInt32) {
        self.uid = uid
        self.gid = gid
    }

    /// The account `name` names: digits are a uid (`getpwuid_r`), anything else a name
    /// (`getpwnam_r`); nil when there is no such account.
    package static func lookUp(_ name: String) -> AccountID? {
        var entry = passwd()
        var found: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16384)
        let isNumber = !name.isEmpty && name.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        let status: Int32
        if isNumber {
            guard let uid = UInt32(name) else { return nil }
            status = getpwuid_r(uid, &entry, &buffer, buffer.count, &found)
        } else {
            status = getpwnam_r(name, &entry, &buffer, buffer.count, &found)
        }
        guard status == 0, found != nil else { return nil }
        return AccountID(uid: entry.pw_uid, gid: entry.pw_gid)
    }
}
