import Basics
import NFCCore
import PN532Simulator
import Testing
@testable import PN532

/// `run(_:timeout:)` and `start()` against the simulated chip: wake-up, the ACK window and its
/// resends, the response deadline and abort, syntax errors and NACK recovery.
struct PN532SessionTests {
    @Test func aCommandThatWakesASleepingChipIsLostAndItsResendAnswered() throws {
        let reader = SimulatedReader()
        #expect(try reader.session.firmwareVersion() == simulatedFirmware)
        #expect(reader.session.statistics.resends == 1)
        #expect(!reader.chip.isAsleep)
    }

    @Test func aChipThatDoesNotWakeOnHSUDoesNotAcknowledgeCommands() throws {
        let reader = try SimulatedReader.started()
        #expect(try reader.session.run(.powerDown(wakeUpEnable: .i2c)) == [0x17, 0x00])
        let error = #expect(throws: PN532Error.self) { try reader.session.firmwareVersion() }
        #expect(error?.kind == .noAcknowledgement(attempts: reader.session.settings.sendAttempts))
        #expect(error?.command == .getFirmwareVersion)
        #expect(error?.device == "sim")
        #expect(reader.chip.isAsleep)
    }

    @Test func startWakesTheChipReadsItsFirmwareAndClaimsItsSettings() throws {
        let reader = SimulatedReader()
        #expect(try reader.session.start() == simulatedFirmware)
        #expect(!reader.chip.isAsleep)
        #expect(reader.session.statistics.commands == StartupRecoveryTests.normalRoundTrips)
        #expect(reader.session.statistics.resends == 0)
        #expect(reader.session.settingsOwned)
    }

    @Test func startWakesAChipAfterPowerDown() throws {
        let reader = try SimulatedReader.started()
        #expect(try reader.session.run(.powerDown(wakeUpEnable: .hsu)) == [0x17, 0x00])
        #expect(reader.chip.isAsleep)
        let before = reader.session.statistics
        #expect(try reader.session.start() == simulatedFirmware)
        #expect(reader.session.statistics.resends == before.resends)
    }

    @Test func runReturnsTheResponsePayloadAndCountsTraffic() throws {
        let reader = try SimulatedReader.started()
        let before = reader.session.statistics
        #expect(try reader.session.run(.getFirmwareVersion) == [0x03, 0x32, 0x01, 0x06, 0x07])
        let after = reader.session.statistics
        #expect(after.commands == before.commands + 1)
        #expect(after.bytesSent == before.bytesSent + 9)
        #expect(after.bytesReceived == before.bytesReceived + 6 + 13)
    }

    @Test func aStalledChipGivesNoAcknowledgementInBoundedTime() throws {
        let reader = try SimulatedReader.started()
        reader.chip.stall()
        let settings = reader.session.settings
        let perAttempt = settings.acknowledgementWindow + (try commandAndAcknowledgementWireTime(.getFirmwareVersion))
        var error: PN532Error?
        let elapsed = reader.elapsed { error = #expect(throws: PN532Error.self) { try reader.session.firmwareVersion() } }
        #expect(error?.kind == .noAcknowledgement(attempts: settings.sendAttempts))
        #expect(elapsed <= perAttempt * settings.sendAttempts)
        #expect(elapsed >= settings.acknowledgementWindow * settings.sendAttempts)
        #expect(reader.session.statistics.resends == settings.sendAttempts - 1)
    }

    @Test func aChipResetAfterAStallIsStartedAgain() throws {
        let reader = try SimulatedReader.started()
        reader.chip.stall()
        #expect(throws: PN532Error.self) { try reader.session.firmwareVersion() }
        reader.chip.reset(at: reader.link.now)
        #expect(try reader.session.start() == simulatedFirmware)
    }

    @Test func aCommandAcknowledgedButNotAnsweredTimesOutAndIsAborted() throws {
        let reader = try SimulatedReader.started()
        var received: [String] = []
        reader.session.trace = { event in if event.direction == .received { received.append(event.summary) } }
        let timeout = Duration.milliseconds(100)
        let acknowledgement = reader.session.settings.acknowledgementWindow + (try commandAndAcknowledgementWireTime(.inListPassiveTarget()))
        var error: PN532Error?
        let elapsed = reader.elapsed { error = #expect(throws: PN532Error.self) { try reader.session.listPassiveTargets(timeout: timeout) } }
        #expect(error?.kind == .timeout(timeout))
        #expect(error?.command == .inListPassiveTarget)
        #expect(elapsed >= timeout)
        #expect(elapsed <= timeout + acknowledgement)
        reader.chip.schedule(.present(SimulatedTag(product: .ntag213)), at: reader.link.now + .milliseconds(1))
        #expect(try reader.session.firmwareVersion() == simulatedFirmware)
        #expect(!received.contains("InListPassiveTarget response"))
    }

    @Test func aTagThatArrivesLaterIsFoundByAWaitingPoll() throws {
        let reader = try SimulatedReader.started()
        let tag = SimulatedTag(product: .ntag215)
        let arrival = MonotonicTime(nanoseconds: 50_000_000)
        #expect(reader.link.now < arrival)
        reader.chip.schedule(.present(tag), at: arrival)
        let targets = try reader.session.listPassiveTargets(maxTargets: 1)
        #expect(targets.map(\.uid) == [tag.uid])
        #expect(reader.link.now > arrival)
        #expect(reader.link.now < arrival + .milliseconds(10))
    }

    @Test func aMalformedCommandIsASyntaxError() throws {
        let reader = try SimulatedReader.started()
        let error = #expect(throws: PN532Error.self) { try reader.session.listPassiveTargets(maxTargets: 3) }
        #expect(error?.kind == .syntaxError)
        #expect(error?.command == .inListPassiveTarget)
        #expect(try reader.session.firmwareVersion() == simulatedFirmware)
    }

    @Test func corruptResponsesAreRecoveredWithNACKs() throws {
        let reader = try SimulatedReader.started()
        reader.link.chipToHostFaults = ByteFaults(corruptRate: 0.01, seed: 11)
        var answers = 0
        for _ in 0..<200 {
            do throws(PN532Error) {
                #expect(try reader.session.firmwareVersion() == simulatedFirmware)
                answers += 1
            } catch {
                // A response whose start code is hit is not seen at all, so nothing asks for it again.
                #expect(error.kind == .timeout(reader.session.settings.responseTimeout))
            }
        }
        #expect(answers >= 190)
        #expect(reader.session.statistics.nacks > 0)
    }

    @Test func aResponseWhoseZeroByteWasDroppedIsNotAccepted() throws {
        let response = Frame.information(direction: .chipToHost, payload: [0x41, 0x00] + (0x10..<0x20).map { UInt8($0) })
        var damaged = try response.encoded()
        damaged.remove(at: 7)
        let link = ScriptedLink(replies: [try Frame.ack.encoded() + damaged, try response.encoded()])
        let session = PN532Session(link: link)
        let shifted = [0x41] + (0x10..<0x20).map { UInt8($0) } + [damaged[damaged.count - 2]]
        let payload = try? session.run(.inDataExchange(target: 1, data: [0x30, 0x04]))
        #expect(payload != shifted)
    }

    @Test func corruptCommandsAreRecoveredByResending() throws {
        let reader = try SimulatedReader.started()
        reader.link.hostToChipFaults = ByteFaults(corruptRate: 0.01, seed: 12)
        for _ in 0..<200 {
            #expect(try reader.session.firmwareVersion() == simulatedFirmware)
        }
        #expect(reader.session.statistics.resends > 0)
    }

    @Test func discardInputDropsStaleFramesThatWouldPassForAnAnswer() throws {
        let reader = try SimulatedReader.started()
        try reader.link.write(try Command.readRegisters([0x6302]).frame.encoded())
        try reader.session.idle(.milliseconds(20))
        try reader.link.write(try Command.writeRegisters([(0x6302, 0x00)]).frame.encoded())
        try reader.session.idle(.milliseconds(20))
        try reader.session.discardInput()
        #expect(try reader.session.readRegisters([0x6302]) == [0x00])
    }

    @Test func abortStopsAWaitingPoll() throws {
        let reader = try SimulatedReader.started()
        try reader.link.write(try Command.inListPassiveTarget().frame.encoded())
        reader.link.advance(by: .milliseconds(5))
        try reader.session.abort()
        reader.link.advance(by: .milliseconds(5))
        try reader.session.discardInput()
        reader.chip.schedule(.present(SimulatedTag(product: .ntag213)), at: reader.link.now + .milliseconds(1))
        #expect(try reader.link.read(until: reader.link.now + .milliseconds(50)) == [])
    }
}
