import SystemPackage

extension OwnFile {
    /// The bytes of a file the process keeps for itself at `path` (counters, a cursor, a
    /// record, a ledger): opened without following a symbolic link and without blocking (a
    /// FIFO planted at the name would otherwise hold the open until a writer came), checked
    /// with `check(_:for: .reading)`, and read to at most `limit` bytes; nil when there is no
    /// file.
    ///
    /// - Throws: `OwnFileReadError` saying which step refused it.
    public static func read(_ path: String, limit: Int) throws(OwnFileReadError) -> [UInt8]? {
        let file: FileDescriptor
        do throws(Errno) {
            file = try .opening(path, .readOnly, options: [.noFollow, .nonBlocking])
        } catch .noSuchFileOrDirectory {
            return nil
        } catch .tooManySymbolicLinkLevels {
            throw .symbolicLink
        } catch {
            throw .open(error)
        }
        defer { file.closeQuietly() }
        do throws(OwnFileError) { try check(file, for: .reading) } catch { throw .notOwn(error) }
        let bytes: [UInt8]
        do throws(Errno) { bytes = try file.readToEnd(limit: limit, chunk: min(limit + 1, 1 << 16)) } catch { throw .read(error) }
        guard bytes.count <= limit else { throw .tooLarge(limit: limit) }
        return bytes
    }
}

/// Why `OwnFile.read` gave no bytes. Each caller words it for its file.
public enum OwnFileReadError: Error, Equatable, Sendable {
    /// The name is a symbolic link, which is never followed.
    case symbolicLink
    /// open(2) failed.
    case open(Errno)
    /// The file is not the process's own (`OwnFile.check`).
    case notOwn(OwnFileError)
    /// read(2) failed.
    case read(Errno)
    /// The file holds more than `limit` bytes.
    case tooLarge(limit: Int)
}
