import Basics
import NFCCore
import PN532
import PN532Simulator
import TestSupport
import Testing

/// InAutoPoll on the simulated chip, in raw frames: each family found in its own window and
/// reported as its type with InListPassiveTarget's target data, PollNr n ending with `61 00`
/// after n pollings of Period × 150 ms per type, PollNr FF waiting until a card comes, and an
/// ACK cancelling the polling.
struct SimulatedPN532AutoPollTests {
    static let idm = hex("01 2E 4C 53 00 00 00 42")
    static let pmm = hex("00 F1 00 00 00 01 43 00")
    static let topaz = hex("04 70 AA BB CC DD EE")
    static let ntag = hex("04 A1 1C E0 00 00 01")
    static let pupi = hex("B0 14 44 3B")
    /// Every family, as the field watcher asks for them: MIFARE, FeliCa 212, FeliCa 424,
    /// type B, Jewel.
    static let everyType: [UInt8] = [0x10, 0x11, 0x12, 0x03, 0x04]

    @Test(arguments: [UInt8(0x11), 0x01])
    func aFeliCaCardAt212IsReportedAsFeliCa212WithItsPollingAnswer(_ type: UInt8) throws {
        let host = try FrameHost.awake(tags: [SimulatedTag(product: .felicaLiteS, uid: Self.idm)])
        let answer = try host.response(to: [0x60, 0x01, 0x01, type])
        let entry = [0x01, 0x14, 0x01] + Self.idm + Self.pmm + [0x88, 0xB4]
        #expect(answer == [0x61, 0x01, 0x11, UInt8(entry.count)] + entry, "system code FFFF, the system code asked for")
    }

    @Test func aFeliCaCardAt424IsReportedAsFeliCa424() throws {
        let host = try FrameHost.awake(tags: [SimulatedTag(product: .felicaLiteS, uid: Self.idm)])
        #expect(try host.response(to: [0x60, 0x01, 0x01, 0x12])?.prefix(5) == [0x61, 0x01, 0x12, 0x15, 0x01])
    }

    @Test func aTopazIsReportedAsJewelWithSENSRESAndJewelID() throws {
        let host = try FrameHost.awake(tags: [SimulatedTag(product: .topaz512, uid: Self.topaz)])
        #expect(try host.response(to: [0x60, 0x01, 0x01, 0x04]) == [0x61, 0x01, 0x04, 0x07, 0x01, 0x0C, 0x00, 0x04, 0x70, 0xAA, 0xBB])
    }

    @Test func aTypeATagIsReportedAsMIFARE() throws {
        let host = try FrameHost.awake(tags: [SimulatedTag(product: .ntag213, uid: Self.ntag)])
        let answer = try host.response(to: [0x60, 0x01, 0x01] + Self.everyType)
        #expect(answer == [0x61, 0x01, 0x10, 0x0C, 0x01, 0x00, 0x44, 0x00, 0x07] + Self.ntag)
    }

    /// Polling with Period 2 (300 ms windows, a 1.5 s polling), a card arriving 3.1 s in, in
    /// the third polling's type A window: found at once when it is type A, else when its
    /// family's window opens.
    @Test(arguments: [
        (TagProduct.ntag213, UInt8(0x10), 3100), (.felicaLiteS, 0x11, 3300), (.typeB, 0x03, 3900), (.topaz512, 0x04, 4200),
    ])
    func eachFamilyIsFoundInItsOwnWindowOfPeriodTimes150Milliseconds(_ product: TagProduct, _ type: UInt8, _ foundAt: Int) throws {
        let host = try FrameHost.awake()
        try host.send([0x60, 0xFF, 0x02] + Self.everyType)
        #expect(try host.frames(within: .milliseconds(50)) == [.ack])
        // The polling began as the ACK was sent, one ACK's UART time before it arrived.
        let ackTime = Duration.uart(bytes: acknowledgementBytes.count, bitsPerSecond: 115_200)
        let start = MonotonicTime(nanoseconds: host.lastArrival.nanoseconds - ackTime.nanoseconds)
        let uid = product == .felicaLiteS ? Self.idm : product == .typeB ? Self.pupi : product == .topaz512 ? Self.topaz : Self.ntag
        host.chip.schedule(.present(SimulatedTag(product: product, uid: uid)), at: start + .milliseconds(3100))
        let frames = try host.frames(within: .seconds(5))
        guard frames.count == 1, case .information(.chipToHost, let reply) = frames[0] else {
            Issue.record("not one reply: \(frames)")
            return
        }
        #expect(reply.prefix(3) == [0x61, 0x01, type])
        let found = host.lastArrival - start
        #expect(found >= Duration.milliseconds(foundAt) && found < Duration.milliseconds(foundAt + 10))
    }

    @Test func pollNrNEndsWithNoTargetAfterNPollingsOfEveryType() throws {
        let host = try FrameHost.awake()
        let start = host.link.now
        let answer = try host.response(to: [0x60, 0x02, 0x01] + Self.everyType, within: .seconds(3))
        #expect(answer == [0x61, 0x00])
        let elapsed = host.lastArrival - start
        // 2 pollings × 5 types × 150 ms.
        #expect(elapsed >= .milliseconds(1500) && elapsed < .milliseconds(1520))
    }

    @Test func pollNrFFWaitsUntilACardComes() throws {
        let host = try FrameHost.awake()
        try host.send([0x60, 0xFF, 0x01] + Self.everyType)
        #expect(try host.frames(within: .seconds(30)) == [.ack])
        host.chip.schedule(.present(SimulatedTag(product: .topaz512, uid: Self.topaz)), at: host.link.now + .milliseconds(10))
        #expect(try host.frames(within: .seconds(1)).count == 1)
    }

    @Test func anACKCancelsThePolling() throws {
        let host = try FrameHost.awake()
        try host.send([0x60, 0xFF, 0x01] + Self.everyType)
        #expect(try host.frames(within: .milliseconds(200)) == [.ack])
        try host.link.write(acknowledgementBytes)
        host.chip.schedule(.present(SimulatedTag(product: .ntag213, uid: Self.ntag)), at: host.link.now + .milliseconds(10))
        #expect(try host.frames(within: .seconds(2)).isEmpty)
        #expect(try host.response(to: [0x02])?.first == 0x03, "the chip takes the next command")
    }

    @Test func twoCardsOfDifferentFamiliesAreReportedOneFamilyAtATimeInTheOrderAsked() throws {
        let tags = [SimulatedTag(product: .felicaLiteS, uid: Self.idm), SimulatedTag(product: .topaz512, uid: Self.topaz)]
        let host = try FrameHost.awake(tags: tags)
        #expect(try host.response(to: [0x60, 0x01, 0x01, 0x04, 0x11])?.prefix(4) == [0x61, 0x01, 0x04, 0x07])
        #expect(try host.response(to: [0x60, 0x01, 0x01, 0x11, 0x04])?.prefix(4) == [0x61, 0x01, 0x11, 0x15])
    }

    @Test(arguments: [[UInt8(0x00), 0x01, 0x10], [0x01, 0x00, 0x10], [0x01, 0x10, 0x10], [0x01, 0x01]])
    func aPollNrOf0APeriodOutside1To15OrNoTypeIsASyntaxError(_ parameters: [UInt8]) throws {
        let host = try FrameHost.awake()
        let frames = try host.exchange([0x60] + parameters)
        #expect(frames.count == 2 && frames[0] == .ack && frames[1] == .error)
    }
}
