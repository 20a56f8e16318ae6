import Basics
import NFCCore
import PN532
import PN532Simulator
import Testing
import TestSupport

/// The initiator commands: InListPassiveTarget, InDataExchange, InCommunicateThru, and the
/// field faults (a tag arriving, a tag removed after N commands).
struct SimulatedPN532TargetsTests {
    static let firstUID = hex("04 11 22 33 44 55 66")
    static let secondUID = hex("04 AA BB CC DD EE FF")

    /// InListPassiveTarget's data for target `number` with a 7-byte UID: ATQA 0044, SAK 00.
    static func targetData(_ number: UInt8, uid: [UInt8]) -> [UInt8] {
        [number, 0x00, 0x44, 0x00, 0x07] + uid
    }

    /// An awake chip with `tags`, and the first of them selected as target 1.
    static func selected(_ tags: [SimulatedTag]) throws -> FrameHost {
        let host = try FrameHost.awake(tags: tags)
        _ = try host.exchange([0x4A, 0x01, 0x00])
        return host
    }

    @Test func anEmptyFieldGivesNoTarget() throws {
        let host = try FrameHost.awake()
        _ = try host.exchange([0x32, 0x05, 0xFF, 0x01, 0x00])
        #expect(try host.response(to: [0x4A, 0x02, 0x00]) == [0x4B, 0x00])
    }

    @Test func oneTagGivesOneTarget() throws {
        let host = try FrameHost.awake(tags: [SimulatedTag(product: .ntag215, uid: Self.firstUID)])
        #expect(try host.response(to: [0x4A, 0x02, 0x00]) == [0x4B, 0x01] + Self.targetData(1, uid: Self.firstUID))
    }

    @Test func twoTagsGiveTwoTargets() throws {
        let tags = [SimulatedTag(product: .ntag213, uid: Self.firstUID), SimulatedTag(product: .ntag216, uid: Self.secondUID)]
        let host = try FrameHost.awake(tags: tags)
        let expected = [0x4B, 0x02] + Self.targetData(1, uid: Self.firstUID) + Self.targetData(2, uid: Self.secondUID)
        #expect(try host.response(to: [0x4A, 0x02, 0x00]) == expected)
    }

    @Test func maxTargetsOneActivatesOneOfTwoTags() throws {
        let tags = [SimulatedTag(product: .ntag213, uid: Self.firstUID), SimulatedTag(product: .ntag216, uid: Self.secondUID)]
        let host = try FrameHost.awake(tags: tags)
        #expect(try host.response(to: [0x4A, 0x01, 0x00]) == [0x4B, 0x01] + Self.targetData(1, uid: Self.firstUID))
    }

    @Test func aPollWithMaxRetriesFFWaitsForATagToArrive() throws {
        let host = try FrameHost.awake()
        let arrival = host.link.now + .milliseconds(50)
        host.chip.schedule(.present(SimulatedTag(product: .ntag213, uid: Self.firstUID)), at: arrival)
        #expect(try host.response(to: [0x4A, 0x01, 0x00], within: .milliseconds(200)) == [0x4B, 0x01] + Self.targetData(1, uid: Self.firstUID))
        #expect(host.lastArrival > arrival)
        #expect(host.lastArrival < arrival + .milliseconds(10))
    }

    @Test func inDataExchangeReadsFourPages() throws {
        let tag = SimulatedTag(product: .ntag215)
        let host = try Self.selected([tag])
        #expect(try host.response(to: [0x40, 0x01, 0x30, 0x00]) == [0x41, 0x00] + Array(tag.memory[0..<16]))
    }

    @Test func inDataExchangeWritesAPageAndReportsTheACKAsSuccess() throws {
        let host = try Self.selected([SimulatedTag(product: .ntag215)])
        #expect(try host.response(to: [0x40, 0x01, 0xA2, 0x05, 0xDE, 0xAD, 0xBE, 0xEF]) == [0x41, 0x00])
        #expect(host.chip.field[0].storedPage(5) == [0xDE, 0xAD, 0xBE, 0xEF])
    }

    @Test func inDataExchangeReportsANAKAsAnError() throws {
        let host = try Self.selected([SimulatedTag(product: .ntag213)])
        let response = try #require(try host.response(to: [0x40, 0x01, 0xA2, 0xF0, 0x00, 0x00, 0x00, 0x00]))
        #expect(response.count == 2)
        #expect(response[1] & 0x3F != 0)
    }

    @Test func inDataExchangeToAnUnknownTargetIsNotAcceptable() throws {
        let host = try Self.selected([SimulatedTag(product: .ntag213)])
        #expect(try host.response(to: [0x40, 0x02, 0x30, 0x00]) == [0x41, 0x27])
    }

    @Test func inCommunicateThruWithCRCOnByDefault() throws {
        let host = try Self.selected([SimulatedTag(product: .ntag215)])
        #expect(try host.response(to: [0x42, 0x60]) == [0x43, 0x00] + hex("00 04 04 02 01 00 11 03"))
    }

    @Test func inCommunicateThruWithCRCOffNeedsTheHostsCRCAndReturnsTheTagsCRC() throws {
        let host = try Self.selected([SimulatedTag(product: .ntag215)])
        #expect(try host.response(to: [0x08, 0x63, 0x02, 0x00, 0x63, 0x03, 0x00]) == [0x09])
        let version = hex("00 04 04 02 01 00 11 03")
        #expect(try host.response(to: [0x42, 0x60, 0xF8, 0x32]) == [0x43, 0x00] + version + CRCA.checksum(version))
    }

    @Test func inCommunicateThruWithCRCOffAndNoCRCGetsNoAnswer() throws {
        let host = try Self.selected([SimulatedTag(product: .ntag215)])
        _ = try host.exchange([0x08, 0x63, 0x02, 0x00, 0x63, 0x03, 0x00])
        #expect(try host.response(to: [0x42, 0x60]) == [0x43, 0x01])
    }

    @Test func aFourBitACKWithReceiveCRCOffIsOneByte0A() throws {
        let host = try Self.selected([SimulatedTag(product: .ntag215)])
        _ = try host.exchange([0x08, 0x63, 0x03, 0x00])
        #expect(try host.response(to: [0x42, 0xA2, 0x06, 0x01, 0x02, 0x03, 0x04]) == [0x43, 0x00, 0x0A])
        #expect(host.chip.field[0].storedPage(6) == [0x01, 0x02, 0x03, 0x04])
    }

    @Test func aFourBitACKWithReceiveCRCOnIsAnError() throws {
        let host = try Self.selected([SimulatedTag(product: .ntag215)])
        let response = try #require(try host.response(to: [0x42, 0xA2, 0x06, 0x01, 0x02, 0x03, 0x04]))
        #expect(response.count == 2)
        #expect(response[1] & 0x3F != 0)
        #expect(host.chip.field[0].storedPage(6) == [0x01, 0x02, 0x03, 0x04])
    }

    @Test func aTagRemovedAfterTwoCommandsStopsAnswering() throws {
        let tag = SimulatedTag(product: .ntag215)
        let host = try Self.selected([tag])
        host.chip.removeTagAfterCommands = 2
        #expect(try host.response(to: [0x40, 0x01, 0x30, 0x04]) == [0x41, 0x00] + Array(tag.memory[16..<32]))
        #expect(try host.response(to: [0x40, 0x01, 0x30, 0x08]) == [0x41, 0x00] + Array(tag.memory[32..<48]))
        #expect(try host.response(to: [0x40, 0x01, 0x30, 0x0C]) == [0x41, 0x01])
        #expect(try host.response(to: [0x42, 0x60]) == [0x43, 0x01])
        #expect(host.chip.field.isEmpty)
    }

    @Test func aTagThatLeftStaysATargetThatDoesNotAnswer() throws {
        let host = try Self.selected([SimulatedTag(product: .ntag215)])
        host.chip.schedule(.remove(uid: nil), at: host.link.now + .milliseconds(5))
        host.link.advance(by: .milliseconds(10))
        #expect(host.chip.field.isEmpty)
        let status = try GeneralStatus(payload: try #require(try host.response(to: [0x04])))
        #expect(status.targets.map(\.number) == [1])
        #expect(try host.response(to: [0x40, 0x01, 0x30, 0x04]) == [0x41, 0x01])
        #expect(try host.response(to: [0x00, 0x06]) == [0x01, 0x01])
    }

    @Test func aTargetWhoseTagIsThereIsPresent() throws {
        let host = try Self.selected([SimulatedTag(product: .ntag215)])
        #expect(try host.response(to: [0x00, 0x06]) == [0x01, 0x00])
    }

    /// An InCommunicateThru with no data is no syntax error: the PN532 sends nothing and
    /// listens for a tag that talks first (an NFC Barcode), ending with status 01 (timeout)
    /// when none does. libnfc relies on it: its NFC Barcode poll (libnfc/chips/pn53x.c,
    /// NMT_BARCODE in pn53x_initiator_select_passive_target_ext and
    /// pn53x_ISO14443A_Barcode_is_present; ChangeLog 1.7.2 "Allows for sending empty data in
    /// nfc_initiator_transceive_bits") sends `42` alone, with the field, CRC and parity off, and
    /// reads a status error as "no barcode": a syntax error ended `nfc-list`'s poll instead.
    @Test func anEmptyInCommunicateThruListensUntilTheRFTimeout() throws {
        let host = try FrameHost.awake(tags: [SimulatedTag(product: .ntag215)])
        #expect(try host.response(to: [0x32, 0x01, 0x00]) == [0x33])
        #expect(try host.response(to: [0x08, 0x63, 0x02, 0x00, 0x63, 0x03, 0x00, 0x63, 0x0D, 0x10]) == [0x09])
        let sent = host.link.now
        #expect(try host.response(to: [0x42]) == [0x43, 0x01])
        #expect(host.lastArrival - sent > ChipTiming.rfTimeout(0x0A))
    }
}
