import Foundation
@testable import GPIO
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The simulated backend on a real directory: levels in files, edges through inotify.
@Suite("simulated GPIO backend")
struct SimulatedGPIOTests {
    let scratch: TemporaryDirectory
    let gpio: SimulatedGPIO
    let relay: GPIOLineName
    let button: GPIOLineName

    init() throws {
        scratch = try TemporaryDirectory()
        gpio = SimulatedGPIO(directory: scratch.path + "/demo/gpio", clock: VirtualClock())
        relay = try GPIOLineName("GPIO17")
        button = try GPIOLineName("GPIO22")
    }

    private func contents(_ line: GPIOLineName) throws -> String {
        try String(contentsOfFile: gpio.path(of: line), encoding: .utf8)
    }

    private func drive(_ line: GPIOLineName, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: gpio.path(of: line)))
    }

    /// Whether poll(2) reports `descriptor` readable now.
    private func readable(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) == 1
    }

    @Test func anOutputIsHeldAsTheKernelHoldsARequestedLine() throws {
        do {
            let held = try gpio.request(GPIOLineRequest(line: relay, direction: .output(initiallyOn: false), consumer: "pn532ctl door"), chip: nil)
            let error = try #require(throws: GPIOError.self) {
                try gpio.request(GPIOLineRequest(line: relay, direction: .output(initiallyOn: true)), chip: nil)
            }
            #expect(error == .busy(line: "GPIO17", chip: SimulatedGPIO.chipLabel, consumer: "pn532ctl door"))
            #expect(error.description.contains("in use by 'pn532ctl door'"))
            #expect(try contents(relay) == "0\n", "the refused request drove nothing")
            try held.set(true)
            #expect(try contents(relay) == "1\n", "the holder still drives it")
        }
        let again = try gpio.request(GPIOLineRequest(line: relay, direction: .output(initiallyOn: false)), chip: nil)
        #expect(try !again.read(), "released with its holder: requested again")
    }

    @Test func anOutputIsAFileHoldingItsPhysicalLevel() throws {
        do {
            let output = try gpio.request(GPIOLineRequest(line: relay, direction: .output(initiallyOn: false)), chip: nil)
            #expect(try contents(relay) == "0\n", "the directory and its parents are made, the line written released")
            try output.set(true)
            #expect(try contents(relay) == "1\n")
            #expect(output.eventDescriptor == nil)
        }
        // Requested again once the first request is gone (while it lives, it holds the line).
        let inverted = try gpio.request(GPIOLineRequest(line: relay, direction: .output(initiallyOn: false), activeLow: true), chip: nil)
        #expect(try contents(relay) == "1\n", "active low: off is the high level")
        try inverted.set(true)
        #expect(try contents(relay) == "0\n")
    }

    @Test func anInputRestsAtItsInactiveLevelAndIsReadFromItsFile() throws {
        let input = try gpio.request(GPIOLineRequest(line: button, direction: .input(bias: .asIs, debounce: .zero)), chip: nil)
        #expect(try contents(button) == "0\n")
        #expect(try input.read() == false)
        try drive(button, "1\n")
        #expect(try input.read() == true)
        try drive(button, "")
        #expect(try input.read() == true, "an empty file is a write in progress: the last level")
        try drive(button, " 0 ")
        #expect(try input.read() == false)
        let pulledUp = try GPIOLineName("GPIO23")
        let contact = try gpio.request(GPIOLineRequest(line: pulledUp, direction: .input(bias: .pullUp, debounce: .zero), activeLow: true), chip: nil)
        #expect(try contents(pulledUp) == "1\n", "a new line with a pull-up rests high")
        #expect(try contact.read() == false)
    }

    @Test func anythingButALevelIsNamedAsMalformed() throws {
        let input = try gpio.request(GPIOLineRequest(line: button, direction: .input(bias: .asIs, debounce: .zero)), chip: nil)
        try drive(button, "on\n")
        #expect {
            try input.read()
        } throws: { error in
            "\(error)".contains("GPIO22") && "\(error)".contains("'on', not 0 or 1")
        }
        try drive(button, String(repeating: "1", count: 100))
        #expect(throws: GPIOError.malformed("\(gpio.path(of: button)) for simulated GPIO22 holds more than 64 bytes, not 0 or 1")) { try input.read() }
        try drive(button, "\u{1B}[2J")
        #expect(throws: GPIOError.malformed("\(gpio.path(of: button)) for simulated GPIO22 holds bytes that are not text, not 0 or 1")) { try input.read() }
    }

    @Test func aWriteToTheLineWakesItsDescriptorAndWritesToOthersDoNot() throws {
        let input = try gpio.request(GPIOLineRequest(line: button, direction: .input(bias: .asIs, debounce: .zero)), chip: nil)
        let descriptor = try #require(input.eventDescriptor)
        let output = try gpio.request(GPIOLineRequest(line: relay, direction: .output(initiallyOn: false)), chip: nil)
        try output.set(true)
        #expect(readable(descriptor), "the relay's write is seen by the directory's watch")
        #expect(try input.drainEvents() == false, "but it is not the button's")
        #expect(!readable(descriptor), "and it is consumed")

        try drive(button, "1\n")
        #expect(readable(descriptor))
        #expect(try input.drainEvents() == true)
        #expect(!readable(descriptor))
        #expect(try input.read() == true)
    }

    @Test func readingALineNothingRequestedSaysSo() throws {
        #expect {
            try gpio.chips()
        } throws: { error in
            guard case GPIOError.noInterface(let text) = error else { return false }
            return text.contains("no simulated GPIO directory \(scratch.path)/demo/gpio")
        }
        _ = try gpio.request(GPIOLineRequest(line: relay, direction: .output(initiallyOn: false)), chip: nil)
        #expect {
            try gpio.request(GPIOLineRequest(line: button, direction: .asIs), chip: nil)
        } throws: { error in
            "\(error)".contains("nothing has requested GPIO22 yet")
        }
        let read = try gpio.request(GPIOLineRequest(line: relay, direction: .asIs), chip: nil)
        #expect(try read.read() == false)
        #expect(try contents(relay) == "0\n")
    }

    @Test func theChipHasSixtyFourLinesAndOnlyItsOwnName() throws {
        _ = try gpio.request(GPIOLineRequest(line: relay, direction: .output(initiallyOn: false)), chip: SimulatedGPIO.chipName)
        let chips = try gpio.chips()
        #expect(chips.map(\.name) == [SimulatedGPIO.chipName])
        #expect(chips.first?.lines.count == 64)
        #expect(chips.first?.lines.filter(\.used).map(\.name) == ["GPIO17"])
        #expect(throws: GPIOError.lineNotFound(line: "GPIO64", chip: SimulatedGPIO.chipLabel)) {
            try gpio.request(GPIOLineRequest(line: try GPIOLineName("GPIO64"), direction: .asIs), chip: nil)
        }
        #expect(throws: GPIOError.self) {
            try gpio.request(GPIOLineRequest(line: relay, direction: .asIs), chip: "pinctrl-bcm2711")
        }
    }

    @Test func notificationsAreParsedWithinTheirBuffer() {
        func event(_ name: String, padded: Int) -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: 12)
            withUnsafeBytes(of: UInt32(padded)) { bytes += $0 }
            return bytes + Array(name.utf8) + [UInt8](repeating: 0, count: padded - name.utf8.count)
        }
        let two = event("GPIO22", padded: 16) + event("GPIO17.new", padded: 16)
        #expect(DirectoryWatch.names(in: two) == ["GPIO22", "GPIO17.new"])
        #expect(DirectoryWatch.names(in: Array(two.dropLast(4))) == ["GPIO22"], "a name cut short is dropped")
        #expect(DirectoryWatch.names(in: event("x", padded: 16).prefix(10).map { $0 }) == [])
        var huge = event("GPIO22", padded: 16)
        huge.replaceSubrange(12..<16, with: [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(DirectoryWatch.names(in: huge) == [])
    }
}
