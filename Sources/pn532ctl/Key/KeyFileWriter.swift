import Basics
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// Writes a key file whole or not at all: the bytes go to a private temporary file beside it
/// (mode 600, given to the owner, fsync'd), which is then linked to the name (refused when the
/// name exists) or, with `replacing`, renamed over it; the directory is fsync'd last.
enum KeyFileWriter {
    /// Writes `key` to `path`.
    ///
    /// - Throws: usage (64) when `path` exists and `replacing` is false, or `path` is a
    ///   directory; permission (77) when the directory or `owner` is not ours to use; I/O (74)
    ///   for another failure. Nothing is left behind on failure.
    static func write(_ key: [UInt8], to path: String, owner: KeyOwner?, replacing: Bool) throws(CLIError) {
        if !replacing, exists(path) {
            throw .usage("\(path) exists: it is kept (give --force to replace it; tokens signed with the old key then stop opening the door)")
        }
        var template = Array((path + ".XXXXXX").utf8CString)
        let raw = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard raw >= 0 else { throw failure("cannot create a file beside \(path)", Errno.latest) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let file = FileDescriptor(rawValue: raw)
        do throws(CLIError) {
            do throws(Errno) { try retryingInterrupts { fchmod(raw, 0o600) } } catch { throw failure("cannot chmod \(temporary)", error) }
            if let owner {
                do throws(Errno) { try retryingInterrupts { fchown(raw, owner.user, owner.group) } } catch {
                    throw .permission("--owner \(owner.name): cannot give \(path) away (\(error)): only root may (sudo)")
                }
            }
            do throws(Errno) {
                try file.writeEverything(key)
                try file.sync()
            } catch {
                throw failure("cannot write \(temporary)", error)
            }
            file.closeQuietly()
            try place(temporary, at: path, replacing: replacing)
        } catch {
            file.closeQuietly()
            unlink(temporary)
            throw error
        }
        unlink(temporary)
        syncDirectory(of: path)
    }

    private static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Links (exclusive) or renames (replacing) the finished temporary file to `path`.
    private static func place(_ temporary: String, at path: String, replacing: Bool) throws(CLIError) {
        if replacing {
            guard rename(temporary, path) == 0 else { throw failure("cannot replace \(path)", .latest) }
            return
        }
        guard link(temporary, path) == 0 else {
            let error = Errno.latest
            if error == .fileExists {
                throw .usage("\(path) exists: it is kept (give --force to replace it; tokens signed with the old key then stop opening the door)")
            }
            throw failure("cannot create \(path)", error)
        }
    }

    private static func syncDirectory(of path: String) {
        guard let directory = try? FileDescriptor.opening(PathText.directory(of: path), .readOnly, options: .directory) else { return }
        try? directory.sync()
        directory.closeQuietly()
    }

    private static func failure(_ what: String, _ error: Errno) -> CLIError {
        error == .permissionDenied || error == .notPermitted ? .permission("\(what): \(error)") : .io("\(what): \(error)")
    }
}
