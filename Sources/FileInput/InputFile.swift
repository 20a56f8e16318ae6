import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// A file open for reading (or standard input), read in chunks or whole but never past a limit
/// the caller names. This is the one place the programs read files with POSIX calls.
public final class InputFile {
    /// The path, or `standard input`, for messages.
    public let name: String
    private let descriptor: FileDescriptor
    private let ownsDescriptor: Bool

    private init(name: String, descriptor: FileDescriptor, ownsDescriptor: Bool) {
        self.name = name
        self.descriptor = descriptor
        self.ownsDescriptor = ownsDescriptor
    }

    deinit {
        if ownsDescriptor { descriptor.closeQuietly() }
    }

    /// Opens `path` for reading (never as a controlling terminal).
    ///
    /// - Throws: `.cannotOpen` with `errno`.
    public static func open(_ path: String) throws(FileInputError) -> InputFile {
        do throws(Errno) {
            let descriptor = try FileDescriptor.opening(path, .readOnly, options: .noControllingTerminal)
            return InputFile(name: path, descriptor: descriptor, ownsDescriptor: true)
        } catch {
            throw FileInputError(name: path, .cannotOpen(error))
        }
    }

    /// Standard input (left open when this object goes).
    public static func standardInput() -> InputFile {
        InputFile(name: "standard input", descriptor: .standardInput, ownsDescriptor: false)
    }

    /// The whole file at `path`, refused unread when it is larger than `limit`.
    public static func read(_ path: String, limit: InputLimit) throws(FileInputError) -> [UInt8] {
        try open(path).readAll(limit: limit)
    }

    /// The file's `fstat(2)` status.
    public func status() throws(FileInputError) -> stat {
        do throws(Errno) { return try descriptor.stat().rawValue } catch { throw FileInputError(name: name, .cannotRead(error)) }
    }

    /// Reads at most `buffer.count` bytes into `buffer`; 0 at the end of the file.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(FileInputError) -> Int {
        do throws(Errno) { return try descriptor.readSome(into: buffer) } catch { throw FileInputError(name: name, .cannotRead(error)) }
    }

    /// Reads at most `range.count` bytes into `bytes[range]`; 0 at the end of the file.
    public func read(into bytes: inout [UInt8], at range: Range<Int>) throws(FileInputError) -> Int {
        let result = bytes.withUnsafeMutableBytes { raw -> Result<Int, FileInputError> in
            let bounded = range.clamped(to: 0..<raw.count)
            do throws(FileInputError) {
                return .success(try read(into: UnsafeMutableRawBufferPointer(rebasing: raw[bounded])))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Everything left in the file. A regular file larger than `limit` is refused before any
    /// read; anything else (a pipe, a device such as `/dev/zero`) is read up to one byte past
    /// `limit` and then refused, so memory stays bounded whatever the file is.
    public func readAll(limit: InputLimit) throws(FileInputError) -> [UInt8] {
        let status = try status()
        if status.st_mode & S_IFMT == S_IFREG, status.st_size > limit.bytes {
            throw FileInputError(name: name, .tooLarge(limit))
        }
        let bytes: [UInt8]
        do throws(Errno) { bytes = try descriptor.readToEnd(limit: limit.bytes) } catch { throw FileInputError(name: name, .cannotRead(error)) }
        guard bytes.count <= limit.bytes else { throw FileInputError(name: name, .tooLarge(limit)) }
        return bytes
    }
}
