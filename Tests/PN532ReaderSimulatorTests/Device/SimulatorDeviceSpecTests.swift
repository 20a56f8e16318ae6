import PN532
import PN532Reader
import PN532ReaderSimulator
import Testing

@Suite("The simulator's device strings: sim, sim:TAG,…, sim-i2c")
struct SimulatorDeviceSpecTests {
    /// The simulator's strings are parsed as the executable parses them.
    init() {
        SimulatorKind.register()
    }

    @Test(arguments: [("sim", DeviceSpec.simulator([])), ("sim-i2c", .simulatorI2C([])), ("sim-spi", .simulatorSPI([]))])
    func formsParse(_ text: String, _ expected: DeviceSpec) throws {
        #expect(try DeviceSpec.parse(text) == expected)
    }

    @Test func simulatorTagsAreParsedAndPrintedBack() throws {
        let spec = try DeviceSpec.parse("sim:ntag213,ultralight")
        #expect(spec == .simulator([TagSpec(product: .ntag213), TagSpec(product: .ultralight)]))
        #expect(spec.description == "sim:ntag213,ultralight")
        #expect(try DeviceSpec.parse("sim-i2c:ntag215") == .simulatorI2C([TagSpec(product: .ntag215)]))
        #expect(try DeviceSpec.parse("sim-spi:ntag215") == .simulatorSPI([TagSpec(product: .ntag215)]))
    }

    @Test(arguments: ["sim", "sim:ntag216", "sim-i2c:ntag213,ntag215", "sim-spi:ntag213,ntag215"])
    func descriptionParsesToTheSameDevice(_ text: String) throws {
        let spec = try DeviceSpec.parse(text)
        #expect(try DeviceSpec.parse(spec.description) == spec)
    }

    /// A string of no form lists the simulator's forms first (`pn532ctl: PN532_DEVICE=bogus: not
    /// a device; use sim, …`).
    @Test func theFormsStartWithTheSimulators() {
        #expect(DeviceSpec.forms.hasPrefix("sim, sim:TAG[,TAG…], sim-i2c[:TAG,…], sim-spi[:TAG,…], "))
    }

    @Test func aBadSimulatorTagKeepsTheTagError() throws {
        #expect {
            try DeviceSpec.parse("sim:ntag213,nosuchtag")
        } throws: { error in
            guard let error = error as? DeviceSpecError, case .kind(let kindError) = error.reason, let tagError = kindError as? TagSpecError else {
                return false
            }
            return error.device == "sim:ntag213,nosuchtag" && tagError.spec == "nosuchtag"
                && "\(error)" == "sim:ntag213,nosuchtag: \(tagError)"
        }
    }

    /// A `,` after a combining mark is still a separator (see `DeviceSpecTests`).
    @Test func separatorsAreFoundByScalarsNotCharacters() {
        #expect {
            try DeviceSpec.parse("sim:\u{0301}")
        } throws: { error in
            guard let error = error as? DeviceSpecError, case .kind(let kindError) = error.reason, kindError is TagSpecError else { return false }
            return true
        }
    }

    @Test(arguments: [("sim", false, true), ("sim:ntag213", false, true), ("sim-i2c", true, false)])
    func busAndKind(_ text: String, _ onI2C: Bool, _ simulator: Bool) throws {
        let spec = try DeviceSpec.parse(text)
        #expect(spec.isOnI2C == onI2C)
        #expect(spec.takesInterruptLine == false)
        #expect(spec.isSimulator == simulator)
    }

    @Test func simulatedTagsAreThoseOfBothSimulatorForms() throws {
        #expect(try DeviceSpec.parse("sim:ntag213,ultralight").simulatedTags.map(\.product) == [.ntag213, .ultralight])
        #expect(try DeviceSpec.parse("sim-i2c:ntag215").simulatedTags.map(\.product) == [.ntag215])
        #expect(try DeviceSpec.parse("i2c:/dev/i2c-1").simulatedTags.isEmpty)
    }

    @Test func aRateLeavesTheSimulatorAsItIs() throws {
        #expect(try DeviceSpec.parse("sim").withRate(.bps921600) == .simulator([]))
    }
}
