import NFCCore
import TestSupport
import PN532
import PN532Simulator
import Testing

/// The FeliCa Lite-S through the simulated PN532: polling at 212 and 424 kbps with the system
/// code, Read and Write Without Encryption through InDataExchange and InCommunicateThru,
/// Request Service and Request System Code.
struct FeliCaCardTests {
    static let idm = hex("01 2E 4C 53 00 00 00 42")
    static let pmm = hex("00 F1 00 00 00 01 43 00")

    static func selected() throws -> FrameHost {
        let host = try FrameHost.awake(tags: [SimulatedTag(product: .felicaLiteS, uid: idm)])
        _ = try host.exchange([0x4A, 0x01, 0x01, 0x00, 0xFF, 0xFF, 0x01, 0x00])
        return host
    }

    @Test(arguments: [UInt8(0x01), 0x02])
    func pollingReportsIDmPMmAndSystemCode(_ rate: UInt8) throws {
        let host = try FrameHost.awake(tags: [SimulatedTag(product: .felicaLiteS, uid: Self.idm)])
        let answer = try host.response(to: [0x4A, 0x01, rate, 0x00, 0xFF, 0xFF, 0x01, 0x00])
        #expect(answer == [0x4B, 0x01, 0x01, 0x14, 0x01] + Self.idm + Self.pmm + [0x88, 0xB4])
    }

    @Test func pollingForTheNFCForumSystemCodeReportsIt() throws {
        let host = try FrameHost.awake(tags: [SimulatedTag(product: .felicaLiteS, uid: Self.idm)])
        let answer = try host.response(to: [0x4A, 0x01, 0x01, 0x00, 0x12, 0xFC, 0x01, 0x00])
        #expect(answer?.suffix(2) == [0x12, 0xFC])
    }

    @Test func pollingWithoutRequestCodeHasNoSystemCode() throws {
        let host = try FrameHost.awake(tags: [SimulatedTag(product: .felicaLiteS, uid: Self.idm)])
        let answer = try host.response(to: [0x4A, 0x01, 0x01, 0x00, 0xFF, 0xFF, 0x00, 0x00])
        #expect(answer == [0x4B, 0x01, 0x01, 0x12, 0x01] + Self.idm + Self.pmm)
    }

    @Test func anotherSystemCodeFindsNothing() throws {
        let host = try FrameHost.awake(tags: [SimulatedTag(product: .felicaLiteS, uid: Self.idm)])
        _ = try host.exchange([0x32, 0x05, 0xFF, 0x01, 0x00])
        #expect(try host.response(to: [0x4A, 0x01, 0x01, 0x00, 0xFE, 0x00, 0x01, 0x00]) == [0x4B, 0x00])
    }

    @Test func aFeliCaPollFindsOnlyTheFeliCaCard() throws {
        let tags = [SimulatedTag(product: .phone), SimulatedTag(product: .classic1k), SimulatedTag(product: .felicaLiteS, uid: Self.idm)]
        let host = try FrameHost.awake(tags: tags)
        let answer = try host.response(to: [0x4A, 0x02, 0x01, 0x00, 0xFF, 0xFF, 0x01, 0x00])
        #expect(answer == [0x4B, 0x01, 0x01, 0x14, 0x01] + Self.idm + Self.pmm + [0x88, 0xB4])
    }

    @Test func aTypeAPollDoesNotFindTheFeliCaCard() throws {
        let host = try FrameHost.awake(tags: [SimulatedTag(product: .felicaLiteS, uid: Self.idm)])
        _ = try host.exchange([0x32, 0x05, 0xFF, 0x01, 0x00])
        #expect(try host.response(to: [0x4A, 0x01, 0x00]) == [0x4B, 0x00])
    }

    @Test func readWithoutEncryptionGivesTheAttributeBlock() throws {
        let host = try Self.selected()
        let read = [0x10, 0x06] + Self.idm + [0x01, 0x0B, 0x00, 0x01, 0x80, 0x00]
        let answer = try #require(try host.response(to: [0x40, 0x01] + read))
        #expect(Array(answer.prefix(4)) == [0x41, 0x00, 0x1D, 0x07])
        #expect(Array(answer[4..<12]) == Self.idm)
        #expect(Array(answer[12..<15]) == [0x00, 0x00, 0x01])
        let attribute = Array(answer[15..<31])
        #expect(Array(attribute.prefix(5)) == [0x10, 0x04, 0x01, 0x00, 0x0D])
        let sum = attribute.prefix(14).reduce(0) { $0 + Int($1) }
        #expect(Int(attribute[14]) << 8 | Int(attribute[15]) == sum)
    }

    @Test func writeWithoutEncryptionStoresABlockReadBackThroughInCommunicateThru() throws {
        let host = try Self.selected()
        let data = (0..<16).map { UInt8($0 + 0x40) }
        let write = [0x20, 0x08] + Self.idm + [0x01, 0x09, 0x00, 0x01, 0x80, 0x05] + data
        #expect(try host.response(to: [0x40, 0x01] + write) == [0x41, 0x00, 0x0C, 0x09] + Self.idm + [0x00, 0x00])
        let read = [0x10, 0x06] + Self.idm + [0x01, 0x0B, 0x00, 0x01, 0x80, 0x05]
        #expect(try host.response(to: [0x42] + read)?.suffix(16) == ArraySlice(data))
    }

    @Test func writingThroughTheReadOnlyServiceIsRefused() throws {
        let host = try Self.selected()
        let write = [0x20, 0x08] + Self.idm + [0x01, 0x0B, 0x00, 0x01, 0x80, 0x05] + [UInt8](repeating: 1, count: 16)
        #expect(try host.response(to: [0x40, 0x01] + write) == [0x41, 0x00, 0x0C, 0x09] + Self.idm + [0xFF, 0xA6])
    }

    @Test func aBlockThatDoesNotExistIsAnError() throws {
        let host = try Self.selected()
        let read = [0x10, 0x06] + Self.idm + [0x01, 0x0B, 0x00, 0x01, 0x80, 0x40]
        #expect(try host.response(to: [0x40, 0x01] + read) == [0x41, 0x00, 0x0C, 0x07] + Self.idm + [0xFF, 0xA8])
    }

    @Test func requestServiceGivesAKeyVersionForEachNode() throws {
        let host = try Self.selected()
        // The root area, the read-only service, a service the card does not have.
        let request = [0x02] + Self.idm + [0x03, 0x00, 0x00, 0x0B, 0x00, 0x48, 0x10]
        #expect(try host.response(to: [0x40, 0x01, UInt8(request.count + 1)] + request) == [0x41, 0x00, 0x11, 0x03] + Self.idm + [0x03, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF])
    }

    @Test(arguments: [[UInt8]([0x00]), [0x02, 0x0B, 0x00], [0x21] + [UInt8](repeating: 0, count: 66)])
    func aRequestServiceWithABadNodeListIsNotAnswered(_ nodes: [UInt8]) throws {
        let host = try Self.selected()
        let request = [0x02] + Self.idm + nodes
        #expect(try host.response(to: [0x40, 0x01, UInt8(request.count + 1)] + request) == [0x41, 0x01])
    }

    @Test func requestSystemCodeListsTheCodesTheCardIsPolledFor() throws {
        let host = try Self.selected()
        let request = [0x0A, 0x0C] + Self.idm
        #expect(try host.response(to: [0x40, 0x01] + request) == [0x41, 0x00, 0x0F, 0x0D] + Self.idm + [0x02, 0x88, 0xB4, 0x12, 0xFC])
    }
}
