import Basics
import NFCCore
import TestSupport
import Testing
@testable import PN532
@testable import PN532Simulator

/// Start-up moves the UART to the configured rate as soon as the chip answers; when the chip
/// then does not answer at that rate, the link and the chip go back to 115200 where they can,
/// and the error says where the chip was left.
struct RateSwitchRecoveryTests {
    /// A link to a simulated chip with one of the faults of a rate switch: the chip never gets
    /// the host's ACK that closes SetSerialBaudRate (it stays at its rate), or the host's
    /// port loses everything it sends above 115200 (a UART that cannot do the rate).
    final class RateFaultLink: ByteLink {
        enum Fault { case closingACKLost, deafAbove115200 }
        let base: SimulatorLink
        let fault: Fault
        private var rateCommandSent = false

        init(_ base: SimulatorLink, fault: Fault) {
            self.base = base
            self.fault = fault
        }

        var name: String { base.name }
        var kind: LinkKind { base.kind }
        var now: MonotonicTime { base.now }
        var bitsPerSecond: Int? { base.bitsPerSecond }

        func write(_ bytes: [UInt8]) throws(LinkError) {
            switch fault {
            case .closingACKLost:
                if rateCommandSent, bytes == [0x00, 0x00, 0xFF, 0x00, 0xFF, 0x00] {
                    rateCommandSent = false
                    return
                }
                if bytes.count > 6, bytes[5] == 0xD4, bytes[6] == CommandCode.setSerialBaudRate.rawValue { rateCommandSent = true }
            case .deafAbove115200:
                if base.bitsPerSecond != 115_200 { return }
            }
            try base.write(bytes)
        }

        func read(until deadline: MonotonicTime) throws(LinkError) -> [UInt8] { try base.read(until: deadline) }
        func discardInput() throws(LinkError) { try base.discardInput() }
        func setBitsPerSecond(_ rate: Int) throws(LinkError) { try base.setBitsPerSecond(rate) }
    }

    @Test func aChipThatMissedTheClosingACKIsFoundAt115200AndTheErrorSaysSo() throws {
        let chip = SimulatedPN532()
        let link = SimulatorLink(chip: chip)
        let session = PN532Session(link: RateFaultLink(link, fault: .closingACKLost))
        let error = #expect(throws: PN532Error.self) { try session.startRecoveringRate(switchingTo: .bps921600) }
        #expect(error?.kind == .rateNotAnswered(bitsPerSecond: 921_600, leftAt: 115_200))
        #expect(error?.description.contains("did not answer at 921600 baud") == true)
        #expect(chip.bitsPerSecond == 115_200)
        #expect(link.bitsPerSecond == 115_200)
        #expect(try session.firmwareVersion() == simulatedFirmware)
    }

    @Test func aChipSwitchedToARateTheHostCannotSpeakIsFoundByTheNextStart() throws {
        let chip = SimulatedPN532()
        let link = SimulatorLink(chip: chip)
        let session = PN532Session(link: RateFaultLink(link, fault: .deafAbove115200))
        let error = #expect(throws: PN532Error.self) { try session.startRecoveringRate(switchingTo: .bps921600) }
        #expect(error?.kind == .rateNotAnswered(bitsPerSecond: 921_600, leftAt: nil))
        #expect(link.bitsPerSecond == 115_200)
        let next = SimulatedReader(chip: chip)
        #expect(try next.session.startRecoveringRate() == simulatedFirmware)
        #expect(next.session.findings == [.rate(921_600)])
        #expect(chip.bitsPerSecond == 115_200)
    }

    @Test func aChipLeftAtTheConfiguredRateIsUsedThereWithoutSwitching() throws {
        let chip = SimulatedPN532()
        chip.leaveAtRate(.bps921600)
        let reader = SimulatedReader(chip: chip)
        let log = ChipCommandLog(chip)
        #expect(try reader.session.startRecoveringRate(switchingTo: .bps921600) == simulatedFirmware)
        #expect(!log.entries.contains { $0.hasPrefix("SetSerialBaudRate") })
        #expect(log.entries.allSatisfy { $0.hasSuffix("@921600") })
        #expect(reader.session.findings == [.rate(921_600)])
    }
}
