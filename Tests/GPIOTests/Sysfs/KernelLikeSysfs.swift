import Foundation
import GPIO
import SystemPackage

/// A temporary directory tree that behaves like `/sys/class/gpio`: `gpiochipN/` with `base`,
/// `label` and `ngpio`; writing a number to `export` creates `gpioN/` with `direction`,
/// `value`, `edge` and `active_low`, whose files refuse writes (EACCES) until udev's
/// permission delay has passed on the virtual clock; `direction` takes `high`/`low`; `value`
/// refuses writes on an input (EPERM); `export` refuses a taken line (EBUSY).
final class KernelLikeSysfs: SysfsFiles {
    let root: String
    let clock: VirtualClock
    /// How long after export the new files stay unwritable.
    var permissionDelay: Duration = .milliseconds(80)
    /// Writes to refuse with an errno, by path.
    var refusals: [String: Int32] = [:]
    /// Every write attempted: path (relative to the root), text and time.
    var writes: [(path: String, text: String, at: Duration)] = []
    private var exportedAt: [String: Duration] = [:]
    private let files = LinuxSysfsFiles()
    private var chips: [(base: Int, count: Int)] = []

    init(clock: VirtualClock) throws {
        self.clock = clock
        root = FileManager.default.temporaryDirectory.appendingPathComponent("gpio-sysfs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for name in ["export", "unexport"] { try create("\(root)/\(name)", "") }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Adds `gpiochip<base>/`.
    func addChip(label: String, base: Int, count: Int) throws {
        let directory = "\(root)/gpiochip\(base)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try create("\(directory)/label", label + "\n")
        try create("\(directory)/base", "\(base)\n")
        try create("\(directory)/ngpio", "\(count)\n")
        chips.append((base, count))
    }

    /// A file's text, trimmed, by path relative to the root.
    func contents(_ relative: String) -> String? {
        (try? files.read("\(root)/\(relative)"))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func read(_ path: String) throws(SysfsFileError) -> String { try files.read(path) }
    func contents(ofDirectory path: String) throws(SysfsFileError) -> [String] { try files.contents(ofDirectory: path) }
    func exists(_ path: String) -> Bool { files.exists(path) }

    func waitForPriority(_ path: String, timeout: Duration) throws(SysfsFileError) -> Bool {
        clock.time += timeout
        return false
    }

    func write(_ text: String, to path: String) throws(SysfsFileError) {
        writes.append((String(path.dropFirst(root.count + 1)), text, clock.time))
        if let code = refusals[path] { throw SysfsFileError(Errno(rawValue: code), path: path) }
        if path == "\(root)/export" { return try export(text, path: path) }
        if path == "\(root)/unexport" {
            try? FileManager.default.removeItem(atPath: "\(root)/gpio\(text)")
            return
        }
        let directory = (path as NSString).deletingLastPathComponent
        if let exported = exportedAt[directory], clock.time < exported + permissionDelay {
            throw SysfsFileError(Errno(rawValue: EACCES), path: path)
        }
        switch ((path as NSString).lastPathComponent, text) {
        case ("direction", "high"), ("direction", "low"):
            try truncateAndWrite("out", to: path)
            try truncateAndWrite(text == "high" ? "1" : "0", to: "\(directory)/value")
        case ("value", _) where contents("\(directory.dropFirst(root.count + 1))/direction") == "in":
            throw SysfsFileError(Errno(rawValue: EPERM), path: path)
        default:
            try truncateAndWrite(text, to: path)
        }
    }

    private func export(_ text: String, path: String) throws(SysfsFileError) {
        guard let number = Int(text), chips.contains(where: { number >= $0.base && number < $0.base + $0.count }) else {
            throw SysfsFileError(Errno(rawValue: EINVAL), path: path)
        }
        let directory = "\(root)/gpio\(number)"
        guard !files.exists(directory) else { throw SysfsFileError(Errno(rawValue: EBUSY), path: path) }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
            for (name, value) in [("direction", "in"), ("value", "0"), ("edge", "none"), ("active_low", "0")] {
                try create("\(directory)/\(name)", value + "\n")
            }
        } catch {
            throw SysfsFileError(Errno(rawValue: EIO), path: directory)
        }
        exportedAt[directory] = clock.time
    }

    private func truncateAndWrite(_ text: String, to path: String) throws(SysfsFileError) {
        guard files.exists(path) else { throw SysfsFileError(Errno(rawValue: ENOENT), path: path) }
        do { try create(path, text) } catch { throw SysfsFileError(Errno(rawValue: EIO), path: path) }
    }

    private func create(_ path: String, _ text: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw SysfsFileError(Errno(rawValue: EIO), path: path)
        }
    }
}
