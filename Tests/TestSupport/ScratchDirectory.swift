#if canImport(Glibc)
import Glibc
#endif

/// A fresh directory under /tmp for one test, removed with what it holds by `remove()`.
public struct ScratchDirectory {
    public let path: String

    public init() throws {
        var template = Array("/tmp/pn532ctl-scratch-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw ScratchError(message: "mkdtemp failed") }
        path = String(cString: made)
    }

    /// The path of `name` inside the directory.
    public func file(_ name: String) -> String {
        path + "/" + name
    }

    /// Writes `text` to `name` with `mode`.
    public func write(_ name: String, _ text: String, mode: mode_t = 0o600) throws {
        let descriptor = open(file(name), O_WRONLY | O_CREAT | O_TRUNC, mode)
        guard descriptor >= 0 else { throw ScratchError(message: "cannot create \(name)") }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ Glibc.write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            throw ScratchError(message: "cannot write \(name)")
        }
        fchmod(descriptor, mode)
    }

    /// The text of `name`, or nil when it cannot be read.
    public func read(_ name: String) -> String? {
        let descriptor = open(file(name), O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The names in the directory.
    public func names() -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { $0.bindMemory(to: CChar.self).baseAddress.map { String(cString: $0) } ?? "" }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Removes the files in the directory and the directory.
    public func remove() {
        for name in names() { unlink(file(name)) }
        rmdir(path)
    }
}

public struct ScratchError: Error {
    public var message: String

    public init(message: String) {
        self.message = message
    }
}
