#if canImport(Glibc)
import Glibc
#endif

/// Whole-file reads and writes without Foundation.
enum BenchFile {
    /// The bytes of the file at `path`.
    static func read(_ path: String) throws(BenchError) -> [UInt8] {
        guard let file = fopen(path, "rb") else { throw BenchError("cannot open \(path): \(String(cString: strerror(errno)))") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            bytes += chunk[..<count]
            if count < chunk.count { break }
        }
        guard ferror(file) == 0 else { throw BenchError("cannot read \(path)") }
        return bytes
    }

    /// Replaces the file at `path` with `bytes`.
    static func write(_ bytes: [UInt8], to path: String) throws(BenchError) {
        guard let file = fopen(path, "wb") else { throw BenchError("cannot create \(path): \(String(cString: strerror(errno)))") }
        let written = fwrite(bytes, 1, bytes.count, file)
        guard fclose(file) == 0, written == bytes.count else { throw BenchError("cannot write \(path)") }
    }
}
