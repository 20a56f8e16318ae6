import Foundation
import GPIO
import SystemPackage

/// A temporary directory tree that behaves like `/sys/class/gpio`: `gpiochipN/` with `base`,
/// `label` and `ngpio`; writing a number to `export` creates `gpioN/` with `direction`,
/// `value`, `edge` and `active_low`, whose files refuse writes (EACCES) until udev's
/// permission delay has passed on the virtual clock; `direction` takes `high`/`low`; `value`
/// refuses writes on an input (EPERM); `export` refuses a line already exported or requested
/// through the character device (`requestedThroughCdev`: EBUSY, as the kernel does for another
/// program's line, with no word of who holds it). A line with no
/// interrupt (`edgeless`) gets no `edge` file. As the kernel does, an input whose `edge` is
/// set notifies its watchers at each edge `drive` makes, and the notification waits until
/// the watcher reads it.
final class KernelLikeSysfs: SysfsFiles {
    let root: String
    let clock: VirtualClock
    /// How long after export the new files stay unwritable.
    var permissionDelay: Duration = .milliseconds(80)
    /// Writes to refuse with an errno, by path.
    var refusals: [String: Int32] = [:]
    /// Lines (sysfs numbers) another program holds through the character device.
    var requestedThroughCdev: Set<Int> = []
    /// Lines (sysfs numbers) without an interrupt: exported with no `edge` file.
    var edgeless: Set<Int> = []
    /// Every write attempted: path (relative to the root), text and time.
    var writes: [(path: String, text: String, at: Duration)] = []
    private var exportedAt: [String: Duration] = [:]
    private let files = LinuxSysfsFiles()
    private var chips: [(base: Int, count: Int)] = []
    private var watches: [String: [ModelEdgeWatch]] = [:]

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

    func watchEdges(_ path: String) throws(SysfsFileError) -> SysfsEdgeWatch? {
        let watch = try ModelEdgeWatch(clock: clock, path: path)
        watches[path, default: []].append(watch)
        return watch
    }

    /// Drives input `number` to `high` as the wiring would; at a change, every watcher of its
    /// value file is notified when its `edge` is set.
    func drive(_ number: Int, _ high: Bool) throws {
        let value = "\(root)/gpio\(number)/value"
        guard contents("gpio\(number)/value") != (high ? "1" : "0") else { return }
        try truncateAndWrite(high ? "1\n" : "0\n", to: value)
        guard let edge = contents("gpio\(number)/edge"), edge != "none" else { return }
        for watch in watches[value] ?? [] { watch.notify() }
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
        guard !files.exists(directory), !requestedThroughCdev.contains(number) else { throw SysfsFileError(Errno(rawValue: EBUSY), path: path) }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
            let attributes = [("direction", "in"), ("value", "0"), ("edge", "none"), ("active_low", "0")]
            for (name, value) in attributes where name != "edge" || !edgeless.contains(number) {
                try create("\(directory)/\(name)", value + "\n")
            }
        } catch {
            throw SysfsFileError(Errno(rawValue: EIO), path: directory)
        }
        exportedAt[directory] = clock.time
    }

    /// Rewrites an attribute in place: as in sysfs, it stays the same file for the line's life
    /// (a lock or a watch on it is not lost by a write).
    private func truncateAndWrite(_ text: String, to path: String) throws(SysfsFileError) {
        guard files.exists(path) else { throw SysfsFileError(Errno(rawValue: ENOENT), path: path) }
        try files.write(text, to: path)
    }

    private func create(_ path: String, _ text: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw SysfsFileError(Errno(rawValue: EIO), path: path)
        }
    }
}

/// A sysfs value file's notification as the kernel keeps it: a flag set at an edge and
/// cleared when the watcher reads the value; the descriptor (a pipe's read end) is readable
/// while it is set. A wait with nothing pending passes its timeout on the virtual clock.
final class ModelEdgeWatch: SysfsEdgeWatch {
    private let clock: VirtualClock
    private let ends: (read: Int32, write: Int32)

    var descriptor: Int32 { ends.read }

    init(clock: VirtualClock, path: String) throws(SysfsFileError) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw SysfsFileError(Errno(rawValue: errno), path: path) }
        self.clock = clock
        ends = (fds[0], fds[1])
    }

    deinit {
        close(ends.read)
        close(ends.write)
    }

    /// Sets the flag (once: the kernel counts no edges, it only flags the file).
    func notify() {
        guard !pending else { return }
        var byte: UInt8 = 1
        _ = write(ends.write, &byte, 1)
    }

    func wait(timeout: Duration) throws(SysfsFileError) -> Bool {
        guard pending else {
            clock.time += timeout
            return false
        }
        var byte: UInt8 = 0
        _ = read(ends.read, &byte, 1)
        return true
    }

    private var pending: Bool {
        var entry = pollfd(fd: ends.read, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) == 1
    }
}
