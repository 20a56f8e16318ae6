import Basics
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// Creating or replacing a file whole or not at all, the one way this package writes a file
/// that must never be seen half-written (keys, counters, the kept lines, simulated GPIO
/// lines). Everything happens relative to the directory, opened once: the bytes go to a
/// private temporary file beside the name (a fresh random name, opened with
/// `O_CREAT|O_EXCL|O_NOFOLLOW`, mode 600, close-on-exec, so a planted name or symlink is
/// never followed), which gets its permissions and owner, is written and fsync'd, and is then
/// linked to the name (refused when the name exists, symlinks included) or, when replacing,
/// renamed over it; the directory is fsync'd last. When replacing, a name that is a symlink
/// or anything but a regular file is refused (`.notRegular`) and left as it is. Nobody ever
/// sees a partial file or one with other permissions, a crash leaves the old file or the new
/// one, and a failure leaves nothing behind.
public enum AtomicCreate {
    /// Creates `path` holding `bytes`, with exactly `permissions` and, when given, `owner`'s
    /// user and group.
    ///
    /// - Throws: `AtomicCreateError` naming the step that failed: `.exists` when `path` exists
    ///   and `replacing` is false, `.notRegular` when it is a symlink or not a regular file
    ///   (the name is untouched either way).
    public static func create(
        _ path: String, with bytes: [UInt8], permissions: FilePermissions, owner: (user: uid_t, group: gid_t)? = nil, replacing: Bool = false
    ) throws(AtomicCreateError) {
        func failure(_ step: AtomicCreateError.Step, _ temporary: String?, _ code: Errno) -> AtomicCreateError {
            AtomicCreateError(step: step, path: path, temporary: temporary, errno: code)
        }
        let directory: FileDescriptor
        do throws(Errno) {
            directory = try FileDescriptor.opening(PathText.directory(of: path), .readOnly, options: .directory)
        } catch {
            throw failure(.temporary, nil, error)
        }
        defer { directory.closeQuietly() }
        let name = PathText.fileName(of: path)
        var status = stat()
        if fstatat(directory.rawValue, name, &status, AT_SYMLINK_NOFOLLOW) == 0 {
            if !replacing { throw failure(.exists, nil, .fileExists) }
            guard status.st_mode & S_IFMT == S_IFREG else { throw failure(.notRegular, nil, .tooManySymbolicLinkLevels) }
        }
        let (file, temporaryName) = try temporaryFile(named: name, in: directory, path: path)
        let temporary = PathText.directory(of: path) + "/" + temporaryName
        let raw = file.rawValue
        do throws(AtomicCreateError) {
            do throws(Errno) { try retryingInterrupts { fchmod(raw, permissions.rawValue) } } catch { throw failure(.permissions, temporary, error) }
            if let owner {
                do throws(Errno) { try retryingInterrupts { fchown(raw, owner.user, owner.group) } } catch { throw failure(.owner, temporary, error) }
            }
            do throws(Errno) { try file.writeEverything(bytes) } catch { throw failure(.write, temporary, error) }
            do throws(Errno) { try file.sync() } catch { throw failure(.sync, temporary, error) }
            if replacing {
                guard renameat(directory.rawValue, temporaryName, directory.rawValue, name) == 0 else { throw failure(.place, temporary, .latest) }
            } else {
                guard linkat(directory.rawValue, temporaryName, directory.rawValue, name, 0) == 0 else {
                    let error = Errno.latest
                    throw failure(error == .fileExists ? .exists : .place, temporary, error)
                }
                unlinkat(directory.rawValue, temporaryName, 0)
            }
        } catch {
            file.closeQuietly()
            unlinkat(directory.rawValue, temporaryName, 0)
            throw error
        }
        file.closeQuietly()
        do throws(Errno) { try directory.sync() } catch { throw failure(.syncDirectory, nil, error) }
    }
}

extension AtomicCreate {
    /// A new file `name.new-` + 16 random hex digits in `directory`, created exclusively
    /// (never through a symlink) with mode 600 and close-on-exec; another name is drawn when
    /// one exists. Returns the descriptor and the file's name.
    static func temporaryFile(named name: String, in directory: FileDescriptor, path: String) throws(AtomicCreateError) -> (FileDescriptor, String) {
        var generator = SystemRandomNumberGenerator()
        var attempt = 0
        while true {
            let temporary = name + ".new-" + Hex.encode(withUnsafeBytes(of: generator.next() as UInt64) { Array($0) })
            let raw = openat(directory.rawValue, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(0o600))
            if raw >= 0 { return (FileDescriptor(rawValue: raw), temporary) }
            let error = Errno.latest
            attempt += 1
            guard error == .fileExists || error == .interrupted, attempt < 8 else {
                throw AtomicCreateError(step: .temporary, path: path, temporary: nil, errno: error)
            }
        }
    }
}

/// A step of `AtomicCreate.create` that failed, with its errno.
public struct AtomicCreateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The steps of a creation.
    public enum Step: Equatable, Sendable {
        case exists, notRegular, temporary, permissions, owner, write, sync, place, syncDirectory
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
        case .notRegular: "\(path) is a symbolic link or not a regular file; it is not followed or replaced: remove it (the file is written there again)"
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
