import Foundation
import Testing

/// A door whose GPIO backend is missing is told how a door configuration picks the other
/// one (its [gpio] section), never an option the door commands lack.
@Suite("door GPIO backend hints")
struct DoorLinesTests {
    @Test(arguments: [
        ("sysfs", "(is CONFIG_GPIO_SYSFS enabled?); set backend = \"cdev\" in the configuration's [gpio] section if this board has it"),
        ("cdev", "; set backend = \"sysfs\" in the configuration's [gpio] section if this board has it"),
    ])
    func theHintNamesTheConfigurationKey(_ backend: String, _ hint: String) throws {
        // The sysfs root does not exist; cdev fails only on a machine without /dev/gpiochipN
        // (this one: the tests' GPIO is a sysfs tree of plain files).
        if backend == "cdev", FileManager.default.fileExists(atPath: "/dev/gpiochip0") { return }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("door.toml").path
        try """
            [reader]
            device = "sim"
            [gpio]
            backend = "\(backend)"
            sysfs_root = "\(directory.path)/none"
            [relay]
            line = "GPIO17"
            [audit]
            path = "\(directory.path)/audit.jsonl"

            """.write(toFile: config, atomically: true, encoding: .utf8)
        for command in [["door", "release"], ["door", "run"]] {
            let result = try pn532ctl(command + ["--config", config])
            #expect(result.status == 69, "\(command)")
            #expect(result.standardError.contains("relay.line (GPIO17): "), "\(command): \(result.standardError)")
            #expect(result.standardError.contains(hint), "\(command): \(result.standardError)")
            #expect(!result.standardError.contains("--backend"), "\(command): \(result.standardError)")
        }
    }
}
