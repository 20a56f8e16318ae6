import PN532
import PN532Reader
import Testing

@Suite("What a device string says: bus, IRQ line, stated rate")
struct DeviceSpecQueriesTests {
    @Test(arguments: [
        ("i2c:/dev/i2c-1", true, true, false),
        ("/dev/ttyS0", false, false, false),
        ("uart:/dev/serial0:921600", false, false, false),
    ])
    func busAndKind(_ text: String, _ onI2C: Bool, _ takesLine: Bool, _ simulator: Bool) throws {
        let spec = try DeviceSpec.parse(text)
        #expect(spec.isOnI2C == onI2C)
        #expect(spec.takesInterruptLine == takesLine)
        #expect(spec.isSimulator == simulator)
    }

    @Test(arguments: [("uart:/dev/serial0:921600", true), ("uart:/dev/serial0", false), ("/dev/ttyS0", false), ("i2c:/dev/i2c-1:0x24", false)])
    func aStatedRateIsSeen(_ text: String, _ states: Bool) {
        #expect(DeviceSpec.statesRate(text) == states)
    }

    @Test func aRateAppliesToAUARTOnly() throws {
        #expect(try DeviceSpec.parse("/dev/ttyS0").withRate(.bps921600) == .uart(path: "/dev/ttyS0", rate: .bps921600))
    }
}
