import POSIXIO

/// The account `--owner USER` names: its user and primary group ids.
struct KeyOwner {
    var name: String
    var user: UInt32
    var group: UInt32

    /// Looks `name` up in the password database (a name, or a uid in digits).
    ///
    /// - Throws: a usage error when there is no such user.
    static func lookUp(_ name: String) throws(CLIError) -> KeyOwner {
        guard let account = AccountID.lookUp(name) else {
            throw .usage("--owner \(name): no such user (getent passwd \(name) shows the accounts)")
        }
        return KeyOwner(name: name, user: account.uid, group: account.gid)
    }
}
