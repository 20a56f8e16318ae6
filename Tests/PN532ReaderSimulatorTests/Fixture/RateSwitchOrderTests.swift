import PN532
import PN532ReaderSimulator
import PN532Simulator
import TestSupport
import Testing

/// The order of a reader's commands and the UART rate each runs at: start-up moves to the
/// configured rate as soon as the chip answers, and the end leaves it at 115200 with the
/// field off, the last exchanges still at the fast rate.
struct RateSwitchOrderTests {
    @Test func startUpSwitchesRightAfterSAMConfigurationSoTheRestRunsAt921600() throws {
        let reader = SimulatedReaderConnector(rate: .bps921600)
        let log = ChipCommandLog(reader.chip)
        _ = try reader.connect()
        #expect(log.entries == [
            "SAMConfiguration@115200", "SetSerialBaudRate@115200",
            "GetFirmwareVersion@921600", "ReadRegister@921600", "SetParameters@921600",
            "RFConfiguration@921600", "RFConfiguration@921600",
        ])
        #expect(reader.chip.bitsPerSecond == 921_600)
    }

    @Test func finishSwitchesTheFieldOffAt921600ThenReturnsTo115200() throws {
        let reader = SimulatedReaderConnector(chip: SimulatedPN532(tags: [SimulatedTag(product: .ntag215)]), rate: .bps921600)
        let session = try reader.connect()
        #expect(try session.listPassiveTargets(maxTargets: 1).count == 1)
        let log = ChipCommandLog(reader.chip)
        try session.finish()
        #expect(log.entries == ["RFConfiguration@921600", "SetSerialBaudRate@921600"])
        #expect(reader.chip.bitsPerSecond == 115_200)
        #expect(reader.link.bitsPerSecond == 115_200)
        #expect(reader.chip.statusLine.contains("field off"))
    }
}
