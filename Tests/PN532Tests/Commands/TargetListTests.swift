import NFCCore
import TestSupport
import Testing
@testable import PN532

@Suite("InListPassiveTarget reply for every modulation: Type A, FeliCa, Type B, Jewel")
struct TargetListTests {
    /// A FeliCa card's answer to `4A 01 01 00 FF FF 01 00`, as an ACR122 manual prints it.
    static let felicaPayload = hex("4B 01 01 14 01 01 01 05 01 86 04 02 02 03 00 4B 02 4F 49 8A 8A 80 08")

    @Test func felicaPollingResponseGivesIDmPMmAndSystemCode() throws {
        let list = try TargetList(payload: Self.felicaPayload, modulation: .felica212)
        let target = try #require(list.targets.first)
        #expect(target.number == 1)
        guard case let .nfcF(felica) = target.info else { Issue.record("not NFC-F: \(target.info)"); return }
        #expect(felica.idm == hex("01 01 05 01 86 04 02 02"))
        #expect(felica.pmm == hex("03 00 4B 02 4F 49 8A 8A"))
        #expect(felica.systemCode == 0x8008)
        #expect(felica.bitRate == .kbps212)
        #expect(felica.icType == 0x00)
        #expect(target.info.identifier == felica.idm)
        #expect(list.payload == Self.felicaPayload)
    }

    @Test func felicaWithoutSystemCodeAt424() throws {
        let payload = hex("4B 01 01 12 01 01 2E 4C 20 11 22 33 44 00 F1 00 00 00 01 43 00")
        let target = try #require(try TargetList(payload: payload, modulation: .felica424).targets.first)
        #expect(target.info == .nfcF(NFCFTarget(idm: hex("01 2E 4C 20 11 22 33 44"), pmm: hex("00 F1 00 00 00 01 43 00"), bitRate: .kbps424)))
        #expect(TargetList(targets: [target]).payload == payload)
    }

    @Test(arguments: [
        "4B 01 01 13 01 01 01 05 01 86 04 02 02 03 00 4B 02 4F 49 8A 8A 80",  // POL_RES length 19
        "4B 01 01 14 02 01 01 05 01 86 04 02 02 03 00 4B 02 4F 49 8A 8A 80 08",  // response code 02
        "4B 01 01 14 01 01 01 05 01 86 04 02 02 03 00 4B 02 4F 49 8A 8A 80",  // system code cut short
        "4B 01 01 FF 01",
        "4B 01 01",
    ])
    func malformedFelicaRepliesAreErrors(_ text: String) {
        #expect(throws: ReplyError.self) { try TargetList(payload: hex(text), modulation: .felica212) }
    }

    @Test func typeBTargetGivesPUPIAndAttribResponse() throws {
        let atqb = hex("50 1A 2B 3C 4D 00 00 00 00 00 81 81")
        let payload = hex("4B 01 01") + atqb + hex("01 00")
        let target = try #require(try TargetList(payload: payload, modulation: .typeB106).targets.first)
        guard case let .nfcB(typeB) = target.info else { Issue.record("not NFC-B: \(target.info)"); return }
        #expect(typeB.pupi == hex("1A 2B 3C 4D"))
        #expect(typeB.applicationData == hex("00 00 00 00"))
        #expect(typeB.protocolInfo == hex("00 81 81"))
        #expect(typeB.attribResponse == [0x00])
        #expect(target.info.identifier == hex("1A 2B 3C 4D"))
        #expect(target.targetData == hex("01") + atqb + hex("01 00"))
    }

    @Test(arguments: [
        "4B 01 01 51 1A 2B 3C 4D 00 00 00 00 00 81 81 01 00",  // not an ATQB
        "4B 01 01 50 1A 2B 3C 4D 00 00 00 00 00 81 81 05 00",  // ATTRIB_RES cut short
        "4B 01 01 50 1A 2B 3C",
        "4B 01 01 50 1A 2B 3C 4D 00 00 00 00 00 81 81 00 00",  // a byte left over
    ])
    func malformedTypeBRepliesAreErrors(_ text: String) {
        #expect(throws: ReplyError.self) { try TargetList(payload: hex(text), modulation: .typeB106) }
    }

    @Test func jewelTargetGivesSensResAndJewelID() throws {
        let payload = hex("4B 01 01 0C 00 B5 A8 0E 01")
        let target = try #require(try TargetList(payload: payload, modulation: .jewel106).targets.first)
        #expect(target.info == .jewel(JewelTarget(sensRes: 0x0C00, jewelID: hex("B5 A8 0E 01"))))
        #expect(target.info.identifier == hex("B5 A8 0E 01"))
        #expect(TargetList(targets: [target]).payload == payload)
        #expect(throws: ReplyError.self) { try TargetList(payload: hex("4B 01 01 0C 00 B5 A8 0E"), modulation: .jewel106) }
    }

    @Test func typeATargetsAreThePassiveTargetsTheyWere() throws {
        let payload = TypeATargetListTests.desfirePayload
        let listed = try TargetList(payload: payload, modulation: .typeA106).targets
        #expect(listed.map(\.passiveTarget) == [TypeATargetListTests.desfire])
        #expect(listed == [TypeATargetListTests.desfire.listed])
        guard case let .nfcA(typeA) = try #require(listed.first).info else { Issue.record("not NFC-A"); return }
        #expect(typeA.ats?.historicalBytes == [0x80])
        #expect(typeA.supportsISODEP)
        #expect(TargetList(targets: listed).payload == payload)
    }

    @Test func noTargetAndTooManyTargets() throws {
        for modulation in PassiveModulation.allCases {
            #expect(try TargetList(payload: hex("4B 00"), modulation: modulation).targets.isEmpty)
            #expect(throws: ReplyError.self) { try TargetList(payload: hex("4B 03"), modulation: modulation) }
        }
    }

    @Test func pollingCommandsCarryTheirInitiatorData() {
        func command(_ modulation: PassiveModulation) -> [UInt8] {
            let command = Command.inListPassiveTarget(maxTargets: modulation.targetLimit, baud: modulation, initiatorData: modulation.pollingInitiatorData)
            return command.payload
        }
        #expect(command(.typeA106) == hex("4A 02 00"))
        #expect(command(.felica212) == hex("4A 02 01 00 FF FF 01 00"))
        #expect(command(.felica424) == hex("4A 02 02 00 FF FF 01 00"))
        #expect(command(.typeB106) == hex("4A 02 03 00"))
        #expect(command(.jewel106) == hex("4A 01 04"))
    }
}
