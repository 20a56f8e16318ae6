import NDEF
import PN532ReaderSimulator
import Testing
@testable import NFCReader

/// The Core NFC sessions on a reader behind the simulated SPI bus: the same session as on the
/// other links, only the link differs.
@Suite struct NFCSessionsOverSPITests {
    init() {
        SimulatorKind.register()
    }

    @Test func anNDEFSessionReadsTheSimulatorsTagOverSPI() async throws {
        let session = NFCNDEFReaderSession(device: "sim-spi", invalidateAfterFirstRead: true, timeout: .seconds(10))
        session.begin()
        let (detections, error) = await collect(session.detections)
        #expect(error == nil)
        #expect(detections.map(messages) == [[NDEFMessage(records: [.uri("https://github.com/pn532ctl/pn532ctl")])]])
    }

    @Test func aTagSessionReportsATagOverSPI() async throws {
        let session = NFCTagReaderSession(pollingOption: [.iso14443], device: "sim-spi:ntag213")
        session.begin()
        var iterator = session.detections.makeAsyncIterator()
        let tags = try #require(try await iterator.next())
        session.invalidate()
        try #require(tags.count == 1)
        guard case .miFare(let tag) = tags[0] else { Issue.record("\(tags[0])"); return }
        #expect(tag.mifareFamily == .ultralight)
        #expect(tag.identifier.count == 7)
    }
}
