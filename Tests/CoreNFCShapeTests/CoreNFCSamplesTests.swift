import Dispatch
import NDEF
import NFCReader
import PN532ReaderSimulator
import PN532Simulator
import Synchronization
import Testing
import Type2

/// Apple's Core NFC sample code (the files under `Samples`), compiled as Apple writes it and
/// run against the simulator: each test sets the reader Core NFC's initialisers open
/// (`NFCReaderDevice.default`), so the suite runs its tests one at a time.
@Suite(.serialized) struct CoreNFCSamplesTests {
    init() {
        SimulatorKind.register()
    }

    /// The URI the tags hold at first.
    static let uri = "https://example.com/front-desk"

    /// A simulated NTAG213 holding `message`, on a chip the reader sessions open in turn.
    private func field(holding message: NFCNDEFMessage) throws -> (chip: SimulatedPN532, tag: SimulatedTag) {
        var tag = SimulatedTag(product: .ntag213)
        let tlv = try Type2DataArea.ndefTLV(for: message.encoded())
        tag.memory.replaceSubrange(16..<16 + tlv.count, with: tlv)
        let chip = SimulatedPN532(tags: [tag])
        NFCReaderDevice.default = .reader(.simulating(chip))
        return (chip, tag)
    }

    private func uriMessage(_ uri: String = Self.uri) throws -> NFCNDEFMessage {
        NFCNDEFMessage(records: [try #require(NFCNDEFPayload.wellKnownTypeURIPayload(string: uri))])
    }

    @Test func didDetectNDEFsGetsTheTagsURI() async throws {
        let message = try uriMessage()
        _ = try field(holding: message)
        let screen = Screen()
        let reader = MessagesReader(screen: screen)
        reader.beginScanning()
        await screen.waitUntilSessionEnds()
        #expect(reader.detectedMessages == [message])
        #expect(reader.detectedMessages.first?.records.first?.wellKnownTypeURIPayload() == Self.uri)
        #expect(screen.alerts.isEmpty, "the session ended after its first read, which is no alert")
    }

    @Test func didDetectTagsConnectsQueriesAndReads() async throws {
        let message = try uriMessage()
        _ = try field(holding: message)
        let screen = Screen()
        let reader = TagMessagesReader(screen: screen)
        reader.beginScanning()
        await screen.waitUntilSessionEnds()
        #expect(reader.detectedMessages == [message])
        #expect(screen.alerts == ["Found 1 NDEF message"])
    }

    @Test func aMessageWrittenWithWriteNDEFIsReadBack() async throws {
        _ = try field(holding: try uriMessage())
        let written = NFCNDEFMessage(records: [
            try #require(NFCNDEFPayload.wellKnownTypeURIPayload(string: "https://example.org/visitors")),
            try NFCNDEFPayload.wellKnownTypeTextPayload(string: "Front desk", locale: "en"),
        ])
        let screen = Screen()
        let writer = MessageWriter(screen: screen, message: written)
        writer.beginWrite()
        await screen.waitUntilSessionEnds()
        #expect(screen.alerts == ["Write NDEF message successful."])

        let readBack = Screen()
        let reader = TagMessagesReader(screen: readBack)
        reader.beginScanning()
        await readBack.waitUntilSessionEnds()
        #expect(reader.detectedMessages == [written])
    }

    @Test func writeLockMakesTheTagReadOnly() async throws {
        _ = try field(holding: try uriMessage())
        let screen = Screen()
        MessageWriter(screen: screen, message: try uriMessage("https://example.org/locked"), locks: true).beginWrite()
        await screen.waitUntilSessionEnds()
        #expect(screen.alerts == ["Tag locked."])

        let again = Screen()
        MessageWriter(screen: again, message: try uriMessage("https://example.org/other")).beginWrite()
        await again.waitUntilSessionEnds()
        #expect(again.alerts == ["Tag is read only."])
    }

    @Test func sendMiFareCommandReadsPage4To7() async throws {
        let (_, tag) = try field(holding: try uriMessage())
        let screen = Screen()
        let commander = TagCommander(screen: screen)
        commander.beginScanning()
        await screen.waitUntilSessionEnds()
        #expect(commander.response == Array(tag.memory[16..<32]))
        #expect(screen.alerts == ["Read 16 bytes."])
    }

    @Test func sendCommandAPDUAnswersTheStatusWord() async throws {
        NFCReaderDevice.default = .named("sim:ntag424")
        let screen = Screen()
        let commander = TagCommander(screen: screen)
        commander.beginScanning()
        await screen.waitUntilSessionEnds()
        #expect(commander.statusWord.map { [$0.0, $0.1] } == [0x90, 0x00])
        #expect(commander.response == [])
        #expect(screen.alerts == ["SELECT answered."])
    }

    @Test func aFeliCaCardAnswersRequestResponse() async throws {
        NFCReaderDevice.default = .named("sim:felica-lite-s")
        let screen = Screen()
        let commander = TagCommander(screen: screen)
        commander.beginScanning()
        await screen.waitUntilSessionEnds()
        #expect(screen.alerts == ["Mode 0."])
    }

    @Test func aPollingOptionWithoutATechnologyGivesNoSession() {
        let commander = TagCommander(screen: Screen())
        #expect(NFCTagReaderSession(pollingOption: [], delegate: commander, queue: nil) == nil)
        #expect(NFCTagReaderSession(pollingOption: NFCTagReaderSession.PollingOption(rawValue: 2), delegate: commander, queue: nil) == nil)
    }

    @Test func theDelegateAndTheHandlersAreCalledOnTheQueueGiven() async throws {
        _ = try field(holding: try uriMessage())
        let queue = DispatchQueue(label: "core-nfc-shape-tests")
        let delegate = QueueCheckingDelegate(queue: queue)
        let session = NFCNDEFReaderSession(delegate: delegate, queue: queue, invalidateAfterFirstRead: false)
        session.begin()
        await delegate.screen.waitUntilSessionEnds()
        #expect(delegate.calls == ["didBecomeActive", "didDetect tags", "connect", "readNDEF", "didInvalidate"])
        #expect(delegate.offQueue == 0)
    }
}

/// A delegate that notes each call, and whether it came on its queue.
final class QueueCheckingDelegate: NFCNDEFReaderSessionDelegate, Sendable {
    private let key = DispatchSpecificKey<Bool>()
    private let record = Mutex<(calls: [String], offQueue: Int)>(([], 0))
    let screen = Screen()

    init(queue: DispatchQueue) {
        queue.setSpecific(key: key, value: true)
    }

    var calls: [String] { record.withLock { $0.calls } }
    var offQueue: Int { record.withLock { $0.offQueue } }

    private func note(_ call: String) {
        let onQueue = DispatchQueue.getSpecific(key: key) == true
        record.withLock {
            $0.calls.append(call)
            if !onQueue { $0.offQueue += 1 }
        }
    }

    func readerSessionDidBecomeActive(_ session: NFCNDEFReaderSession) {
        note("didBecomeActive")
    }

    func readerSession(_ session: NFCNDEFReaderSession, didDetect tags: [NFCNDEFTag]) {
        note("didDetect tags")
        guard let tag = tags.first else { return session.invalidate() }
        session.connect(to: tag) { error in
            self.note("connect")
            tag.readNDEF { message, error in
                self.note("readNDEF")
                session.invalidate()
            }
        }
    }

    func readerSession(_ session: NFCNDEFReaderSession, didInvalidateWithError error: Error) {
        note("didInvalidate")
        screen.sessionEnded()
    }
}
