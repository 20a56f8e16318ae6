import NFCCore
import TestSupport
import PN532
import PN532Simulator
import Testing

/// ISO-DEP cards through the simulated PN532: the ATS in the poll answer (automatic RATS),
/// APDUs through InDataExchange, the phone's random UID.
struct ISODEPCardTests {
    static let uid = hex("04 DE 5F 1E 00 00 01")

    static func selected(_ tag: SimulatedTag = SimulatedTag(product: .desfire, uid: uid)) throws -> FrameHost {
        let host = try FrameHost.awake(tags: [tag])
        _ = try host.exchange([0x4A, 0x01, 0x00])
        return host
    }

    @Test func thePollAnswerCarriesTheATS() throws {
        let host = try FrameHost.awake(tags: [SimulatedTag(product: .desfire, uid: Self.uid)])
        let expected = [0x4B, 0x01, 0x01, 0x03, 0x44, 0x20, 0x07] + Self.uid + [0x06, 0x75, 0x77, 0x81, 0x02, 0x80]
        #expect(try host.response(to: [0x4A, 0x01, 0x00]) == expected)
    }

    @Test func withoutAutomaticRATSThereIsNoATSAndRawRATSGetsIt() throws {
        let host = try FrameHost.awake(tags: [SimulatedTag(product: .desfire, uid: Self.uid)])
        #expect(try host.response(to: [0x12, 0x04]) == [0x13])
        #expect(try host.response(to: [0x4A, 0x01, 0x00]) == [0x4B, 0x01, 0x01, 0x03, 0x44, 0x20, 0x07] + Self.uid)
        #expect(try host.response(to: [0x42, 0xE0, 0x50]) == [0x43, 0x00, 0x06, 0x75, 0x77, 0x81, 0x02, 0x80])
    }

    @Test func nativeGetVersionChainsThreeParts() throws {
        let host = try Self.selected()
        #expect(try host.response(to: [0x40, 0x01, 0x60]) == [0x41, 0x00, 0xAF, 0x04, 0x01, 0x01, 0x01, 0x00, 0x18, 0x05])
        #expect(try host.response(to: [0x40, 0x01, 0xAF]) == [0x41, 0x00, 0xAF, 0x04, 0x01, 0x01, 0x01, 0x04, 0x18, 0x05])
        let last = try host.response(to: [0x40, 0x01, 0xAF])
        #expect(last?.prefix(3) == [0x41, 0x00, 0x00])
        #expect(last.map { Array($0[3..<10]) } == Self.uid)
        #expect(last?.count == 17)
    }

    @Test func wrappedGetVersionEndsWith91AF() throws {
        let host = try Self.selected()
        #expect(try host.response(to: [0x40, 0x01, 0x90, 0x60, 0x00, 0x00, 0x00]) == [0x41, 0x00, 0x04, 0x01, 0x01, 0x01, 0x00, 0x18, 0x05, 0x91, 0xAF])
    }

    @Test func selectingTheNDEFApplicationIsNotFound() throws {
        let host = try Self.selected()
        let select = hex("00 A4 04 00 07 D2 76 00 00 85 01 01 00")
        #expect(try host.response(to: [0x40, 0x01] + select) == [0x41, 0x00, 0x6A, 0x82])
    }

    @Test func unknownCommandsAreRefusedAsADESFireDoes() throws {
        let host = try Self.selected()
        #expect(try host.response(to: [0x40, 0x01, 0x00, 0xB0, 0x00, 0x00, 0x0F]) == [0x41, 0x00, 0x69, 0x85])
        #expect(try host.response(to: [0x40, 0x01, 0x00, 0xCA, 0x00, 0x00, 0x00]) == [0x41, 0x00, 0x6D, 0x00])
        #expect(try host.response(to: [0x40, 0x01, 0x90, 0x42, 0x00, 0x00, 0x00]) == [0x41, 0x00, 0x91, 0x1C])
        #expect(try host.response(to: [0x40, 0x01, 0x42]) == [0x41, 0x00, 0x1C])
    }

    @Test func thePhoneAnswersNDEFSelectWith6A82() throws {
        let host = try Self.selected(SimulatedTag(product: .phone))
        let select = hex("00 A4 04 00 07 D2 76 00 00 85 01 01 00")
        #expect(try host.response(to: [0x40, 0x01] + select) == [0x41, 0x00, 0x6A, 0x82])
    }

    @Test func thePhoneHasANewRandomUIDStarting08EachTimeTheFieldComesOn() throws {
        let host = try FrameHost.awake(tags: [SimulatedTag(product: .phone)])
        var uids: [[UInt8]] = []
        for _ in 0..<3 {
            _ = try host.exchange([0x32, 0x01, 0x00])
            _ = try host.exchange([0x32, 0x01, 0x01])
            let answer = try #require(try host.response(to: [0x4A, 0x01, 0x00]))
            #expect(Array(answer[2..<7]) == [0x01, 0x00, 0x04, 0x20, 0x04])
            uids.append(Array(answer[7..<11]))
        }
        #expect(uids.allSatisfy { $0[0] == 0x08 })
        #expect(Set(uids).count == 3)
    }

    @Test func inDeselectHaltsTheCard() throws {
        let host = try Self.selected()
        #expect(try host.response(to: [0x44, 0x01]) == [0x45, 0x00])
        _ = try host.exchange([0x32, 0x05, 0xFF, 0x01, 0x00])
        #expect(try host.response(to: [0x4A, 0x01, 0x00]) == [0x4B, 0x00])
    }

    static let ntag424UID = hex("04 45 1C 9A 6E 71 80")

    static func ntag424() throws -> FrameHost {
        try selected(SimulatedTag(product: .ntag424, uid: ntag424UID))
    }

    @Test func theNTAG424DNAIsListedWithItsATQASAKAndATS() throws {
        let host = try FrameHost.awake(tags: [SimulatedTag(product: .ntag424, uid: Self.ntag424UID)])
        let expected = [0x4B, 0x01, 0x01, 0x03, 0x44, 0x20, 0x07] + Self.ntag424UID + [0x06, 0x77, 0x77, 0x71, 0x02, 0x80]
        #expect(try host.response(to: [0x4A, 0x01, 0x00]) == expected)
    }

    @Test func theNTAG424DNAAnswersWrappedGetVersionWithItsDataSheetsBytes() throws {
        let host = try Self.ntag424()
        #expect(try host.response(to: [0x40, 0x01] + hex("90 60 00 00 00")) == [0x41, 0x00] + hex("04 04 02 30 00 11 05 91 AF"))
        #expect(try host.response(to: [0x40, 0x01] + hex("90 AF 00 00 00")) == [0x41, 0x00] + hex("04 04 02 01 02 11 05 91 AF"))
        let last = try #require(try host.response(to: [0x40, 0x01] + hex("90 AF 00 00 00")))
        #expect(last.count == 2 + 14 + 2)
        #expect(Array(last[2..<9]) == Self.ntag424UID)
        #expect(last.suffix(2) == [0x91, 0x00])
        #expect(try host.response(to: [0x40, 0x01] + hex("90 AF 00 00 00")) == [0x41, 0x00, 0x91, 0x1C])
    }

    @Test func theNTAG424DNASelectsItsNDEFApplicationAndNoOther() throws {
        let host = try Self.ntag424()
        #expect(try host.response(to: [0x40, 0x01] + hex("00 A4 04 00 07 D2 76 00 00 85 01 01 00")) == [0x41, 0x00, 0x90, 0x00])
        #expect(try host.response(to: [0x40, 0x01] + hex("00 A4 04 0C 07 D2 76 00 00 85 01 01")) == [0x41, 0x00, 0x90, 0x00])
        #expect(try host.response(to: [0x40, 0x01] + hex("00 A4 04 00 07 D2 76 00 00 85 01 02 00")) == [0x41, 0x00, 0x6A, 0x82])
        #expect(try host.response(to: [0x40, 0x01] + hex("00 A4 04 00 06 D2 76 00 00 85 01 00")) == [0x41, 0x00, 0x6A, 0x82])
        // The application stays selected after a SELECT that fails: its CC file E103 is found.
        #expect(try host.response(to: [0x40, 0x01] + hex("00 A4 00 0C 02 E1 03")) == [0x41, 0x00, 0x90, 0x00])
        #expect(try host.response(to: [0x40, 0x01] + hex("00 A4 04 00 07 D2 76 00")) == [0x41, 0x00, 0x6A, 0x82])
    }

    @Test func theNTAG424DNARefusesWhatItDoesNotSimulate() throws {
        let host = try Self.ntag424()
        // READ BINARY before any file is selected: conditions of use not satisfied.
        #expect(try host.response(to: [0x40, 0x01] + hex("00 B0 00 00 0F")) == [0x41, 0x00, 0x69, 0x85])
        #expect(try host.response(to: [0x40, 0x01] + hex("00 84 00 00 08")) == [0x41, 0x00, 0x6D, 0x00])
        // GetApplicationIDs is a DESFire command the NTAG 424 DNA does not have (AuthenticateEV2First,
        // refused here before, is now simulated: NTAG424AuthenticationTests).
        #expect(try host.response(to: [0x40, 0x01] + hex("90 6A 00 00 00")) == [0x41, 0x00, 0x91, 0x1C])
        #expect(try host.response(to: [0x40, 0x01, 0x60]) == [0x41, 0x00, 0x6E, 0x00])
        #expect(try host.response(to: [0x40, 0x01, 0x00]) == [0x41, 0x00, 0x6E, 0x00])
    }
}
