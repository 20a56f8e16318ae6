import Foundation
import GPIO
import Testing

@Suite("sysfs backend against a kernel-like tree")
struct SysfsGPIOTests {
    let clock = VirtualClock()
    let tree: KernelLikeSysfs
    let gpio: SysfsGPIO
    let gpio17: GPIOLineName

    init() throws {
        tree = try KernelLikeSysfs(clock: clock)
        gpio = SysfsGPIO(root: tree.root, files: tree, clock: clock)
        gpio17 = try GPIOLineName("GPIO17")
    }

    private func output(initiallyOn: Bool = false, activeLow: Bool = false) throws -> GPIOLine {
        try gpio.request(GPIOLineRequest(line: gpio17, direction: .output(initiallyOn: initiallyOn), activeLow: activeLow), chip: nil)
    }

    @Test func numbersFromTheChipBase() throws {
        try tree.addChip(label: "pinctrl-bcm2711", base: 512, count: 58)
        try tree.addChip(label: "raspberrypi-exp-gpio", base: 570, count: 8)
        #expect(try gpio.number(of: gpio17, chip: nil) == 529)
        #expect(try gpio.number(of: try GPIOLineName("GPIO2"), chip: "raspberrypi-exp-gpio") == 572)
        _ = try output()
        #expect(tree.contents("gpio529/direction") == "out")
        #expect(tree.contents("gpio529/value") == "0")
        #expect(tree.contents("gpio529/active_low") == "0")
        let chips = try gpio.chips()
        #expect(chips.map(\.label) == ["pinctrl-bcm2711", "raspberrypi-exp-gpio"])
        #expect(chips[0].lines[17] == GPIOLineDescription(offset: 17, name: "GPIO17", used: true, direction: "out"))
        #expect(chips[0].lines[18].used == false)
    }

    @Test func pi5PinControllerIsChosenOverLowerBases() throws {
        try tree.addChip(label: "gpio-brcmstb@107d508500", base: 512, count: 32)
        try tree.addChip(label: "pinctrl-rp1", base: 571, count: 54)
        #expect(try gpio.number(of: gpio17, chip: nil) == 588)
    }

    @Test func retriesThroughTheUdevPermissionDelay() throws {
        try tree.addChip(label: "pinctrl-bcm2711", base: 512, count: 58)
        let line = try output()
        #expect(clock.time >= .milliseconds(80) && clock.time < .milliseconds(100))
        let refused = tree.writes.filter { $0.path == "gpio529/active_low" && $0.at < .milliseconds(80) }
        #expect(refused.count == 4)
        try line.set(true)
        #expect(tree.contents("gpio529/value") == "1")
    }

    @Test func permissionThatNeverComesIsReportedWithThePath() throws {
        try tree.addChip(label: "pinctrl-bcm2711", base: 512, count: 58)
        tree.permissionDelay = .seconds(60)
        let error = try #require(throws: GPIOError.self) { try output() }
        guard case .permissionTimeout(let line, let path, _) = error else { throw error }
        #expect(line == "GPIO17 (sysfs 529 on pinctrl-bcm2711)")
        #expect(path == "\(tree.root)/gpio529/active_low")
        #expect(error.description.contains("gpio group"))
        #expect(clock.time >= .seconds(1))
    }

    @Test func pulseTimingOnTheVirtualClock() throws {
        try tree.addChip(label: "pinctrl-bcm2711", base: 512, count: 58)
        let line = try output(activeLow: true)
        #expect(tree.contents("gpio529/value") == "1")  // active-low: off is high, set at direction time
        let start = clock.time
        tree.writes = []
        try line.pulse(for: .seconds(5))
        #expect(tree.writes.map(\.path) == ["gpio529/value", "gpio529/value"])
        #expect(tree.writes.map(\.text) == ["0", "1"])
        #expect(tree.writes.map(\.at) == [start, start + .seconds(5)])
    }

    @Test func refusedWriteNamesLineChipAndPath() throws {
        try tree.addChip(label: "pinctrl-bcm2711", base: 512, count: 58)
        let line = try output()
        tree.refusals["\(tree.root)/gpio529/value"] = EIO
        let error = try #require(throws: GPIOError.self) { try line.set(true) }
        #expect(error == .system(operation: "GPIO17 (sysfs 529 on pinctrl-bcm2711): writing 1 to",
                                 path: "\(tree.root)/gpio529/value", errno: .ioError))
        #expect(error.description.contains("Input/output error"))
    }

    @Test func inputRefusesWritesAndWatchesBothEdges() throws {
        try tree.addChip(label: "pinctrl-bcm2711", base: 512, count: 58)
        let line = try gpio.request(GPIOLineRequest(line: gpio17, direction: .input(bias: .asIs, debounce: .zero)), chip: nil)
        #expect(tree.contents("gpio529/edge") == "both")
        let error = try #require(throws: GPIOError.self) { try line.set(true) }
        #expect(error.description.contains("Operation not permitted"))
        #expect(try line.waitForEdge(timeout: .milliseconds(50)) == nil)
        #expect(throws: GPIOError.self) {
            try gpio.request(GPIOLineRequest(line: gpio17, direction: .input(bias: .pullUp, debounce: .zero)), chip: nil)
        }
    }

    private func input() throws -> GPIOLine {
        try gpio.request(GPIOLineRequest(line: gpio17, direction: .input(bias: .asIs, debounce: .zero)), chip: nil)
    }

    @Test func aPressAndReleaseBetweenTwoLooksIsStillNotified() throws {
        try tree.addChip(label: "pinctrl-bcm2711", base: 512, count: 58)
        let line = try input()
        let descriptor = try #require(line.eventDescriptor, "an input whose edge the kernel took is waited on, not sampled")
        try tree.drive(529, true)
        try tree.drive(529, false)
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&entry, 1, 0) == 1, "the notification waits for the door's next look")
        #expect(try line.drainEvents())
        #expect(try !line.drainEvents(), "reading the value re-arms the file")
        #expect(try !line.read())
    }

    @Test func anInputWithoutAnEdgeFileIsSampled() throws {
        try tree.addChip(label: "pinctrl-bcm2711", base: 512, count: 58)
        tree.edgeless = [529]
        let line = try input()
        #expect(line.eventDescriptor == nil)
        #expect(clock.time < .milliseconds(100), "the udev delay only, no grace period spent on an edge file that will never come")
        let start = clock.time
        #expect(try line.waitForEdge(timeout: .milliseconds(120)) == nil)
        #expect(clock.sleeps.suffix(3) == [.milliseconds(50), .milliseconds(50), .milliseconds(20)], "sampled every 50 ms")
        #expect(clock.time - start == .milliseconds(120))
    }

    @Test func anEdgeTheKernelRefusesFallsBackToSampling() throws {
        try tree.addChip(label: "pinctrl-bcm2711", base: 512, count: 58)
        tree.refusals["\(tree.root)/gpio529/edge"] = EIO
        let line = try input()
        #expect(line.eventDescriptor == nil)
        #expect(tree.contents("gpio529/direction") == "in")
        try tree.drive(529, true)
        #expect(try line.read())
    }

    @Test func anOutputIsHeldAgainstASecondRequest() throws {
        try tree.addChip(label: "pinctrl-bcm2711", base: 512, count: 58)
        do {
            let held = try output()
            tree.writes = []
            let error = try #require(throws: GPIOError.self) { try output(initiallyOn: true) }
            #expect(error == .busy(line: "GPIO17", chip: "pinctrl-bcm2711", consumer: "another pn532ctl"))
            #expect(tree.writes.isEmpty, "refused before anything is written")
            try held.set(true)
            #expect(tree.contents("gpio529/value") == "1", "the holder still drives it")
            let reading = try gpio.request(GPIOLineRequest(line: gpio17, direction: .asIs), chip: nil)
            #expect(try reading.read(), "reading a held line is not refused")
        }
        _ = try output()
        #expect(tree.contents("gpio529/value") == "0", "released with its holder: requested again")
    }

    @Test func readingAsIsLeavesAnOutputAlone() throws {
        try tree.addChip(label: "pinctrl-bcm2711", base: 512, count: 58)
        _ = try output(initiallyOn: true)
        let line = try gpio.request(GPIOLineRequest(line: gpio17, direction: .asIs), chip: nil)
        #expect(try line.read())
        #expect(tree.contents("gpio529/direction") == "out")
    }

    @Test func unexportReleasesTheLine() throws {
        try tree.addChip(label: "pinctrl-bcm2711", base: 512, count: 58)
        _ = try output()
        try gpio.unexport(gpio17, chip: nil)
        #expect(tree.writes.last?.path == "unexport" && tree.writes.last?.text == "529")
        #expect(!tree.exists("\(tree.root)/gpio529"))
    }

    @Test func lineAnotherProgramRequestedThroughTheCharacterDeviceIsBusy() throws {
        try tree.addChip(label: "pinctrl-bcm2711", base: 512, count: 58)
        tree.requestedThroughCdev = [529]
        let error = try #require(throws: GPIOError.self) { try output() }
        #expect(error == .busy(line: "GPIO17", chip: "pinctrl-bcm2711", consumer: ""))
        #expect(error.description.contains("in use by another program (through /dev/gpiochipN) or a kernel driver"), "\(error)")
        #expect(!error.description.contains("by '"), "no holder is named: sysfs cannot know it")
    }

    @Test(arguments: ["+58", "５８", "-1", "58 lines"])
    func aChipAttributeThatIsNotDigitsIsMalformed(ngpio: String) throws {
        try tree.addChip(label: "pinctrl-bcm2711", base: 512, count: 58)
        let path = "\(tree.root)/gpiochip512/ngpio"
        try (ngpio + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: GPIOError.malformed("\(path) holds '\(ngpio)', not a number")) { try gpio.chips() }
    }

    @Test func chipSelectionFailures() throws {
        #expect(throws: GPIOError.self) { try gpio.number(of: gpio17, chip: nil) }
        try tree.addChip(label: "gpio-a", base: 0, count: 16)
        try tree.addChip(label: "gpio-b", base: 16, count: 32)
        #expect(throws: GPIOError.ambiguousChip(line: "GPIO17", chips: ["gpiochip0 (gpio-a)", "gpiochip16 (gpio-b)"])) {
            try gpio.number(of: gpio17, chip: nil)
        }
        #expect(throws: GPIOError.lineNotFound(line: "GPIO17", chip: "gpio-a")) { try gpio.number(of: gpio17, chip: "gpio-a") }
        #expect(try gpio.number(of: gpio17, chip: "gpiochip16") == 33)
    }
}
