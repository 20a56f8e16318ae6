import NDEF
import NFCCore
import PN532Reader
import PN532Simulator
import Testing
@testable import NFCReader

@Suite struct NFCTagReaderSessionTests {
    /// Begins a session on `field`, waits for the first detection, connects to its only tag.
    private func connectedTag(_ field: SharedChip) async throws -> (NFCTagReaderSession, NFCTag) {
        let session = NFCTagReaderSession(reader: field.device)
        session.begin()
        var iterator = session.detections.makeAsyncIterator()
        let tags = try #require(try await iterator.next())
        let tag = try #require(tags.first)
        try await session.connect(to: tag)
        return (session, tag)
    }

    @Test func queryNDEFStatusGivesReadWriteAndTheCapacity() async throws {
        let field = SharedChip([SimulatedTag(product: .ntag213)])
        let (session, tag) = try await connectedTag(field)
        let (status, capacity) = try await tag.ndefTag.queryNDEFStatus()
        // NTAG213 as it leaves the factory: 144 bytes of user memory, a 5-byte Lock Control TLV,
        // then the NDEF TLV, whose type and length bytes take 2.
        #expect(status == .readWrite)
        #expect(capacity == 137)
        session.invalidate()
    }

    @Test func writeThenReadGivesTheMessageBack() async throws {
        let field = SharedChip([SimulatedTag(product: .ntag215)])
        let (session, tag) = try await connectedTag(field)
        let message = NDEFMessage(records: [try .wellKnownTypeTextPayload(string: "Front desk", locale: "en"), .uri("https://example.com")])
        try await tag.ndefTag.writeNDEF(message)
        #expect(try await tag.ndefTag.readNDEF() == message)
        session.invalidate()
        _ = await collect(session.detections)
        #expect(try field.chip.field.first.map { try NDEFMessage(decoding: Array($0.memory[18..<18 + message.length])) } == message)
    }

    @Test func lockMakesTheTagReadOnly() async throws {
        let field = SharedChip([SimulatedTag(product: .ntag213)])
        let (session, tag) = try await connectedTag(field)
        try await tag.ndefTag.writeNDEF(NDEFMessage(records: [.uri("https://example.com/locked")]))
        try await tag.ndefTag.writeLock()
        let (status, capacity) = try await tag.ndefTag.queryNDEFStatus()
        #expect(status == .readOnly)
        #expect(capacity == 137)
        await #expect(throws: NFCReaderError.self) { try await tag.ndefTag.writeNDEF(.empty) }
        do throws(NFCReaderError) { try await tag.ndefTag.writeNDEF(.empty) } catch {
            #expect(error.code == .ndefReaderSessionErrorTagNotWritable)
        }
        do throws(NFCReaderError) { try await tag.ndefTag.writeLock() } catch {
            #expect(error.code == .ndefReaderSessionErrorTagNotWritable)
        }
        session.invalidate()
    }

    @Test func aMessageTooLargeIsTagSizeTooSmallAndWritesNothing() async throws {
        let field = SharedChip([SimulatedTag(product: .ntag213)])
        let (session, tag) = try await connectedTag(field)
        let (_, capacity) = try await tag.ndefTag.queryNDEFStatus()
        let record = try NDEFRecord(format: .unknown, type: [], payload: [UInt8](repeating: 0x41, count: capacity - 2))
        let tooLarge = NDEFMessage(records: [record])
        #expect(tooLarge.length == capacity + 1)
        var code: NFCReaderError.Code?
        do throws(NFCReaderError) { try await tag.ndefTag.writeNDEF(tooLarge) } catch { code = error.code }
        #expect(code == .ndefReaderSessionErrorTagSizeTooSmall)
        session.invalidate()
        _ = await collect(session.detections)
        #expect(field.chip.field.first?.memory == SimulatedTag(product: .ntag213).memory)
    }

    @Test func readingAnEmptyTagIsZeroLengthMessage() async throws {
        let field = SharedChip([SimulatedTag(product: .ntag213)])
        let (session, tag) = try await connectedTag(field)
        var code: NFCReaderError.Code?
        do throws(NFCReaderError) { _ = try await tag.ndefTag.readNDEF() } catch { code = error.code }
        #expect(code == .ndefReaderSessionErrorZeroLengthMessage)
        session.invalidate()
    }

    @Test func anOperationBeforeConnectIsTagNotConnected() async throws {
        let field = SharedChip([SimulatedTag(product: .ntag213)])
        let session = NFCTagReaderSession(reader: field.device)
        session.begin()
        var iterator = session.detections.makeAsyncIterator()
        let tag = try #require(try await iterator.next()?.first)
        var code: NFCReaderError.Code?
        do throws(NFCReaderError) { _ = try await tag.ndefTag.queryNDEFStatus() } catch { code = error.code }
        #expect(code == .readerTransceiveErrorTagNotConnected)
        session.invalidate()
    }

    @Test func twoTagsAreReportedTogetherAndRestartPollingReportsThemAgain() async throws {
        let field = SharedChip([SimulatedTag(product: .ntag213, uid: uidA), SimulatedTag(product: .ntag215, uid: uidB)])
        let session = NFCTagReaderSession(reader: field.device)
        session.begin()
        var seen: [[[UInt8]]] = []
        for try await tags in session.detections {
            seen.append(tags.map(\.identifier))
            if seen.count == 2 { session.invalidate() } else { session.restartPolling() }
        }
        #expect(seen == [[uidA, uidB], [uidA, uidB]])
    }

    @Test func aTagFromAnEarlierDetectionCannotBeConnected() async throws {
        let field = SharedChip([SimulatedTag(product: .ntag213)])
        let session = NFCTagReaderSession(reader: field.device)
        session.begin()
        var iterator = session.detections.makeAsyncIterator()
        let old = try #require(try await iterator.next()?.first)
        session.restartPolling()
        _ = try await iterator.next()
        var code: NFCReaderError.Code?
        do throws(NFCReaderError) { try await session.connect(to: old) } catch { code = error.code }
        #expect(code == .readerTransceiveErrorTagConnectionLost)
        session.invalidate()
    }

    @Test func cancellingTheTaskInvalidatesAndClosesTheReader() async throws {
        let field = SharedChip([])
        let (polls, signal) = AsyncStream<Void>.makeStream()
        field.chip.trace = { event in
            // The chip's wait for a tag: InAutoPoll (every family) or InListPassiveTarget.
            if case .received(.information(.hostToChip, let payload)) = event.kind, payload.first == 0x60 || payload.first == 0x4A { signal.yield() }
        }
        let delegate = RecordingDelegate()
        let session = NFCTagReaderSession(reader: field.device, delegate: delegate, timeout: .seconds(1_000_000_000))
        let task = Task { await collect(session.detections) }
        session.begin()
        var polling = polls.makeAsyncIterator()
        _ = await polling.next()
        task.cancel()
        let (detections, error) = await task.value
        #expect(detections.isEmpty && error == nil)
        #expect(delegate.invalidation?.code == .readerSessionInvalidationErrorUserCanceled)
        #expect(!session.isReady)
        #expect(session.core.worker.chip == nil)
        #expect(!field.chip.isFieldOn)
    }

    @Test func aDeviceStringThatNamesNoDeviceIsInvalidParameter() async {
        let session = NFCTagReaderSession(device: "serial0")
        session.begin()
        let (detections, error) = await collect(session.detections)
        #expect(detections.isEmpty)
        #expect(error?.code == .readerErrorInvalidParameter)
        #expect(error?.underlyingError is DeviceSpecError)
    }
}
