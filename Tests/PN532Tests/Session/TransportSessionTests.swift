import Basics
import NFCCore
import PN532
import PN532Simulator
import Testing

/// Representative driver tests run over both links: the simulator's UART link and the
/// simulated I2C bus.
struct TransportSessionTests {
    @Test(arguments: Transport.allCases)
    func startReadsTheFirmware(_ transport: Transport) throws {
        let reader = try TransportReader(transport)
        #expect(!reader.chip.isAsleep)
        #expect(try reader.session.firmwareVersion() == simulatedFirmware)
        #expect(reader.session.statistics.resends == 0)
        #expect(reader.session.statistics.nacks == 0)
    }

    @Test(arguments: Transport.allCases)
    func listsOneAndTwoTargets(_ transport: Transport) throws {
        let uids: [[UInt8]] = [[0x04, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06], [0x04, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x0F]]
        let tags = [SimulatedTag(product: .ntag213, uid: uids[0]), SimulatedTag(product: .ntag215, uid: uids[1])]
        let one = try TransportReader(transport, tags: tags)
        #expect(try one.session.listPassiveTargets(maxTargets: 1) == [simulatedTarget(number: 1, uid: uids[0])])
        let two = try TransportReader(transport, tags: tags)
        let expected = [simulatedTarget(number: 1, uid: uids[0]), simulatedTarget(number: 2, uid: uids[1])]
        #expect(try two.session.listPassiveTargets(maxTargets: 2) == expected)
    }

    @Test(arguments: Transport.allCases)
    func readAndWriteThroughTheTargetExchange(_ transport: Transport) throws {
        let tag = patternedTag()
        let reader = try TransportReader(transport, tags: [tag])
        let target = try #require(try reader.session.listPassiveTargets(maxTargets: 1).first)
        let exchange = TargetExchange(session: reader.session, target: target)
        #expect(try exchange.exchange([0x30, 0x04]) == readAnswer(tag, page: 4))
        #expect(try exchange.exchange([0xA2, 0x05, 0xDE, 0xAD, 0xBE, 0xEF], answer: .acknowledgement) == [0x0A])
        #expect(try exchange.exchange([0x30, 0x05]).prefix(4) == [0xDE, 0xAD, 0xBE, 0xEF])
        #expect(reader.chip.field[0].memory[20..<24] == [0xDE, 0xAD, 0xBE, 0xEF])
    }

    @Test(arguments: Transport.allCases)
    func aStalledChipGivesNoAcknowledgementInBoundedTime(_ transport: Transport) throws {
        let reader = try TransportReader(transport)
        reader.chip.stall()
        let settings = reader.session.settings
        let before = reader.link.now
        let error = #expect(throws: PN532Error.self) { try reader.session.firmwareVersion() }
        #expect(error?.kind == .noAcknowledgement(attempts: settings.sendAttempts))
        // Each attempt: the ACK window, plus on I2C one write behind its bus-free gap.
        #expect(reader.link.now - before <= (settings.acknowledgementWindow + .milliseconds(10)) * settings.sendAttempts)
    }
}
