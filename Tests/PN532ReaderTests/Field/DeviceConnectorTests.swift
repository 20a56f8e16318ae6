import GPIO
import PN532Reader
import PN532ReaderSimulator
import PN532
import Testing

@Suite("DeviceConnector: opening the door's reader again")
struct DeviceConnectorTests {
    @Test func eachConnectionStartsTheChipAgain() throws {
        let connector = DeviceConnector(spec: .simulator([]), irq: nil, reset: nil, clock: SystemGPIOClock(), trace: nil)
        let first = try connector.connect()
        let second = try connector.connect()
        #expect(first !== second)
        #expect(try second.listPassiveTargets(maxTargets: 2).count == 1)
        #expect(connector.name == "sim")
    }

    @Test func withoutAResetLineThereIsNoReset() throws {
        let connector = DeviceConnector(spec: .simulator([]), irq: nil, reset: nil, clock: SystemGPIOClock(), trace: nil)
        #expect(try connector.resetChip() == false)
    }

    @Test func aMissingPortIsTheReadersOwnError() {
        let connector = DeviceConnector(spec: .uart(path: "/nonexistent/ttyPN532", rate: .bps115200), irq: nil, reset: nil, clock: SystemGPIOClock(), trace: nil)
        do {
            _ = try connector.connect()
            Issue.record("opened a port that does not exist")
        } catch {
            guard case .link(let link) = error.kind else {
                Issue.record("not a link failure: \(error)")
                return
            }
            #expect(link.kind == .open)
            #expect(link.device == "/nonexistent/ttyPN532")
        }
    }
}
