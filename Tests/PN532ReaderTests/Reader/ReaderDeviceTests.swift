import NFCCore
import GPIO
import PN532Reader
import PN532ReaderSimulator
import PN532
@testable import PN532Simulator
import Testing

@Suite("ReaderDevice: open, reopen, reset, close")
struct ReaderDeviceTests {
    /// The simulator's device strings (`sim`, `sim-i2c`) are parsed as the executable parses them.
    init() {
        SimulatorKind.register()
    }

    @Test(arguments: ["sim", "sim-i2c", "sim-spi", "sim:ntag213,ultralight", "sim-spi:ntag213,ultralight"])
    func simulatorDevicesOpenAndStart(_ text: String) throws {
        let reader = try ReaderDevice.open(try DeviceSpec.parse(text))
        defer { try? reader.close() }
        #expect(reader.firmware.ic == 0x32)
        #expect(reader.spec.description == text)
        #expect(try reader.session.listPassiveTargets(maxTargets: 2).count == (text.contains(",") ? 2 : 1))
    }

    @Test(arguments: [DeviceSpec.simulator([]), .simulatorI2C([]), .uart(path: "/nonexistent/ttyPN532", rate: .bps115200)])
    func anInterruptLineWithoutI2CIsRefusedBeforeOpening(_ spec: DeviceSpec) throws {
        let line = GPIOLine(name: try GPIOLineName("GPIO4"), activeLow: true, io: IdleInput(), clock: SystemGPIOClock())
        #expect(throws: ReaderError.interruptLineNeedsI2C(spec)) { _ = try ReaderDevice.open(spec, interruptLine: line) }
    }

    @Test func aMissingSerialPortIsAReaderFailureNamingIt() {
        do {
            _ = try ReaderDevice.open(.uart(path: "/nonexistent/ttyPN532", rate: .bps115200))
            Issue.record("opened a port that does not exist")
        } catch {
            guard case .reader(let failure) = error, case .link(let link) = failure.kind else {
                Issue.record("not a link failure: \(error)")
                return
            }
            #expect(link.kind == .open)
            #expect(error.description.contains("/nonexistent/ttyPN532"))
        }
    }

    @Test func aLineNameThatIsNoLineIsAGPIOError() {
        #expect(throws: ReaderError.self) { _ = try ReaderDevice.interruptLine(named: "GPIO4 and more") }
        do { _ = try ReaderDevice.interruptLine(named: "GPIO4 and more") } catch {
            guard case .interruptLine(let pin, _) = error else {
                Issue.record("not an interrupt line error: \(error)")
                return
            }
            #expect(pin == "GPIO4 and more")
        }
    }

    @Test func closeLeavesTheChipAt115200WithTheFieldOff() throws {
        let chip = SimulatedPN532(tags: [SimulatedTag(product: .ntag215)])
        let reader = try ReaderDevice.open(simulating: chip)
        try reader.session.changeBaudRate(to: .bps921600)
        #expect(try reader.session.listPassiveTargets(maxTargets: 1).count == 1)
        #expect(chip.fieldOn)
        #expect(chip.bitsPerSecond == 921_600)
        try reader.close()
        #expect(!chip.fieldOn)
        #expect(chip.bitsPerSecond == 115_200)
    }

    @Test func closeCancelsACommandTheChipIsWaitingOn() throws {
        let chip = SimulatedPN532()
        let reader = try ReaderDevice.open(simulating: chip)
        try reader.session.begin(.inListPassiveTarget(maxTargets: 1))
        try reader.close()
        #expect(reader.session.pending == nil)
        #expect(!chip.fieldOn)
    }

    @Test func reopenStartsANewSessionOnTheSameField() throws {
        let chip = SimulatedPN532(tags: [SimulatedTag(product: .ntag213, uid: [0x04, 1, 2, 3, 4, 5, 6])])
        let reader = try ReaderDevice.open(simulating: chip)
        let first = reader.session
        try reader.reopen()
        #expect(reader.session !== first)
        #expect(try reader.session.listPassiveTargets(maxTargets: 1).map(\.uid) == [[0x04, 1, 2, 3, 4, 5, 6]])
        try reader.close()
    }

    @Test func resetStartsAChipThatWasPoweredDownAgain() throws {
        let chip = SimulatedPN532(tags: [SimulatedTag(product: .ntag213)])
        let reader = try ReaderDevice.open(simulating: chip)
        guard let link = reader.session.link as? SimulatorLink else {
            Issue.record("not the simulator's link")
            return
        }
        chip.reset(at: link.now)
        #expect(chip.isAsleep)
        try reader.reset()
        #expect(!chip.isAsleep)
        #expect(try reader.session.listPassiveTargets(maxTargets: 1).count == 1)
        try reader.close()
    }

    @Test func theDefaultSimulatedTagHoldsTheProjectURI() throws {
        let reader = try ReaderDevice.open(.simulator([]))
        defer { try? reader.close() }
        #expect(try reader.session.listPassiveTargets(maxTargets: 2).count == 1)
        #expect(SimulatorTags.defaultTag().product == .ntag215)
    }
}

/// An input line at rest (pulled up, never an edge): the IRQ pin of a chip with nothing to say.
private final class IdleInput: GPIOLineIO {
    func readLevel() throws(GPIOError) -> Bool { true }
    func writeLevel(_ high: Bool) throws(GPIOError) {}
    func waitForEdge(timeout: Duration) throws(GPIOError) -> Bool { false }
}
