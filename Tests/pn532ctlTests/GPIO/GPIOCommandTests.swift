import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("pn532ctl gpio against a kernel-like sysfs tree")
struct GPIOCommandTests {
    private func gpio(_ arguments: [String], root: URL) throws -> CommandResult {
        try pn532ctl(["gpio"] + arguments + ["--backend", "sysfs", "--sysfs-root", root.path])
    }

    private func value(_ root: URL) throws -> String {
        String(decoding: try Data(contentsOf: root.appendingPathComponent("gpio529/value")), as: UTF8.self)
    }

    @Test func listShowsChipBaseAndNumbers() throws {
        let root = try sysfsTree()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try gpio(["list"], root: root)
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("gpiochip512 [pinctrl-bcm2711], base 512, 58 lines\n"))
        #expect(result.output.contains("  17\tGPIO17\tsysfs 529\tused\tin\n"))
        let json = try gpio(["list", "--json"], root: root)
        let object = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
        let chips = try #require(object["chips"] as? [[String: Any]])
        #expect(chips.first?["base"] as? Int == 512)
    }

    @Test func listWithAChipThatIsNotThereIsAnError() throws {
        let root = try sysfsTree()
        defer { try? FileManager.default.removeItem(at: root) }
        let missing = try gpio(["list", "--chip", "nosuch"], root: root)
        #expect(missing.status == 64)
        #expect(missing.standardError == "pn532ctl: --chip nosuch: no such chip; chips: gpiochip512 (pinctrl-bcm2711)\n")
        #expect(missing.output.isEmpty)
        let named = try gpio(["list", "--chip", "pinctrl-bcm2711"], root: root)
        #expect(named.status == 0)
        #expect(named.output.hasPrefix("gpiochip512 [pinctrl-bcm2711], base 512, 58 lines\n"))
    }

    @Test func setGetAndPulse() throws {
        let root = try sysfsTree()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try gpio(["set", "GPIO17", "1"], root: root).status == 0)
        #expect(try value(root) == "1")
        #expect(try gpio(["get", "GPIO17"], root: root).output == "1\n")
        #expect(try gpio(["get", "GPIO17", "--active-low", "--json"], root: root).output == "{\"line\":\"GPIO17\",\"value\":0}\n")
        let pulse = try gpio(["pulse", "GPIO17", "2", "--active-low"], root: root)
        #expect(pulse.status == 0)
        #expect(try value(root) == "1")  // active-low: off is high
    }

    /// A pulse cut short by a signal switches the line off and exits 128 + that signal: 143
    /// after SIGTERM, 129 after SIGHUP, 130 after SIGINT (not 130 for all three).
    @Test(arguments: [(SIGTERM, 143), (SIGHUP, 129), (SIGINT, 130)] as [(Int32, Int32)])
    func aPulseEndsWith128PlusTheSignal(_ signal: Int32, _ status: Int32) throws {
        let root = try sysfsTree()
        defer { try? FileManager.default.removeItem(at: root) }
        let writes = try FileWrites(in: root.appendingPathComponent("gpio529"))
        let pulse = try BackgroundCommand(["gpio", "pulse", "GPIO17", "600000", "--backend", "sysfs", "--sysfs-root", root.path])
        // The line is on only once the signals are watched (the clock comes first): wait for
        // the pulse's write of the value file.
        try writes.wait { try value(root) == "1" }
        kill(pulse.processIdentifier, signal)
        #expect(pulse.wait() == status)
        #expect(try value(root) == "0", "switched off before it exited")
    }

    @Test func watchStopsAtTheTimeout() throws {
        let root = try sysfsTree()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try gpio(["watch", "GPIO17", "--timeout", "0"], root: root)
        #expect(result.status == 0)
        #expect(result.output.isEmpty)
        let edge = String(decoding: try Data(contentsOf: root.appendingPathComponent("gpio529/edge")), as: UTF8.self)
        #expect(edge == "both")
        #expect(try gpio(["watch", "GPIO17", "--count", "0"], root: root).status == 64)
    }

    @Test func failuresSayWhatToDo() throws {
        let root = try sysfsTree()
        defer { try? FileManager.default.removeItem(at: root) }
        let number = try gpio(["get", "529"], root: root)
        #expect(number.status == 64)
        #expect(number.standardError.contains("use the board's name, such as GPIO17"))
        let missing = try gpio(["get", "GPIO99"], root: root)
        #expect(missing.status == 64)
        #expect(missing.standardError.contains("GPIO99 is not a line of chip pinctrl-bcm2711"))
        #expect(try gpio(["set", "GPIO17", "2"], root: root).status == 64)
        let noTree = try pn532ctl(["gpio", "get", "GPIO17", "--backend", "sysfs", "--sysfs-root", root.appendingPathComponent("none").path])
        #expect(noTree.status == 69)
        #expect(noTree.standardError.contains("(is CONFIG_GPIO_SYSFS enabled?); try --backend cdev"))
        try FileManager.default.removeItem(at: root.appendingPathComponent("gpio529/value"))
        let refused = try gpio(["set", "GPIO17", "1"], root: root)
        #expect(refused.status == 74)
        #expect(refused.standardError.contains("GPIO17 (sysfs 529 on pinctrl-bcm2711): writing 1 to \(root.path)/gpio529/value failed"))
    }
}
