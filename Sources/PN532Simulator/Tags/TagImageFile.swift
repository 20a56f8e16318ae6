import Glibc

/// Reads tag image files from disk.
enum TagImageFile {
    /// No tag image is larger than this; a bigger file is refused unread.
    static let sizeLimit = 4096

    /// The bytes of the file at `path`.
    static func read(_ path: String) throws(TagImageError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: systemError()) }
        defer { close(descriptor) }
        var contents: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: sizeLimit + 1)
        while contents.count <= sizeLimit {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return contents }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: systemError())
            }
            contents.append(contentsOf: buffer[..<count])
        }
        throw .fileTooLarge(path: path, limit: sizeLimit)
    }

    /// The message for the current `errno`.
    private static func systemError() -> String {
        String(cString: strerror(errno))
    }
}
