import Basics
import NFCCore
import TestSupport
import PN532
import PN532Simulator
import Testing

/// The ISO/IEC 14443-B card, on its own (REQB/WUPB, ATTRIB, HLTB) and through the simulated
/// PN532: InListPassiveTarget 03 with its AFI, the target data, APDUs through InDataExchange.
struct TypeBCardTests {
    static let pupi = hex("1A 2B 3C 4D")
    static let atqb = hex("50 1A 2B 3C 4D 00 00 00 00 00 81 81")
    /// REQB and WUPB with AFI 00 (every family) and one slot.
    static let requestB = hex("05 00 00")
    static let wakeUpB = hex("05 00 08")

    static func card(_ pupi: [UInt8] = pupi) -> SimulatedTag {
        SimulatedTag(product: .typeB, uid: pupi)
    }

    /// A host whose chip gives up a poll after one retry, so that polls finding nothing answer.
    static func awake(_ tags: [SimulatedTag]) throws -> FrameHost {
        let host = try FrameHost.awake(tags: tags)
        #expect(try host.response(to: [0x32, 0x05, 0xFF, 0x01, 0x01]) == [0x33])
        return host
    }

    /// A card found and declared by InListPassiveTarget, target 1.
    static func listed() throws -> FrameHost {
        let host = try awake([card()])
        #expect(try host.response(to: [0x4A, 0x01, 0x03, 0x00])?.count == 17)
        return host
    }

    @Test func theATQBIs50PUPIApplicationDataAndProtocolInfo() {
        let tag = Self.card()
        #expect(tag.answerToRequestB == Self.atqb)
        #expect(tag.answerToRequestB.count == NFCBTarget.atqbLength)
        #expect(tag.uid == Self.pupi)
        let info = NFCBTarget(atqb: tag.answerToRequestB, attribResponse: [])
        #expect(info.pupi == Self.pupi)
        #expect(info.protocolInfo[1] & 0x0F == 0x01, "protocol type 1: ISO/IEC 14443-4")
        #expect(info.protocolInfo[1] >> 4 == 8, "FSCI 8: frames up to 256 bytes")
        #expect(SimulatedTag(product: .typeB).uid.count == 4)
        #expect(SimulatedTag(product: .desfire).answerToRequestB.isEmpty)
    }

    @Test func aREQBWithAFI00IsAnsweredAndOtherAFIsAreNot() {
        let tag = Self.card()
        #expect(tag.typeBRequestAnswer(Self.requestB) == Self.atqb)
        #expect(tag.typeBRequestAnswer(hex("05 00 02")) == Self.atqb, "four slots")
        #expect(tag.typeBRequestAnswer(hex("05 10 00")) == nil, "family 1")
        #expect(tag.typeBRequestAnswer(hex("05 01 00")) == nil, "sub-family 1 of every family")
        #expect(tag.typeBRequestAnswer(hex("05 00")) == nil)
        #expect(tag.typeBRequestAnswer(hex("06 00 00")) == nil)
        #expect(SimulatedTag(product: .desfire).typeBRequestAnswer(Self.requestB) == nil)
    }

    @Test func hltbHaltsTheCardAndOnlyWUPBWakesIt() {
        var tag = Self.card()
        tag.activate()
        #expect(tag.respond(to: [0x50] + hex("00 00 00 00")) == .silent, "another PUPI")
        #expect(tag.state == .active)
        #expect(tag.respond(to: [0x50] + Self.pupi) == .data([0x00]))
        #expect(tag.state == .halted)
        #expect(tag.typeBRequestAnswer(Self.requestB) == nil)
        #expect(tag.typeBRequestAnswer(Self.wakeUpB) == Self.atqb)
        #expect(tag.respond(to: [0x1D] + Self.pupi + hex("00 08 01 00")) == .silent, "halted: no ATTRIB")
    }

    @Test func attribWithItsPUPIDeclaresTheCardAndGivesTheCID() {
        var tag = Self.card()
        tag.activate()
        #expect(tag.respond(to: hex("02 00 A4 04 00 00")) == .silent, "no I-block before ATTRIB")
        #expect(tag.respond(to: [0x1D] + hex("00 00 00 00") + hex("00 08 01 00")) == .silent)
        #expect(tag.respond(to: [0x1D] + Self.pupi + hex("00 08")) == .silent, "too short")
        #expect(tag.respond(to: [0x1D] + Self.pupi + hex("00 08 01 03")) == .data([0x03]))
        #expect(tag.respond(to: hex("03 00 CA 9F 7F 00")) == .data(hex("03 6D 00")))
    }

    @Test func inListPassiveTarget03ReportsATQBAndTheATTRIBAnswer() throws {
        let host = try Self.awake([Self.card()])
        #expect(try host.response(to: [0x4A, 0x01, 0x03, 0x00]) == [0x4B, 0x01, 0x01] + Self.atqb + [0x01, 0x00])
    }

    @Test func thePollingMethodByteIsAccepted() throws {
        let host = try Self.awake([Self.card()])
        #expect(try host.response(to: [0x4A, 0x01, 0x03, 0x00, 0x01])?.prefix(3) == [0x4B, 0x01, 0x01])
    }

    @Test(arguments: [[UInt8](), [0x10], [0x00, 0x00, 0x00]])
    func aPollWithoutAFIOrForAnotherFamilyFindsNothing(_ initiatorData: [UInt8]) throws {
        let host = try Self.awake([Self.card()])
        #expect(try host.response(to: [0x4A, 0x01, 0x03] + initiatorData) == [0x4B, 0x00])
    }

    @Test func aTypeBPollFindsOnlyTheTypeBCardAndATypeAPollNotIt() throws {
        let host = try Self.awake([SimulatedTag(product: .desfire), Self.card(), SimulatedTag(product: .felicaLiteS)])
        #expect(try host.response(to: [0x4A, 0x02, 0x03, 0x00]) == [0x4B, 0x01, 0x01] + Self.atqb + [0x01, 0x00])
        let typeA = try #require(try host.response(to: [0x4A, 0x02, 0x00]))
        #expect(typeA.prefix(3) == [0x4B, 0x01, 0x01])
        #expect(Array(typeA[3..<5]) == [0x03, 0x44], "the DESFire only")
    }

    @Test func twoCardsAreBothListedWithMaxTg2() throws {
        let second = hex("5E C0 4D 02")
        let host = try Self.awake([Self.card(), Self.card(second)])
        let expected = [0x4B, 0x02, 0x01] + Self.atqb + [0x01, 0x00]
            + [0x02, 0x50] + second + hex("00 00 00 00 00 81 81") + [0x01, 0x00]
        #expect(try host.response(to: [0x4A, 0x02, 0x03, 0x00]) == expected)
    }

    @Test func withMaxTg1EachPollAfterADeselectFindsTheNextCard() throws {
        let second = hex("5E C0 4D 02")
        let host = try Self.awake([Self.card(), Self.card(second)])
        let first = try #require(try host.response(to: [0x4A, 0x01, 0x03, 0x00]))
        #expect(Array(first[4..<8]) == Self.pupi)
        #expect(try host.response(to: [0x44, 0x00]) == [0x45, 0x00])
        let next = try #require(try host.response(to: [0x4A, 0x01, 0x03, 0x00]))
        #expect(Array(next[4..<8]) == second)
        #expect(try host.response(to: [0x44, 0x00]) == [0x45, 0x00])
        #expect(try host.response(to: [0x4A, 0x01, 0x03, 0x00]) == [0x4B, 0x00], "both halted: REQB wakes neither")
        #expect(host.chip.field.allSatisfy { $0.state == .halted })
    }

    @Test func apdusAreAnsweredAsByACardWithoutThisApplication() throws {
        let host = try Self.listed()
        let selectNDEF = hex("00 A4 04 00 07 D2 76 00 00 85 01 01 00")
        #expect(try host.response(to: [0x40, 0x01] + selectNDEF) == [0x41, 0x00, 0x6A, 0x82])
        #expect(try host.response(to: [0x40, 0x01] + hex("00 CA 9F 7F 00")) == [0x41, 0x00, 0x6D, 0x00], "GET DATA")
        #expect(try host.response(to: [0x40, 0x01] + hex("80 CA 9F 7F 00")) == [0x41, 0x00, 0x6E, 0x00], "proprietary class")
        #expect(try host.response(to: [0x40, 0x01] + hex("00 B0 00 00 0F")) == [0x41, 0x00, 0x6D, 0x00], "READ BINARY")
    }

    @Test func inDeselectHaltsTheCardUntilTheFieldIsCycled() throws {
        let host = try Self.listed()
        #expect(try host.response(to: [0x44, 0x01]) == [0x45, 0x00])
        #expect(host.chip.field.first?.state == .halted)
        #expect(try host.response(to: [0x40, 0x01, 0x00, 0xCA, 0x00, 0x00, 0x00]) == [0x41, 0x27])
        #expect(try host.response(to: [0x4A, 0x01, 0x03, 0x00]) == [0x4B, 0x00])
        #expect(try host.response(to: [0x32, 0x01, 0x00]) == [0x33])
        #expect(try host.response(to: [0x32, 0x01, 0x01]) == [0x33])
        #expect(try host.response(to: [0x4A, 0x01, 0x03, 0x00])?.count == 17)
    }

    @Test func aCardStillActiveFromAnEarlierPollNeedsARetry() throws {
        let host = try Self.listed()
        #expect(try host.response(to: [0x32, 0x05, 0xFF, 0x01, 0x00]) == [0x33])
        #expect(try host.response(to: [0x4A, 0x01, 0x03, 0x00]) == [0x4B, 0x00])
        let again = try Self.listed()
        #expect(try again.response(to: [0x4A, 0x01, 0x03, 0x00])?.count == 17)
    }

    @Test func inAutoPollReportsTheCardAsTheTypeBTypeAsked() throws {
        let host = try Self.awake([Self.card()])
        let entry = [0x01] + Self.atqb + [0x01, 0x00]
        // Found in the second 150 ms window, after the type A one.
        #expect(try host.response(to: [0x60, 0x01, 0x01, 0x10, 0x23], within: .milliseconds(400)) == [0x61, 0x01, 0x23, UInt8(entry.count)] + entry)
        #expect(try host.response(to: [0x60, 0x01, 0x01, 0x03]) == [0x61, 0x01, 0x03, UInt8(entry.count)] + entry)
        #expect(try host.response(to: [0x60, 0x01, 0x01, 0x10], within: .milliseconds(400)) == [0x61, 0x00], "type A only")
    }

    @Test func inAutoPollTakesTheRequestedTypesInOrder() throws {
        let tags = [SimulatedTag(product: .desfire), Self.card()]
        let host = try Self.awake(tags)
        #expect(try host.response(to: [0x60, 0x01, 0x01, 0x23, 0x10])?.prefix(3) == [0x61, 0x01, 0x23])
        #expect(try host.response(to: [0x32, 0x01, 0x00]) == [0x33])
        #expect(try host.response(to: [0x60, 0x01, 0x01, 0x10, 0x23])?.prefix(5) == [0x61, 0x01, 0x10, 0x12, 0x01], "the DESFire")
    }

    @Test func aPollTakesTheActivationTimeAndAMissOneAttemptPerTry() throws {
        let host = try Self.awake([Self.card()])
        let timing = host.chip.timing
        var start = host.link.now
        #expect(try host.exchange([0x4A, 0x01, 0x03, 0x00]).count == 2)
        let found = host.lastArrival - start
        #expect(found >= timing.activation)
        #expect(found < timing.activation + timing.activationAttempt)
        start = host.link.now
        #expect(try host.exchange([0x4A, 0x01, 0x03, 0x20], within: .seconds(1)).count == 2)
        #expect(host.lastArrival - start >= timing.activationAttempt * 2)
    }
}
