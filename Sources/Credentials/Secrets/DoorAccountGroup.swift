#if canImport(Glibc)
import Glibc
#endif

/// The door's account's group, `pn532ctl` (not a token's door groups): the one group a key
/// file may be readable by. The install script and the .deb make keys `root:pn532ctl` mode
/// 0640, so the door's account reads them but cannot rewrite them.
public enum DoorAccountGroup {
    /// The group's name.
    public static let name = "pn532ctl"

    /// The door group's id, or nil when this system has no such group.
    public static func id() -> gid_t? { id(named: name) }

    /// The id of the group called `name` in the group database, or nil when there is none.
    public static func id(named name: String) -> gid_t? {
        var entry = group()
        var found: UnsafeMutablePointer<group>?
        var buffer = [CChar](repeating: 0, count: 16384)
        guard getgrnam_r(name, &entry, &buffer, buffer.count, &found) == 0, found != nil else { return nil }
        return entry.gr_gid
    }
}
