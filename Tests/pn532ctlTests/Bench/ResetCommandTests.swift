import Foundation
import Testing

@Suite("pn532ctl reset")
struct ResetCommandTests {
    @Test func pulsesTheResetLineAndWakesTheChip() throws {
        let root = try sysfsTree()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try pn532ctl(["reset", "--reset-pin", "GPIO17", "--backend", "sysfs", "--sysfs-root", root.path, "--device", "sim", "--hold", "2", "--boot", "1"])
        #expect(result.status == 0)
        #expect(result.output == "Reset the PN532 on sim through GPIO17: firmware 1.6 answers\n")
        let value = try String(contentsOf: root.appendingPathComponent("gpio529/value"), encoding: .utf8)
        #expect(value == "1")
        let direction = try String(contentsOf: root.appendingPathComponent("gpio529/direction"), encoding: .utf8)
        // An active-low output requested released: the line is set up high, glitch-free.
        #expect(direction == "high")
    }

    @Test func badLineAndValuesAreUsageErrors() throws {
        let bad = try pn532ctl(["reset", "--reset-pin", "PIN7"])
        #expect(bad.status == 64)
        let hold = try pn532ctl(["reset", "--reset-pin", "GPIO27", "--hold", "0"])
        #expect(hold.status == 64)
        #expect(hold.standardError.contains("--hold must be between 1 and 1000 ms"))
    }
}
