import NFCCore
import PN532
import PN532Simulator
import Testing

/// Every command helper of the session against the simulated chip.
struct PN532SessionCommandsTests {
    static let firstUID: [UInt8] = [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]
    static let secondUID: [UInt8] = [0x04, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF]

    @Test func firmwareVersionIsAPN532() throws {
        let reader = try SimulatedReader.started()
        let firmware = try reader.session.firmwareVersion()
        #expect(firmware == simulatedFirmware)
        #expect(firmware.isPN532)
    }

    @Test func generalStatusListsTheActiveTargets() throws {
        let reader = try SimulatedReader.started(tags: [SimulatedTag(product: .ntag213)])
        #expect(try reader.session.generalStatus().targets.isEmpty)
        _ = try reader.session.listPassiveTargets()
        let status = try reader.session.generalStatus()
        #expect(status.targets.map(\.number) == [1])
        #expect(status.lastError == .success)
    }

    @Test func diagnoseEchoesTheCommunicationLine() throws {
        let reader = try SimulatedReader.started()
        let data = Array("libnfc".utf8)
        #expect(try reader.session.diagnose(.communicationLine, data: data) == .communicationLine(echo: data))
    }

    @Test(arguments: [(DiagnoseTest.rom, DiagnoseResult.rom(result: 0)), (.ram, .ram(result: 0)), (.antenna, .antenna(result: 0))])
    func diagnoseSelfTestsPass(test: DiagnoseTest, expected: DiagnoseResult) throws {
        let reader = try SimulatedReader.started()
        let result = try reader.session.diagnose(test, data: test == .antenna ? [0x00] : [])
        #expect(result == expected)
        #expect(result.passed == true)
    }

    @Test func diagnoseCardPresenceFollowsTheTarget() throws {
        let reader = try SimulatedReader.started(tags: [SimulatedTag(product: .ntag213)])
        #expect(try reader.session.diagnose(.cardPresence).passed == false)
        _ = try reader.session.listPassiveTargets()
        #expect(try reader.session.diagnose(.cardPresence).passed == true)
        reader.chip.schedule(.remove(uid: nil), at: reader.link.now)
        #expect(try reader.session.diagnose(.cardPresence).passed == false)
    }

    @Test func diagnoseEchoBackHasNoReplyToRead() throws {
        let reader = try SimulatedReader.started()
        let error = #expect(throws: PN532Error.self) { try reader.session.diagnose(.echoBack) }
        #expect(error?.command == .diagnose)
    }

    @Test func noTargetWithoutRetriesIsAnsweredAtOnce() throws {
        let reader = try SimulatedReader.started()
        try reader.session.setPassiveActivationRetries(0)
        var targets: [PassiveTarget]?
        let elapsed = try reader.elapsed { targets = try reader.session.listPassiveTargets() }
        #expect(targets == [])
        #expect(elapsed < .milliseconds(20))
    }

    @Test func oneTagIsOneTarget() throws {
        let reader = try SimulatedReader.started(tags: [SimulatedTag(product: .ntag215, uid: Self.firstUID)])
        #expect(try reader.session.listPassiveTargets() == [simulatedTarget(number: 1, uid: Self.firstUID)])
    }

    @Test func twoTagsAreTwoTargets() throws {
        let tags = [SimulatedTag(product: .ntag213, uid: Self.firstUID), SimulatedTag(product: .ntag215, uid: Self.secondUID)]
        let reader = try SimulatedReader.started(tags: tags)
        let expected = [simulatedTarget(number: 1, uid: Self.firstUID), simulatedTarget(number: 2, uid: Self.secondUID)]
        #expect(try reader.session.listPassiveTargets(maxTargets: 2) == expected)
    }

    @Test func maxTargetsOneListsOneOfTwoTags() throws {
        let tags = [SimulatedTag(product: .ntag213, uid: Self.firstUID), SimulatedTag(product: .ntag215, uid: Self.secondUID)]
        let reader = try SimulatedReader.started(tags: tags)
        #expect(try reader.session.listPassiveTargets(maxTargets: 1).count == 1)
    }

    @Test func switchingTheFieldOffReleasesTheTag() throws {
        let reader = try SimulatedReader.started(tags: [SimulatedTag(product: .ntag213)])
        _ = try reader.session.listPassiveTargets()
        try reader.session.setField(on: false)
        #expect(try reader.session.generalStatus().targets.isEmpty)
        #expect(reader.chip.field[0].state == .idle)
        try reader.session.setField(on: true)
        #expect(try reader.session.listPassiveTargets().count == 1)
    }

    @Test func releaseHaltsTheTargets() throws {
        let reader = try SimulatedReader.started(tags: [SimulatedTag(product: .ntag213)])
        _ = try reader.session.listPassiveTargets()
        try reader.session.release()
        #expect(try reader.session.generalStatus().targets.isEmpty)
        #expect(reader.chip.field[0].state == .halted)
    }

    @Test func releasingAnUnknownTargetIsAStatusError() throws {
        let reader = try SimulatedReader.started()
        let error = #expect(throws: PN532Error.self) { try reader.session.release(target: 7) }
        #expect(error?.kind == .status(PN532Status(rawValue: 0x27)))
        #expect(error?.command == .inRelease)
    }

    @Test func registersReadBackWhatWasWritten() throws {
        let reader = try SimulatedReader.started()
        #expect(try reader.session.readRegisters([0x6302, 0x6303]) == [0x80, 0x80])
        try reader.session.writeRegisters([(0x6302, 0x00), (0x6303, 0x01)])
        #expect(try reader.session.readRegisters([0x6303, 0x6302]) == [0x01, 0x00])
    }
}
