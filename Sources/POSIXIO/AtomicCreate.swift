import Basics
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// Creating or replacing a file whole or not at all, the one way this package writes a file
/// that must never be seen half-written (keys, counters, the kept lines, simulated GPIO
/// lines): the bytes go to a private temporary file beside it (a fresh random name, created
/// exclusively, mode 600, close-on-exec, so a planted name or symlink is never followed),
/// which gets its permissions and owner, is written and fsync'd, and is then linked to the
/// name (refused when the name exists, symlinks included) or, when replacing, renamed over it;
/// the directory is fsync'd last. Nobody ever sees a partial file or one with other
/// permissions, a crash leaves the old file or the new one, and a failure leaves nothing behind.
public enum AtomicCreate {
    /// Creates `path` holding `bytes`, with exactly `permissions` and, when given, `owner`'s
    /// user and group.
    ///
    /// - Throws: `AtomicCreateError` naming the step that failed: `.exists` when `path` exists
    ///   and `replacing` is false (the file is untouched).
    public static func create(
        _ path: String, with bytes: [UInt8], permissions: FilePermissions, owner: (user: uid_t, group: gid_t)? = nil, replacing: Bool = false
    ) throws(AtomicCreateError) {
        func failure(_ step: AtomicCreateError.Step, _ temporary: String?, _ code: Errno) -> AtomicCreateError {
            AtomicCreateError(step: step, path: path, temporary: temporary, errno: code)
        }
        var status = stat()
        if !replacing, lstat(path, &status) == 0 { throw failure(.exists, nil, .fileExists) }
        let (file, temporary) = try temporaryFile(beside: path)
        let raw = file.rawValue
        do throws(AtomicCreateError) {
            do throws(Errno) { try retryingInterrupts { fchmod(raw, permissions.rawValue) } } catch { throw failure(.permissions, temporary, error) }
            if let owner {
                do throws(Errno) { try retryingInterrupts { fchown(raw, owner.user, owner.group) } } catch { throw failure(.owner, temporary, error) }
            }
            do throws(Errno) { try file.writeEverything(bytes) } catch { throw failure(.write, temporary, error) }
            do throws(Errno) { try file.sync() } catch { throw failure(.sync, temporary, error) }
            if replacing {
                guard rename(temporary, path) == 0 else { throw failure(.place, temporary, .latest) }
            } else {
                guard link(temporary, path) == 0 else {
                    let error = Errno.latest
                    throw failure(error == .fileExists ? .exists : .place, temporary, error)
                }
                unlink(temporary)
            }
        } catch {
            file.closeQuietly()
            unlink(temporary)
            throw error
        }
        file.closeQuietly()
        if let directory = try? FileDescriptor.opening(PathText.directory(of: path), .readOnly, options: .directory) {
            defer { directory.closeQuietly() }
            do throws(Errno) { try directory.sync() } catch { throw failure(.syncDirectory, nil, error) }
        }
    }
}

extension AtomicCreate {
    /// A new file `path.new-` + 16 random hex digits, created exclusively with mode 600 and
    /// close-on-exec; another name is drawn when one exists.
    static func temporaryFile(beside path: String) throws(AtomicCreateError) -> (FileDescriptor, String) {
        var generator = SystemRandomNumberGenerator()
        var attempt = 0
        while true {
            let temporary = path + ".new-" + Hex.encode(withUnsafeBytes(of: generator.next() as UInt64) { Array($0) })
            do throws(Errno) {
                let file = try FileDescriptor.opening(temporary, .writeOnly, options: [.create, .exclusiveCreate], permissions: [.ownerRead, .ownerWrite])
                return (file, temporary)
            } catch {
                attempt += 1
                guard error == .fileExists, attempt < 8 else {
                    throw AtomicCreateError(step: .temporary, path: path, temporary: nil, errno: error)
                }
            }
        }
    }
}

/// A step of `AtomicCreate.create` that failed, with its errno.
public struct AtomicCreateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The steps of a creation.
    public enum Step: Equatable, Sendable {
        case exists, temporary, permissions, owner, write, sync, place, syncDirectory
    }

    /// The step that failed.
    public var step: Step
    /// The file being created.
    public var path: String
    /// The temporary file beside it, once there is one.
    public var temporary: String?
    /// Why.
    public var errno: Errno

    /// An error.
    public init(step: Step, path: String, temporary: String?, errno: Errno) {
        self.step = step
        self.path = path
        self.temporary = temporary
        self.errno = errno
    }

    /// What failed, without the errno (`cannot create a file beside /etc/pn532ctl/door.key`).
    public var operation: String {
        switch step {
        case .exists: "\(path) exists"
        case .temporary: "cannot create a file beside \(path)"
        case .permissions: "cannot set the permissions of \(temporary ?? path)"
        case .owner: "cannot give \(temporary ?? path) its owner"
        case .write: "cannot write \(temporary ?? path)"
        case .sync: "cannot fsync \(temporary ?? path)"
        case .place: "cannot create \(path)"
        case .syncDirectory: "cannot fsync the directory of \(path)"
        }
    }

    public var description: String { "\(operation): \(errno)" }
}
