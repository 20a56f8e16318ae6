import NDEF
import NFCCore
import PN532ReaderSimulator
import PN532Simulator
import Testing
@testable import NFCReader

/// Core NFC's names on the tags and the session: `connectedTag`, the MIFARE commands, and the
/// typed FeliCa commands against the simulated FeliCa Lite-S.
@Suite struct CoreNFCNamesTests {
    /// The first detection's only tag, connected.
    private func connected(_ field: SharedChip, option: NFCTagReaderSession.PollingOption = [.iso14443, .iso18092]) async throws -> (NFCTagReaderSession, NFCTag) {
        let session = NFCTagReaderSession(pollingOption: option, reader: field.device)
        session.begin()
        var iterator = session.detections.makeAsyncIterator()
        let tag = try #require(try await iterator.next()?.first)
        try await session.connect(to: tag)
        return (session, tag)
    }

    @Test func connectedTagIsTheTagUntilPollingRestarts() async throws {
        let field = SharedChip([SimulatedTag(product: .ntag213, uid: uidA)])
        let session = NFCTagReaderSession(reader: field.device)
        session.begin()
        var iterator = session.detections.makeAsyncIterator()
        let tag = try #require(try await iterator.next()?.first)
        #expect(session.connectedTag == nil)
        try await session.connect(to: tag)
        #expect(session.connectedTag?.identifier == uidA)
        session.restartPolling()
        #expect(session.connectedTag == nil)
        session.invalidate()
        _ = await collect(session.detections)
    }

    @Test func sendMiFareCommandReadsFourPages() async throws {
        let message = NDEFMessage(records: [.uri("https://example.com")])
        let simulated = try tag(.ntag213, holding: message)
        let (session, tag) = try await connected(SharedChip([simulated]))
        guard case .miFare(let miFare) = tag else {
            session.invalidate()
            Issue.record("reported as \(tag)")
            return
        }
        #expect(try await miFare.sendMiFareCommand(commandPacket: [0x30, 0x04]) == Array(simulated.memory[16..<32]))
        var code: NFCReaderError.Code?
        do throws(NFCReaderError) { _ = try await miFare.sendMiFareCommand(commandPacket: []) } catch { code = error.code }
        #expect(code == .readerErrorInvalidParameterLength)
        code = nil
        let select = NFCISO7816APDU(instructionClass: 0, instructionCode: 0xA4, p1Parameter: 4, p2Parameter: 0, expectedResponseLength: 256)
        do throws(NFCReaderError) { _ = try await miFare.sendMiFareISO7816Command(select) } catch { code = error.code }
        #expect(code == .readerErrorUnsupportedFeature)
        #expect(miFare.historicalBytes == nil)
        session.invalidate()
    }

    /// The FeliCa Lite-S of the simulator, connected, and the log of the chip's commands.
    private func feliCa() async throws -> (NFCTagReaderSession, NFCFeliCaTag, ChipCommandLog) {
        let field = SharedChip([SimulatedTag(product: .felicaLiteS, uid: idm)])
        let log = ChipCommandLog(field.chip)
        let (session, tag) = try await connected(field, option: .iso18092)
        guard case .feliCa(let card) = tag else {
            session.invalidate()
            throw NFCReaderError(.readerErrorUnsupportedFeature, "reported as \(tag)")
        }
        return (session, card, log)
    }

    private let idm: [UInt8] = [0x01, 0x2E, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]
    private static let readOnlyService: [UInt8] = [0x0B, 0x00]
    private static let readWriteService: [UInt8] = [0x09, 0x00]

    @Test func feliCaPollingRequestServiceResponseAndSystemCodes() async throws {
        let (session, card, _) = try await feliCa()
        let polled = try await card.polling(systemCode: [0x12, 0xFC], requestCode: .systemCode, timeSlot: .max1)
        #expect(polled.manufactureParameter == card.manufactureParameter)
        #expect(polled.requestData == [0x12, 0xFC])
        let plain = try await card.polling(systemCode: [0xFF, 0xFF], requestCode: .noRequest, timeSlot: .max4)
        #expect(plain.requestData.isEmpty)
        #expect(try await card.requestService(nodeCodeList: [Self.readOnlyService, [0x48, 0x10]]) == [[0x00, 0x00], [0xFF, 0xFF]])
        #expect(try await card.requestResponse() == 0)
        #expect(try await card.requestSystemCode() == [[0x88, 0xB4], [0x12, 0xFC]])
        session.invalidate()
    }

    @Test func feliCaWriteThenReadWithoutEncryption() async throws {
        let (session, card, _) = try await feliCa()
        let block: [UInt8] = Array(0..<16)
        let written = try await card.writeWithoutEncryption(serviceCodeList: [Self.readWriteService], blockList: [[0x80, 0x01]], blockData: [block])
        #expect(written.statusFlag1 == 0 && written.statusFlag2 == 0)
        let read = try await card.readWithoutEncryption(serviceCodeList: [Self.readOnlyService], blockList: [[0x80, 0x01], [0x00, 0x02, 0x00]])
        #expect(read.statusFlag1 == 0 && read.statusFlag2 == 0)
        #expect(read.blockData.count == 2 && read.blockData.first == block)
        // Service 000B cannot be written: the card answers status flags FF A6, which are given back.
        let refused = try await card.writeWithoutEncryption(serviceCodeList: [Self.readOnlyService], blockList: [[0x80, 0x01]], blockData: [block])
        #expect(refused.statusFlag1 == 0xFF && refused.statusFlag2 == 0xA6)
        session.invalidate()
    }

    @Test func feliCaArgumentsOfTheWrongSizeAreRefusedBeforeAnythingIsSent() async throws {
        let (session, card, log) = try await feliCa()
        let sent = log.tagCommands.count
        var codes: [NFCReaderError.Code?] = []
        func expectRefused(_ body: () async throws -> Void) async {
            do { try await body() } catch { codes.append((error as? NFCReaderError)?.code) }
        }
        await expectRefused { _ = try await card.polling(systemCode: [0x12], requestCode: .noRequest, timeSlot: .max1) }
        await expectRefused { _ = try await card.requestService(nodeCodeList: []) }
        await expectRefused { _ = try await card.requestService(nodeCodeList: [[0x0B]]) }
        await expectRefused { _ = try await card.readWithoutEncryption(serviceCodeList: [Self.readOnlyService], blockList: [[0x00, 0x01]]) }
        await expectRefused { _ = try await card.readWithoutEncryption(serviceCodeList: [], blockList: [[0x80, 0x01]]) }
        await expectRefused {
            _ = try await card.writeWithoutEncryption(serviceCodeList: [Self.readWriteService], blockList: [[0x80, 0x01]], blockData: [[0x00]])
        }
        await expectRefused {
            _ = try await card.writeWithoutEncryption(serviceCodeList: [Self.readWriteService], blockList: [[0x80, 0x01]], blockData: [])
        }
        #expect(codes == Array(repeating: .readerErrorInvalidParameterLength, count: 7))
        #expect(log.tagCommands.count == sent)
        session.invalidate()
    }

    @Test func completionHandlersAnswerOnTheReaderThread() async throws {
        let (session, card, _) = try await feliCa()
        let mode = await withCheckedContinuation { (continuation: CheckedContinuation<Int?, Never>) in
            card.requestResponse { mode, error in continuation.resume(returning: error == nil ? mode : nil) }
        }
        #expect(mode == 0)
        let refusal = await withCheckedContinuation { (continuation: CheckedContinuation<NFCReaderError.Code?, Never>) in
            card.requestService(nodeCodeList: []) { versions, error in continuation.resume(returning: (error as? NFCReaderError)?.code) }
        }
        #expect(refusal == .readerErrorInvalidParameterLength)
        session.invalidate()
    }
}
