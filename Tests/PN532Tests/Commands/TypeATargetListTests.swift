import TestSupport
import Testing
@testable import PN532

@Suite("InListPassiveTarget reply: none, one and two Type A targets, ATS")
struct TypeATargetListTests {
    static let ntag215 = PassiveTarget(number: 1, atqa: 0x0044, sak: 0x00, uid: hex("04 C9 10 AA 84 49 80"))
    static let ntag215Payload = hex("4B 01 01 00 44 00 07 04 C9 10 AA 84 49 80")
    static let desfire = PassiveTarget(number: 1, atqa: 0x0344, sak: 0x20, uid: hex("04 11 22 33 44 55 66"),
                                       ats: hex("06 75 77 81 02 80"))
    static let desfirePayload = hex("4B 01 01 03 44 20 07 04 11 22 33 44 55 66 06 75 77 81 02 80")

    @Test func capturedNoTargetReplyIsEmpty() throws {
        #expect(try TargetList(payload: hex("4B 00"), modulation: .typeA106).targets.isEmpty)
    }

    @Test func capturedNTAG215ReplyGivesItsUID() throws {
        let list = try TargetList(payload: Self.ntag215Payload, modulation: .typeA106)
        #expect(list.typeA == [Self.ntag215])
        let target = try #require(list.typeA.first)
        #expect(target.uid == hex("04 C9 10 AA 84 49 80"))
        #expect(!target.supportsISO14443Part4)
        #expect(target.ats == nil)
        #expect(list.payload == Self.ntag215Payload)
        #expect(target.description == "target 1: UID 04 C9 10 AA 84 49 80, ATQA 0044, SAK 00")
    }

    @Test func iso14443Part4TargetCarriesItsATS() throws {
        let list = try TargetList(payload: Self.desfirePayload, modulation: .typeA106)
        #expect(list.typeA == [Self.desfire])
        #expect(list.typeA.first?.supportsISO14443Part4 == true)
        #expect(list.payload == Self.desfirePayload)
    }

    @Test func twoTargetsAreRead() throws {
        let classic = PassiveTarget(number: 2, atqa: 0x0004, sak: 0x08, uid: hex("DE AD BE EF"))
        let payload = hex("4B 02") + Self.desfire.targetData + classic.targetData
        #expect(payload == hex("4B 02 01 03 44 20 07 04 11 22 33 44 55 66 06 75 77 81 02 80"
                               + "02 00 04 08 04 DE AD BE EF"))
        let list = try TargetList(payload: payload, modulation: .typeA106)
        #expect(list.typeA == [Self.desfire, classic])
        #expect(list.payload == payload)
    }

    @Test func atsCanBeDeclaredAbsent() throws {
        let payload = hex("4B 02 01 03 44 20 04 01 02 03 04 02 00 04 08 04 DE AD BE EF")
        let list = try TargetList(payload: payload, modulation: .typeA106, atsIncluded: false)
        #expect(list.typeA.map(\.uid) == [hex("01 02 03 04"), hex("DE AD BE EF")])
        #expect(list.typeA.allSatisfy { $0.ats == nil })
    }

    @Test func moreThanTwoTargetsIsUnexpected() {
        #expect(throws: ReplyError(command: .inListPassiveTarget, payload: hex("4B 03"),
                                   reason: .unexpectedValue(field: "number of targets", value: 3))) {
            try TargetList(payload: hex("4B 03"), modulation: .typeA106)
        }
    }

    @Test func atsLengthZeroIsUnexpected() {
        let payload = hex("4B 01 01 03 44 20 04 01 02 03 04 00")
        #expect(throws: ReplyError(command: .inListPassiveTarget, payload: payload,
                                   reason: .unexpectedValue(field: "ATS length", value: 0))) {
            try TargetList(payload: payload, modulation: .typeA106)
        }
    }

    @Test func uidLongerThanTheReplyIsTooShort() {
        let payload = hex("4B 01 01 00 44 00 07 04 C9 10")
        #expect(throws: ReplyError(command: .inListPassiveTarget, payload: payload,
                                   reason: .tooShort(field: "NFCID", needed: 7, available: 3))) {
            try TargetList(payload: payload, modulation: .typeA106)
        }
    }

    @Test func bytesAfterTheLastTargetAreInconsistent() {
        #expect(throws: ReplyError(command: .inListPassiveTarget, payload: Self.ntag215Payload + [0x00],
                                   reason: .inconsistentLength(expected: Self.ntag215Payload.count))) {
            try TargetList(payload: Self.ntag215Payload + [0x00], modulation: .typeA106)
        }
    }
}

extension TargetList {
    /// The targets as Type A targets (all of them, for a Type A reply).
    var typeA: [PassiveTarget] { targets.compactMap(\.passiveTarget) }
}
