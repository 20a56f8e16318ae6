@testable import PN532
@testable import PN532Simulator
import Testing

/// The HSU rate: changing it, finding a chip another process left at a higher rate, and
/// leaving the chip as the next user expects it.
struct PN532SessionUARTTests {
    @Test func changeBaudRateMovesBothSidesTo921600() throws {
        let reader = try SimulatedReader.started()
        try reader.session.changeBaudRate(to: .bps921600)
        #expect(reader.chip.bitsPerSecond == 921_600)
        #expect(reader.link.bitsPerSecond == 921_600)
        #expect(try reader.session.firmwareVersion() == simulatedFirmware)
        #expect(try reader.session.readRegisters([0x6302]) == [0x80])
        #expect(reader.session.statistics.resends == 0)
    }

    @Test func commandsAreFasterAt921600() throws {
        let reader = try SimulatedReader.started()
        let slow = try reader.elapsed { _ = try reader.session.firmwareVersion() }
        try reader.session.changeBaudRate(to: .bps921600)
        let fast = try reader.elapsed { _ = try reader.session.firmwareVersion() }
        #expect(fast < slow)
    }

    @Test func aChipLeftAt921600ByAnEarlierSessionIsFoundAndBroughtBackTo115200() throws {
        let earlier = try SimulatedReader.started()
        try earlier.session.changeBaudRate(to: .bps921600)
        let reader = SimulatedReader(chip: earlier.chip)
        #expect(reader.link.bitsPerSecond == 115_200)
        #expect(try reader.session.startRecoveringRate() == simulatedFirmware)
        #expect(reader.chip.bitsPerSecond == 115_200)
        #expect(reader.link.bitsPerSecond == 115_200)
        #expect(try reader.session.firmwareVersion() == simulatedFirmware)
    }

    @Test(arguments: PN532Session.recoveryRates)
    func aChipAtAnyRecoveryRateIsFound(rate: BaudRate) throws {
        let chip = SimulatedPN532()
        chip.leaveAtRate(rate)
        let reader = SimulatedReader(chip: chip)
        #expect(try reader.session.startRecoveringRate() == simulatedFirmware)
        #expect(chip.bitsPerSecond == 115_200)
        #expect(reader.link.bitsPerSecond == 115_200)
    }

    @Test func aChipAt115200IsStartedWithoutSearching() throws {
        let reader = SimulatedReader()
        #expect(try reader.session.startRecoveringRate() == simulatedFirmware)
        #expect(reader.session.statistics.resends == 0)
        #expect(reader.chip.bitsPerSecond == 115_200)
    }

    @Test func aChipThatAnswersAtNoRateIsReportedAndTheLinkKeepsItsRate() throws {
        let chip = SimulatedPN532()
        chip.stall()
        let reader = SimulatedReader(chip: chip)
        let error = #expect(throws: PN532Error.self) { try reader.session.startRecoveringRate() }
        #expect(error?.kind == .noAcknowledgement(attempts: reader.session.settings.sendAttempts))
        #expect(reader.link.bitsPerSecond == 115_200)
    }

    @Test func finishReturnsTo115200WithTheFieldOff() throws {
        let reader = try SimulatedReader.started(tags: [SimulatedTag(product: .ntag213)])
        try reader.session.changeBaudRate(to: .bps921600)
        _ = try reader.session.listPassiveTargets()
        try reader.session.finish()
        #expect(reader.chip.bitsPerSecond == 115_200)
        #expect(reader.link.bitsPerSecond == 115_200)
        #expect(!reader.chip.fieldOn)
        #expect(reader.chip.field[0].state == .idle)
        #expect(try reader.session.firmwareVersion() == simulatedFirmware)
    }
}
