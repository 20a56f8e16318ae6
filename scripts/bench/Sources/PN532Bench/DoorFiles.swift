#if canImport(Glibc)
import Glibc
#endif

/// The files a benchmarked `door run` works from, in a scratch directory: a door.toml for the
/// reader at `device`, a sysfs GPIO tree of plain files (relay GPIO17, and with inputs the exit
/// button GPIO22 and the door contact GPIO23), the audit log and the operational log.
/// `extra` (TOML tables such as `[security]` and `[[users]]`) is appended to door.toml.
struct DoorFiles {
    let config: String
    let log: String
    private let created: [String]
    private let directories: [String]

    init(directory: String, device: String, inputs: Bool, otherFamilies: Bool = true, extra: String = "") throws(BenchError) {
        let sysfs = directory + "/gpio"
        config = directory + "/door.toml"
        log = directory + "/door.log"
        var files: [(String, String)] = [
            (sysfs + "/gpiochip512/label", "pinctrl-bcm2711\n"), (sysfs + "/gpiochip512/base", "512\n"),
            (sysfs + "/gpiochip512/ngpio", "58\n"), (sysfs + "/export", ""), (sysfs + "/unexport", ""),
        ]
        var directories = [sysfs, sysfs + "/gpiochip512"]
        for number in inputs ? [529, 534, 535] : [529] {
            let line = "\(sysfs)/gpio\(number)"
            directories.append(line)
            files += [(line + "/direction", "in\n"), (line + "/value", "0\n"), (line + "/edge", "none\n"), (line + "/active_low", "0\n")]
        }
        let inputSection = inputs ? "[inputs]\nexit_button = { line = \"GPIO22\" }\ndoor_contact = { line = \"GPIO23\" }\n" : ""
        files.append((config, """
            [reader]
            device = "\(device)"
            other_families = \(otherFamilies)
            [gpio]
            backend = "sysfs"
            sysfs_root = "\(sysfs)"
            [relay]
            line = "GPIO17"
            \(inputSection)
            [audit]
            path = "\(directory)/audit.jsonl"
            \(extra)

            """))
        for path in directories where mkdir(path, 0o755) != 0 {
            throw BenchError("mkdir \(path): \(String(cString: strerror(errno)))")
        }
        for (path, text) in files { try BenchFile.write(Array(text.utf8), to: path) }
        created = files.map(\.0) + [log, directory + "/audit.jsonl"]
        self.directories = directories
    }

    /// Waits until the operational log holds `text` (at most 10 s), or the process ends.
    func waitForLog(_ text: String, process: Subprocess) throws(BenchError) {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        while clock.now < deadline, !process.hasExited {
            if let bytes = try? BenchFile.read(log), String(decoding: bytes, as: UTF8.self).contains(text) { return }
            usleep(10_000)
        }
        let bytes = (try? BenchFile.read(log)) ?? []
        throw BenchError("`pn532ctl door run` did not log \"\(text)\": \(String(decoding: bytes, as: UTF8.self))")
    }

    /// Removes everything `init` made.
    func remove() {
        for path in created { unlink(path) }
        for path in directories.reversed() { rmdir(path) }
    }
}
