import NFCCore
import TestSupport
import Testing
@testable import PN532

/// InAutoPoll replies read into the listed targets InListPassiveTarget would give: each type's
/// target data by its modulation's parser, and every hostile reply a reply error.
private typealias T = TargetListAutoPollTests

@Suite("InAutoPoll reply as listed targets")
struct TargetListAutoPollTests {
    static let ntag = hex("01 00 44 00 07 04 A1 1C E0 00 00 01")
    static let felica = hex("01 14 01 01 2E 4C 53 00 00 00 42 00 F1 00 00 00 01 43 00 88 B4")
    static let typeB = hex("01 50 B0 14 44 3B 00 00 00 00 00 81 81 01 00")
    static let jewel = hex("01 0C 00 04 70 AA BB")

    static func entry(_ type: UInt8, _ data: [UInt8]) -> [UInt8] {
        [type, UInt8(data.count)] + data
    }

    @Test func eachFamilyIsReadByItsModulation() throws {
        let cases: [(UInt8, [UInt8], PassiveModulation)] = [
            (0x10, Self.ntag, .typeA106), (0x20, Self.ntag, .typeA106), (0x00, Self.ntag, .typeA106),
            (0x11, Self.felica, .felica212), (0x12, Self.felica, .felica424), (0x01, Self.felica, .felica212),
            (0x03, Self.typeB, .typeB106), (0x23, Self.typeB, .typeB106), (0x04, Self.jewel, .jewel106),
        ]
        for (type, data, modulation) in cases {
            let targets = try TargetList(autoPollPayload: [0x61, 0x01] + Self.entry(type, data)).targets
            #expect(targets.map(\.modulation) == [modulation], "type \(type)")
            #expect(targets.map(\.targetData) == [data], "type \(type)")
        }
    }

    @Test func twoTargetsOfDifferentTypesAreBothRead() throws {
        var second = Self.jewel
        second[0] = 0x02
        let targets = try TargetList(autoPollPayload: [0x61, 0x02] + Self.entry(0x10, Self.ntag) + Self.entry(0x04, second)).targets
        #expect(targets.map(\.modulation) == [.typeA106, .jewel106])
        #expect(targets.map(\.number) == [1, 2])
    }

    @Test func nothingFoundIsNoTarget() throws {
        #expect(try TargetList(autoPollPayload: hex("61 00")).targets.isEmpty)
    }

    @Test(arguments: [
        (hex("61 03") + T.entry(0x10, T.ntag) + T.entry(0x10, T.ntag) + T.entry(0x10, T.ntag), ReplyError.Reason.unexpectedValue(field: "number of targets", value: 3)),
        ([0x61, 0x01] + T.entry(0x40, T.ntag), .unexpectedValue(field: "target type", value: 0x40)),
        ([0x61, 0x01] + T.entry(0x7E, T.ntag), .unexpectedValue(field: "target type", value: 0x7E)),
        (hex("61 01 10 0D") + T.ntag + [0x00], .unexpectedValue(field: "target data length", value: 0x0D)),
        (hex("61 01 11 0C") + T.ntag, .unexpectedValue(field: "POL_RES length", value: 0x00)),
        (hex("61 01 04 09") + T.jewel, .tooShort(field: "target data", needed: 9, available: 7)),
        (hex("4B 00"), .wrongResponseCode(0x4B)),
    ])
    func aHostileReplyIsAReplyError(_ payload: [UInt8], _ reason: ReplyError.Reason) {
        #expect(throws: ReplyError(command: .inAutoPoll, payload: payload, reason: reason)) {
            try TargetList(autoPollPayload: payload)
        }
    }

    @Test func anEntryShorterThanItsTargetDataIsAReplyError() {
        // The type A data says 7 UID bytes, the entry's length only 8 bytes in all: the parser
        // would run into the next entry.
        let payload = hex("61 02 10 08") + Self.ntag.prefix(8) + hex("04 07") + Self.jewel
        #expect(throws: ReplyError.self) { try TargetList(autoPollPayload: payload) }
    }

    @Test func eachFamilyIsAskedForByItsOwnTypeAndNoDEP() {
        #expect(PassiveModulation.allCases.map(\.autoPollType.rawValue) == [0x10, 0x11, 0x12, 0x03, 0x04])
        #expect(PassiveModulation.allCases.allSatisfy { $0.autoPollType.listedModulation == $0 })
    }
}
