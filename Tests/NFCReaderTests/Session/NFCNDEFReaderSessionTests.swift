import NDEF
import NFCCore
import PN532Simulator
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
}
