import Testing
@testable import PN532

@Suite("Serial baud rates of SetSerialBaudRate")
struct BaudRateTests {
    @Test func codesAndRatesMatchTheManual() {
        let rates = [9600, 19200, 38400, 57600, 115_200, 230_400, 460_800, 921_600, 1_288_000]
        #expect(BaudRate.allCases.map(\.rawValue) == Array(0...8))
        #expect(BaudRate.allCases.map(\.bitsPerSecond) == rates)
    }

    @Test func rateLooksUpByBitsPerSecond() {
        #expect(BaudRate(bitsPerSecond: 115_200) == .bps115200)
        #expect(BaudRate(bitsPerSecond: 1_288_000) == .bps1288000)
        #expect(BaudRate(bitsPerSecond: 250_000) == nil)
    }
}
