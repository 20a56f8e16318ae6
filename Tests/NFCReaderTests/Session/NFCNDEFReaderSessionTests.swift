import Basics
import NDEF
import NFCCore
import PN532Simulator
import Synchronization
import Testing
@testable import NFCReader

@Suite struct NFCNDEFReaderSessionTests {
    @Test func firstReadReportsTheMessageThenInvalidates() async throws {
        let message = NDEFMessage(records: [.uri("https://example.com/door")])
        let field = SharedChip([try tag(holding: message)])
        let delegate = RecordingDelegate()
        let session = NFCNDEFReaderSession(reader: field.device, delegate: delegate, invalidateAfterFirstRead: true)
        session.begin()
        let (detections, error) = await collect(session.detections)
        #expect(error == nil)
        #expect(detections.map(messages) == [[message]])
        #expect(delegate.messages == [[message]])
        #expect(delegate.becameActive == 1)
        #expect(delegate.invalidation?.code == .readerSessionInvalidationErrorFirstNDEFTagRead)
        #expect(!session.isReady)
        #expect(!field.chip.isFieldOn)
    }

    @Test func aTagThatStaysIsReadOnceUntilTheSessionTimesOut() async throws {
        let message = NDEFMessage(records: [.uri("https://example.com/stay")])
        let field = SharedChip([try tag(holding: message)])
        let session = NFCNDEFReaderSession(reader: field.device, invalidateAfterFirstRead: false, timeout: .seconds(5))
        session.begin()
        let (detections, error) = await collect(session.detections)
        #expect(detections.map(messages) == [[message]])
        #expect(error?.code == .readerSessionInvalidationErrorSessionTimeout)
    }

    @Test func aTagThatLeavesAndComesBackIsReadAgain() async throws {
        let message = NDEFMessage(records: [.uri("https://example.com/again")])
        let present = try tag(uid: uidA, holding: message)
        let field = SharedChip([present])
        field.chip.schedule(.remove(uid: nil), at: MonotonicTime(nanoseconds: 1_000_000_000))
        field.chip.schedule(.present(present), at: MonotonicTime(nanoseconds: 2_000_000_000))
        let session = NFCNDEFReaderSession(reader: field.device, invalidateAfterFirstRead: false, timeout: .seconds(5))
        session.begin()
        let (detections, error) = await collect(session.detections)
        #expect(detections.map(messages) == [[message], [message]])
        #expect(error?.code == .readerSessionInvalidationErrorSessionTimeout)
    }

    @Test func theFieldWatcherSeesTheTagLeaveAndReportsItsReturnAtOnceOnTheVirtualClock() async throws {
        let message = NDEFMessage(records: [.uri("https://example.com/watched")])
        let present = try tag(uid: uidA, holding: message)
        let field = SharedChip([present])
        field.chip.schedule(.remove(uid: nil), at: MonotonicTime(nanoseconds: 1_000_000_000))
        field.chip.schedule(.present(present), at: MonotonicTime(nanoseconds: 1_500_000_000))
        let delegate = ClockedDelegate()
        field.chip.trace = { event in delegate.chipDid(at: event.time) }
        let session = NFCNDEFReaderSession(reader: field.device, delegate: delegate, invalidateAfterFirstRead: false, timeout: .seconds(3))
        session.begin()
        let (detections, error) = await collect(session.detections)
        #expect(detections.map(messages) == [[message], [message]])
        #expect(error?.code == .readerSessionInvalidationErrorSessionTimeout)
        let reads = delegate.reads
        #expect(reads.count == 2)
        #expect(reads.first.map { $0 < MonotonicTime(nanoseconds: 100_000_000) } == true)
        // Back at 1.5 s: the watcher had seen it leave (a presence check) and armed the chip,
        // which answers as the tag comes; the read follows.
        #expect(reads.last.map { $0 >= MonotonicTime(nanoseconds: 1_500_000_000) && $0 < MonotonicTime(nanoseconds: 1_600_000_000) } == true)
    }

    @Test func aTagJoiningOneAlreadyReadIsMoreThanOneTagAndNothingIsReadUntilOneComesAlone() async throws {
        let first = NDEFMessage(records: [.uri("https://example.com/first")])
        let second = NDEFMessage(records: [.uri("https://example.com/second")])
        let tagA = try tag(uid: uidA, holding: first)
        let field = SharedChip([tagA])
        field.chip.schedule(.present(try tag(uid: uidB, holding: second)), at: MonotonicTime(nanoseconds: 1_000_000_000))
        field.chip.schedule(.remove(uid: uidA), at: MonotonicTime(nanoseconds: 2_000_000_000))
        field.chip.schedule(.remove(uid: uidB), at: MonotonicTime(nanoseconds: 3_000_000_000))
        field.chip.schedule(.present(tagA), at: MonotonicTime(nanoseconds: 4_000_000_000))
        let session = NFCNDEFReaderSession(reader: field.device, invalidateAfterFirstRead: false, timeout: .seconds(5))
        session.begin()
        let (detections, error) = await collect(session.detections)
        #expect(detections.map(messages) == [[first], [first]])
        #expect(session.alertMessage == NFCNDEFReaderSession.moreThanOneTagMessage)
        #expect(error?.code == .readerSessionInvalidationErrorSessionTimeout)
    }

    @Test func twoTagsAreNotReadAndSayMoreThanOneTag() async throws {
        let first = NDEFMessage(records: [.uri("https://example.com/a")])
        let second = NDEFMessage(records: [.uri("https://example.com/b")])
        let tagA = try tag(uid: uidA, holding: first)
        let field = SharedChip([tagA, try tag(uid: uidB, holding: second)])
        field.chip.schedule(.remove(uid: nil), at: MonotonicTime(nanoseconds: 1_000_000_000))
        field.chip.schedule(.present(tagA), at: MonotonicTime(nanoseconds: 2_000_000_000))
        let session = NFCNDEFReaderSession(reader: field.device, invalidateAfterFirstRead: true)
        session.begin()
        let (detections, error) = await collect(session.detections)
        #expect(error == nil)
        #expect(detections.map(messages) == [[first]])
        #expect(session.alertMessage == NFCNDEFReaderSession.moreThanOneTagMessage)
    }

    @Test func anEmptyTagIsNotReported() async throws {
        let field = SharedChip([SimulatedTag(product: .ntag213)])
        let session = NFCNDEFReaderSession(reader: field.device, invalidateAfterFirstRead: true, timeout: .seconds(2))
        session.begin()
        let (detections, error) = await collect(session.detections)
        #expect(detections.isEmpty)
        #expect(error?.code == .readerSessionInvalidationErrorSessionTimeout)
    }

    @Test func tagsModeConnectsWritesAndRestartsPolling() async throws {
        let field = SharedChip([SimulatedTag(product: .ntag213, uid: uidA)])
        let session = NFCNDEFReaderSession(reader: field.device, reportsTags: true, invalidateAfterFirstRead: false)
        session.begin()
        let written = NDEFMessage(records: [.uri("https://example.com/written")])
        var reads: [NDEFMessage] = []
        for try await detection in session.detections {
            guard case .tags(let tags) = detection, let tag = tags.first else { continue }
            try await session.connect(to: tag)
            #expect(tag.isAvailable)
            if reads.isEmpty {
                try await tag.writeNDEF(written)
                reads.append(try await tag.readNDEF())
                session.restartPolling()
                #expect(!tag.isAvailable)
            } else {
                reads.append(try await tag.readNDEF())
                session.invalidate()
            }
        }
        #expect(reads == [written, written])
        #expect(!field.chip.isFieldOn)
    }

    @Test func invalidateWithAMessageKeepsItAndEndsAsCanceled() async throws {
        let field = SharedChip([])
        let delegate = RecordingDelegate()
        let session = NFCNDEFReaderSession(reader: field.device, delegate: delegate, invalidateAfterFirstRead: false)
        session.invalidate(errorMessage: "Tag is read only.")
        session.begin()
        let (detections, error) = await collect(session.detections)
        #expect(detections.isEmpty && error == nil)
        #expect(delegate.invalidation?.code == .readerSessionInvalidationErrorUserCanceled)
        #expect(delegate.invalidation?.message == "Tag is read only.")
        #expect(delegate.becameActive == 0)
    }

    @Test func aMIFAREClassicIsNotReadAndGetsNoCommand() async {
        let field = SharedChip([SimulatedTag(product: .classic1k)])
        let log = ChipCommandLog(field.chip)
        let session = NFCNDEFReaderSession(reader: field.device, invalidateAfterFirstRead: false, timeout: .seconds(3))
        session.begin()
        let (detections, error) = await collect(session.detections)
        #expect(detections.isEmpty)
        #expect(error?.code == .readerSessionInvalidationErrorSessionTimeout)
        #expect(log.tagCommands.isEmpty)
    }

    @Test func aBlankDESFireIsAskedForTheNDEFApplicationOnlyAndNotReported() async {
        let field = SharedChip([SimulatedTag(product: .desfire)])
        let log = ChipCommandLog(field.chip)
        let session = NFCNDEFReaderSession(reader: field.device, invalidateAfterFirstRead: false, timeout: .seconds(3))
        session.begin()
        let (detections, error) = await collect(session.detections)
        #expect(detections.isEmpty)
        #expect(error?.code == .readerSessionInvalidationErrorSessionTimeout)
        // InDataExchange (40), target 1, then the APDU: every one a SELECT (CLA 00, INS A4).
        #expect(!log.tagCommands.isEmpty)
        #expect(log.tagCommands.allSatisfy { $0.count > 3 && $0[2] == 0x00 && $0[3] == 0xA4 })
    }

    @Test func aPhoneEmulatingAType4TagIsRead() async throws {
        let field = SharedChip([SimulatedTag(product: .phoneNDEF)])
        let session = NFCNDEFReaderSession(reader: field.device, invalidateAfterFirstRead: true)
        session.begin()
        let (detections, error) = await collect(session.detections)
        #expect(error == nil)
        #expect(detections.map(messages) == [[NDEFMessage(records: [.uri("https://example.com")])]])
    }

    @Test func onlyTypeAIsPolled() async {
        let field = SharedChip([SimulatedTag(product: .felicaLiteS)])
        let log = ChipCommandLog(field.chip)
        let session = NFCNDEFReaderSession(reader: field.device, invalidateAfterFirstRead: false, timeout: .seconds(3))
        session.begin()
        let (detections, error) = await collect(session.detections)
        #expect(detections.isEmpty)
        #expect(error?.code == .readerSessionInvalidationErrorSessionTimeout)
        #expect(log.polledModulations == [PassiveModulationCode.typeA])
    }
}

/// A delegate that notes, for each message read, the chip's time at its last step before the
/// report (the trace and the delegate both run on the session's thread).
private final class ClockedDelegate: NFCNDEFReaderSessionDelegate, Sendable {
    private let record = Mutex<(last: MonotonicTime, reads: [MonotonicTime])>((MonotonicTime(nanoseconds: 0), []))

    var reads: [MonotonicTime] { record.withLock { $0.reads } }

    func chipDid(at time: MonotonicTime) {
        record.withLock { $0.last = time }
    }

    func readerSession(_ session: NFCNDEFReaderSession, didInvalidateWithError error: any Error) {}

    func readerSession(_ session: NFCNDEFReaderSession, didDetectNDEFs messages: [NDEFMessage]) {
        record.withLock { $0.reads.append($0.last) }
    }
}
