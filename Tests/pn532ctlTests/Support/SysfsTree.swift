import Foundation

/// A sysfs GPIO tree with a Pi 4 pin controller (base 512) and GPIO17 already exported as
/// gpio529 (plain files: writing `export` does not create directories here).
func sysfsTree() throws -> URL {
    let root = try temporaryDirectory()
    let chip = root.appendingPathComponent("gpiochip512")
    let line = root.appendingPathComponent("gpio529")
    for directory in [chip, line] { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) }
    let files: [(URL, String)] = [
        (chip.appendingPathComponent("label"), "pinctrl-bcm2711\n"), (chip.appendingPathComponent("base"), "512\n"),
        (chip.appendingPathComponent("ngpio"), "58\n"), (root.appendingPathComponent("export"), ""),
        (root.appendingPathComponent("unexport"), ""), (line.appendingPathComponent("direction"), "in\n"),
        (line.appendingPathComponent("value"), "0\n"), (line.appendingPathComponent("edge"), "none\n"),
        (line.appendingPathComponent("active_low"), "0\n"),
    ]
    for (url, text) in files { try Data(text.utf8).write(to: url) }
    return root
}
