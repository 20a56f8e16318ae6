#if canImport(Glibc)
import Glibc
#endif

/// A group of the group database.
package enum GroupID {
    /// The gid of the group `name` names: digits are a gid (`getgrgid_r`), anything else a
    /// name (`getgrnam_r`); nil when there is no such group.
    package static func lookUp(_ name: String) -> UInt32? {
        var entry = group()
        var found: UnsafeMutablePointer<group>?
        var buffer = [CChar](repeating: 0, count: 16384)
        let isNumber = !name.isEmpty && name.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        let status: Int32
        if isNumber {
            guard let gid = UInt32(name) else { return nil }
            status = getgrgid_r(gid, &entry, &buffer, buffer.count, &found)
        } else {
            status = getgrnam_r(name, &entry, &buffer, buffer.count, &found)
        }
        guard status == 0, found != nil else { return nil }
        return entry.gr_gid
    }
}
