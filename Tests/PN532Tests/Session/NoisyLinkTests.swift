import Basics
import NFCCore
import PN532
import Testing

/// A UART whose line never stops carrying bytes that are no frame: every read returns noise
/// and a millisecond passes. It gives up after `readLimit` reads, recording an issue, so a
/// session that would read it forever fails the test instead of hanging it.
final class NoisyLink: ByteLink {
    let name = "noisy"
    let kind = LinkKind.uart
    let bitsPerSecond: Int? = 115_200
    static let readLimit = 100_000
    private(set) var now = MonotonicTime(nanoseconds: 0)
    private(set) var reads = 0

    func write(_ bytes: [UInt8]) throws(LinkError) {}

    func read(until deadline: MonotonicTime) throws(LinkError) -> [UInt8] {
        reads += 1
        guard reads < Self.readLimit else {
            Issue.record("the session read a noisy link \(reads) times, past its deadline")
            now = max(now, deadline)
            return []
        }
        now = now + .milliseconds(1)
        return [0x55, 0x00, 0xAA, 0x13, 0x37, 0xFF, 0x01, 0x02]
    }

    func discardInput() throws(LinkError) {}

    func setBitsPerSecond(_ rate: Int) throws(LinkError) {}
}

@Suite("A line full of noise cannot hold the session past its deadline")
struct NoisyLinkTests {
    @Test func aCommandOnANoisyLineFailsAtItsDeadlines() throws {
        let link = NoisyLink()
        let session = PN532Session(link: link)
        let error = try #require(throws: PN532Error.self) { try session.run(.getFirmwareVersion, timeout: .milliseconds(100)) }
        #expect(error.kind == .noAcknowledgement(attempts: session.settings.sendAttempts))
        #expect(link.reads < 1_000, "\(link.reads) reads")
    }
}
