import Foundation

/// A fresh directory for one test's files, removed with everything in it when released.
public final class TemporaryDirectory {
    /// Its absolute path.
    public let path: String

    public init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("pn532ctl-unit-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `bytes` to `name` (subdirectories created) with `mode`; returns the file's path.
    @discardableResult
    public func write(_ name: String, _ bytes: [UInt8], mode: Int = 0o644) throws -> String {
        let file = path + "/" + name
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file)
        return file
    }

    /// Writes `text` as UTF-8.
    @discardableResult
    public func write(_ name: String, _ text: String, mode: Int = 0o644) throws -> String {
        try write(name, Array(text.utf8), mode: mode)
    }
}
