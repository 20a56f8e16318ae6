import FileInput
import PN532Simulator
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// Reads tag image files from disk.
enum TagImageFile {
    /// No tag image is larger than this; a bigger file is refused unread.
    static let sizeLimit = 4096

    /// The bytes of the file at `path`.
    static func read(_ path: String) throws(TagImageError) -> [UInt8] {
        do {
            return try InputFile.read(path, limit: InputLimit(bytes: sizeLimit, for: "a tag image"))
        } catch {
            switch error.reason {
            case .tooLarge, .lineTooLong: throw .fileTooLarge(path: path, limit: sizeLimit)
            case .cannotOpen(let code), .cannotRead(let code): throw .unreadable(path: path, reason: code.description)
            }
        }
    }
}
