import Glibc
import GPIO
import Testing

@Suite("Character device backend over a fake chip")
struct CharacterDeviceGPIOTests {
    let clock = VirtualClock()
    let chip: FakeGPIOChip
    let gpio: CharacterDeviceGPIO

    init() {
        chip = FakeGPIOChip(clock: clock, names: (0..<28).map { "GPIO\($0)" })
        gpio = CharacterDeviceGPIO(devices: chip, clock: clock)
    }

    @Test func listsChipAndLines() throws {
        let chips = try gpio.chips()
        #expect(chips.count == 1)
        #expect(chips[0].name == "gpiochip0" && chips[0].label == "pinctrl-bcm2711" && chips[0].base == nil)
        #expect(chips[0].lines.count == 28)
        #expect(chips[0].lines[17] == GPIOLineDescription(offset: 17, name: "GPIO17", used: false, direction: "in"))
    }

    @Test func outputFoundByNameWithInitialValueInTheRequest() throws {
        chip.lines[17].name = "GPIO17"
        chip.lines.swapAt(17, 3)  // names need not match offsets
        let line = try gpio.request(GPIOLineRequest(line: try GPIOLineName("GPIO17"), direction: .output(initiallyOn: false),
                                                    activeLow: true), chip: nil)
        #expect(chip.lines[3].requested && chip.lines[3].output && chip.lines[3].high)  // off = high when active-low
        #expect(chip.lines[3].consumer == "pn532ctl")
        try line.pulse(for: .seconds(3))
        #expect(chip.lines[3].high)
        try line.set(true)
        #expect(!chip.lines[3].high)
        #expect(try line.read())
    }

    @Test func anInputOffersItsLineFDForPollingAndAnOutputDoesNot() throws {
        let input = try gpio.request(GPIOLineRequest(line: try GPIOLineName("GPIO22"), direction: .input(bias: .pullUp, debounce: .zero)), chip: nil)
        let output = try gpio.request(GPIOLineRequest(line: try GPIOLineName("GPIO17"), direction: .output(initiallyOn: false)), chip: nil)
        #expect(input.eventDescriptor != nil)
        #expect(output.eventDescriptor == nil)
        #expect(try !input.drainEvents(), "no edge yet")
        chip.scheduled = [(.zero, 22, true), (.zero, 22, false)]
        #expect(try input.drainEvents())
        #expect(chip.scheduled.isEmpty, "both edges were consumed")
        #expect(try !input.drainEvents())
    }

    @Test func readingAsIsKeepsTheDirection() throws {
        chip.lines[17].output = true
        chip.lines[17].high = true
        let line = try gpio.request(GPIOLineRequest(line: try GPIOLineName("GPIO17"), direction: .asIs), chip: nil)
        #expect(chip.lastRequest[288..<296].allSatisfy { $0 == 0 })  // neither INPUT nor OUTPUT
        #expect(try line.read())
        #expect(chip.lines[17].output)
    }

    @Test func busyLineNamesItsHolder() throws {
        let request = GPIOLineRequest(line: try GPIOLineName("GPIO17"), direction: .output(initiallyOn: false), consumer: "doord")
        let held = try gpio.request(request, chip: nil)
        #expect(throws: GPIOError.busy(line: "GPIO17", chip: "pinctrl-bcm2711", consumer: "doord")) {
            try gpio.request(request, chip: nil)
        }
        _ = held
    }

    @Test func closingTheLineReleasesIt() throws {
        let request = GPIOLineRequest(line: try GPIOLineName("GPIO17"), direction: .output(initiallyOn: false))
        _ = try gpio.request(request, chip: nil)
        #expect(!chip.lines[17].requested)
        _ = try gpio.request(request, chip: "gpiochip0")
    }

    @Test func unknownLineAndChip() throws {
        #expect(throws: GPIOError.lineNotFound(line: "GPIO40", chip: "pinctrl-bcm2711")) {
            try gpio.request(GPIOLineRequest(line: try GPIOLineName("GPIO40"), direction: .output(initiallyOn: false)), chip: nil)
        }
        #expect(throws: GPIOError.noChip("no GPIO chip 'gpiochip4' under /dev")) {
            try gpio.request(GPIOLineRequest(line: try GPIOLineName("GPIO4"), direction: .output(initiallyOn: false)), chip: "gpiochip4")
        }
    }

    @Test func inputEdgesComeThroughTheLineFD() throws {
        let line = try gpio.request(GPIOLineRequest(line: try GPIOLineName("GPIO27"), direction: .input(bias: .pullUp, debounce: .milliseconds(5)),
                                                    activeLow: true), chip: nil)
        #expect(chip.lines[27].debounceMicroseconds == 5_000)
        chip.lines[27].high = true
        chip.scheduled = [(.milliseconds(200), 27, false), (.milliseconds(900), 27, true)]
        #expect(try line.waitForEdge(timeout: .seconds(1)) == .rising)  // pressed: pulled low
        #expect(clock.time == .milliseconds(200))
        #expect(try line.waitForEdge(timeout: .seconds(1)) == .falling)
        #expect(try line.waitForEdge(timeout: .milliseconds(500)) == nil)
        #expect(clock.time == .milliseconds(1_400))
        #expect(throws: GPIOError.self) { try line.set(true) }
    }
}
