#if canImport(Glibc)
import Glibc
#endif

/// A file open for reading (or standard input), read in chunks or whole but never past a limit
/// the caller names. This is the one place the programs read files with POSIX calls.
public final class InputFile {
    /// The path, or `standard input`, for messages.
    public let name: String
    private let descriptor: Int32
    private let ownsDescriptor: Bool

    private init(name: String, descriptor: Int32, ownsDescriptor: Bool) {
        self.name = name
        self.descriptor = descriptor
        self.ownsDescriptor = ownsDescriptor
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// Opens `path` for reading (never as a controlling terminal).
    ///
    /// - Throws: `.cannotOpen` with `errno`.
    public static func open(_ path: String) throws(FileInputError) -> InputFile {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw FileInputError(name: path, .cannotOpen(errno: errno)) }
        return InputFile(name: path, descriptor: descriptor, ownsDescriptor: true)
    }

    /// Standard input (left open when this object goes).
    public static func standardInput() -> InputFile {
        InputFile(name: "standard input", descriptor: STDIN_FILENO, ownsDescriptor: false)
    }

    /// The whole file at `path`, refused unread when it is larger than `limit`.
    public static func read(_ path: String, limit: InputLimit) throws(FileInputError) -> [UInt8] {
        try open(path).readAll(limit: limit)
    }

    /// The file's `fstat(2)` status.
    public func status() throws(FileInputError) -> stat {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileInputError(name: name, .cannotRead(errno: errno)) }
        return status
    }

    /// Reads at most `buffer.count` bytes into `buffer`; 0 at the end of the file.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(FileInputError) -> Int {
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw FileInputError(name: name, .cannotRead(errno: errno)) }
        }
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
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: min(limit.bytes + 1, 1 << 16))
        while bytes.count <= limit.bytes {
            let wanted = min(chunk.count, limit.bytes + 1 - bytes.count)
            let count = try read(into: &chunk, at: 0..<wanted)
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
        throw FileInputError(name: name, .tooLarge(limit))
    }
}
