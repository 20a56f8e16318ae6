#if canImport(Glibc)
import Glibc
#endif

/// The account `--owner USER` names: its user and primary group ids.
struct KeyOwner {
    var name: String
    var user: uid_t
    var group: gid_t

    /// Looks `name` up in the password database.
    ///
    /// - Throws: a usage error when there is no such user.
    static func lookUp(_ name: String) throws(CLIError) -> KeyOwner {
        var entry = passwd()
        var found: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16384)
        let status = getpwnam_r(name, &entry, &buffer, buffer.count, &found)
        guard status == 0, found != nil else {
            throw .usage("--owner \(name): no such user (getent passwd \(name) shows the accounts)")
        }
        return KeyOwner(name: name, user: entry.pw_uid, group: entry.pw_gid)
    }
}
