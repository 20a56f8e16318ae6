import POSIXIO
import SystemPackage

/// Writes a key file whole or not at all, mode 600 or 640 (`AtomicCreate`), with the command
/// line's errors.
enum KeyFileWriter {
    /// Writes `key` to `path`, given to `owner` when there is one, readable by its group when
    /// `groupReads`.
    ///
    /// - Throws: usage (64) when `path` exists and `replacing` is false; permission (77) when
    ///   the directory or `owner` is not ours to use; I/O (74) for another failure. Nothing is
    ///   left behind on failure.
    static func write(_ key: [UInt8], to path: String, owner: KeyOwner?, groupReads: Bool = false, replacing: Bool) throws(CLIError) {
        do throws(AtomicCreateError) {
            try AtomicCreate.create(
                path, with: key, permissions: groupReads ? [.ownerRead, .ownerWrite, .groupRead] : [.ownerRead, .ownerWrite], owner: owner.map { ($0.user, $0.group) }, replacing: replacing)
        } catch {
            switch error.step {
            case .exists:
                throw .usage("\(path) exists: it is kept (give --force to replace it; tokens signed with the old key then stop opening the door)")
            case .owner:
                throw .permission("--owner/--group \(owner?.name ?? ""): cannot give \(path) away (\(error.errno)): only root may (sudo)")
            default:
                throw error.errno == .permissionDenied || error.errno == .notPermitted ? .permission("\(error)") : .io("\(error)")
            }
        }
    }
}
