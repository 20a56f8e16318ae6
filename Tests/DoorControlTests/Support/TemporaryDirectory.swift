import Foundation

/// A fresh directory for one test's files, removed with everything in it when released.
final class TemporaryDirectory {
    /// Its absolute path.
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("doorcontrol-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `bytes` to `name` (subdirectories created) with `mode`; returns the file's path.
    @discardableResult
    func write(_ name: String, _ bytes: [UInt8], mode: Int = 0o644) throws -> String {
        let file = path + "/" + name
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file)
        return file
    }

    /// Writes `text` as UTF-8.
    @discardableResult
    func write(_ name: String, _ text: String, mode: Int = 0o644) throws -> String {
        try write(name, Array(text.utf8), mode: mode)
    }
}

/// The package's root directory (for `boards/` and `scripts/`).
let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { url.deleteLastPathComponent() }
    return url.path
}()
