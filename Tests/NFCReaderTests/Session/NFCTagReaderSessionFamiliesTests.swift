import Basics
import NFCCore
import PN532ReaderSimulator
import PN532Simulator
import Synchronization
import Testing
@testable import NFCReader

/// The host-to-chip commands a simulated chip received, for a test to look at once the session
/// has ended.
final class ChipCommandLog: Sendable {
    private let payloads = Mutex<[[UInt8]]>([])

    /// Records every command `chip` receives from now on.
    init(_ chip: SimulatedPN532) {
        chip.trace = { [self] event in
            if case .received(.information(.hostToChip, let payload)) = event.kind { payloads.withLock { $0.append(payload) } }
        }
    }

    /// The commands, each as its payload (command code first).
    var commands: [[UInt8]] { payloads.withLock { $0 } }

    /// The BrTy of every InListPassiveTarget (`4A MaxTg BrTy …`) and of every type an
    /// InAutoPoll asked for (`60 PollNr Period Type…`; the low nibble of MIFARE `10`, FeliCa
    /// `11`/`12`, type B `03` and Jewel `04` is their BrTy).
    var polledModulations: Set<UInt8> {
        Set(commands.flatMap { command -> [UInt8] in
            guard command.count >= 3 else { return [] }
            switch command[0] {
            case 0x4A: return [command[2]]
            case 0x60: return command.dropFirst(3).map { $0 & 0x0F }
            default: return []
            }
        })
    }

    /// The InDataExchange and InCommunicateThru commands: those that reach a tag.
    var tagCommands: [[UInt8]] {
        commands.filter { $0.first == 0x40 || $0.first == 0x42 }
    }
}

/// The detections of `session` until it ends; the first detection invalidates it (a session
/// pauses after each detection, so a test that expects none must not wait for the timeout
/// after one). The error it ended with, nil when invalidated after a detection.
func detectionsUntilTimeout(_ session: NFCTagReaderSession) async -> (items: [[NFCTag]], error: NFCReaderError?) {
    var items: [[NFCTag]] = []
    do throws(NFCReaderError) {
        for try await tags in session.detections {
            items.append(tags)
            session.invalidate()
        }
        return (items, nil)
    } catch {
        return (items, error)
    }
}

@Suite struct NFCTagReaderSessionFamiliesTests {
    /// The simulator's device strings (`sim`, `sim-i2c`) are parsed as the executable parses them.
    init() {
        SimulatorKind.register()
    }

    /// The first detection of a session reporting `option` with `tags` in the field, and the
    /// session (to connect and invalidate).
    private func firstDetection(
        _ tags: [SimulatedTag], option: NFCTagReaderSession.PollingOption = [.iso14443, .iso18092]
    ) async throws -> (NFCTagReaderSession, [NFCTag]) {
        let session = NFCTagReaderSession(pollingOption: option, reader: SharedChip(tags).device)
        session.begin()
        var iterator = session.detections.makeAsyncIterator()
        return (session, try #require(try await iterator.next()))
    }

    @Test(arguments: ["ntag213", "classic1k", "desfire", "ntag424", "phone", "typeb", "felica-lite-s"])
    func eachFamilyIsReportedAsItsCoreNFCCase(_ card: String) async throws {
        let session = NFCTagReaderSession(pollingOption: [.iso14443, .iso18092], device: "sim:\(card)")
        session.begin()
        var iterator = session.detections.makeAsyncIterator()
        let tags = try #require(try await iterator.next())
        session.invalidate()
        try #require(tags.count == 1)
        switch (card, tags[0]) {
        case ("ntag213", .miFare(let tag)):
            #expect(tag.mifareFamily == .ultralight)
            #expect(tag.sak == 0x00 && tag.identifier.count == 7)
        case ("classic1k", .miFare(let tag)):
            #expect(tag.mifareFamily == .unknown)
            #expect(tag.sak == 0x08 && tag.identifier.count == 4)
        case ("desfire", .iso7816(let tag)):
            // DESFire EV1's ATS `06 75 77 81 02 80`: T0 75 announces TA, TB and TC, then one
            // historical byte.
            #expect(tag.historicalBytes == [0x80])
            #expect(tag.applicationData == nil)
            #expect(tag.identifier.count == 7)
        case ("ntag424", .iso7816(let tag)):
            // NTAG 424 DNA's ATS `06 77 77 71 02 80`: one historical byte as well.
            #expect(tag.historicalBytes == [0x80])
            #expect(tag.identifier.count == 7)
        case ("phone", .iso7816(let tag)):
            #expect(tag.historicalBytes == [])
            #expect(tag.identifier.count == 4 && tag.identifier.first == 0x08)
        case ("typeb", .iso7816(let tag)):
            #expect(tag.historicalBytes == nil)
            #expect(tag.applicationData?.count == 4)
            #expect(tag.identifier.count == 4)
        case ("felica-lite-s", .feliCa(let tag)):
            #expect(tag.currentIDm.count == 8)
            // The reader polls every system code asking for it: a Lite-S without NDEF answers 88B4.
            #expect(tag.currentSystemCode == [0x88, 0xB4])
            #expect(tag.manufactureParameter.count > 1 && tag.manufactureParameter[1] == 0xF1)
        default:
            Issue.record("\(card) reported as \(tags[0])")
        }
    }

    @Test func theIdentifiersAreTheCardsOwn() async throws {
        let pupi: [UInt8] = [0x1A, 0x2B, 0x3C, 0x4D]
        let (bSession, bTags) = try await firstDetection([SimulatedTag(product: .typeB, uid: pupi)])
        bSession.invalidate()
        #expect(bTags.map(\.identifier) == [pupi])
        let idm: [UInt8] = [0x01, 0x2E, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]
        let (fSession, fTags) = try await firstDetection([SimulatedTag(product: .felicaLiteS, uid: idm)])
        fSession.invalidate()
        #expect(fTags.map(\.identifier) == [idm])
        #expect(fTags.map(\.description) == ["FeliCa \(hexText(idm))"])
    }

    @Test func anAPDUToTheDESFireIsAnswered() async throws {
        let (session, tags) = try await firstDetection([SimulatedTag(product: .desfire, uid: uidA)])
        guard case .iso7816(let card)? = tags.first else {
            session.invalidate()
            Issue.record("reported as \(tags)")
            return
        }
        try await session.connect(to: .iso7816(card))
        #expect(card.isAvailable)
        // GetVersion wrapped in ISO 7816-4 (CLA 90): the hardware part, vendor NXP (04), type
        // DESFire (01), and 91 AF: another frame follows.
        let getVersion = NFCISO7816APDU(instructionClass: 0x90, instructionCode: 0x60, p1Parameter: 0, p2Parameter: 0, expectedResponseLength: 256)
        let hardware = try await card.sendCommand(apdu: getVersion)
        #expect(hardware.responseData.prefix(2) == [0x04, 0x01])
        #expect(hardware.responseData.count == 7)
        #expect((hardware.sw1, hardware.sw2) == (0x91, 0xAF))
        let more = NFCISO7816APDU(instructionClass: 0x90, instructionCode: 0xAF, p1Parameter: 0, p2Parameter: 0, expectedResponseLength: 256)
        let software = try await card.sendCommand(apdu: more)
        #expect(software.responseData.count == 7 && (software.sw1, software.sw2) == (0x91, 0xAF))
        let last = try await card.sendCommand(apdu: more)
        // The last part carries the UID, then batch number and production date; 91 00.
        #expect(last.responseData.prefix(7) == uidA[...])
        #expect((last.sw1, last.sw2) == (0x91, 0x00))
        // SELECT of the NDEF application: the factory-fresh card has none (6A 82).
        let select = NFCISO7816APDU(
            instructionClass: 0x00, instructionCode: 0xA4, p1Parameter: 0x04, p2Parameter: 0x00,
            data: [0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01], expectedResponseLength: 256)
        let notFound = try await card.sendCommand(apdu: select)
        #expect(notFound.responseData.isEmpty && (notFound.sw1, notFound.sw2) == (0x6A, 0x82))
        session.invalidate()
    }

    @Test func anAPDUToTheTypeBCardIsAnswered() async throws {
        let (session, tags) = try await firstDetection([SimulatedTag(product: .typeB)])
        guard case .iso7816(let card)? = tags.first else {
            session.invalidate()
            Issue.record("reported as \(tags)")
            return
        }
        try await session.connect(to: tags[0])
        let select = NFCISO7816APDU(
            instructionClass: 0x00, instructionCode: 0xA4, p1Parameter: 0x04, p2Parameter: 0x00,
            data: Array("2PAY.SYS.DDF01".utf8), expectedResponseLength: 256)
        let answer = try await card.sendCommand(apdu: select)
        #expect(answer.responseData.isEmpty && (answer.sw1, answer.sw2) == (0x6A, 0x82))
        session.invalidate()
    }

    @Test func anAPDUBeforeConnectIsTagNotConnected() async throws {
        let (session, tags) = try await firstDetection([SimulatedTag(product: .desfire)])
        guard case .iso7816(let card)? = tags.first else {
            session.invalidate()
            Issue.record("reported as \(tags)")
            return
        }
        var code: NFCReaderError.Code?
        let apdu = NFCISO7816APDU(instructionClass: 0x90, instructionCode: 0x60, p1Parameter: 0, p2Parameter: 0, expectedResponseLength: 256)
        do throws(NFCReaderError) { _ = try await card.sendCommand(apdu: apdu) } catch { code = error.code }
        #expect(code == .readerTransceiveErrorTagNotConnected)
        session.invalidate()
    }

    @Test func aFeliCaCommandIsAnsweredWithoutItsLengthByte() async throws {
        let idm: [UInt8] = [0x01, 0x2E, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]
        let (session, tags) = try await firstDetection([SimulatedTag(product: .felicaLiteS, uid: idm)])
        guard case .feliCa(let card)? = tags.first else {
            session.invalidate()
            Issue.record("reported as \(tags)")
            return
        }
        try await session.connect(to: tags[0])
        // Request Response (04 IDm): 05 IDm mode, mode 00.
        let answer = try await card.sendFeliCaCommand(commandPacket: [0x04] + idm)
        #expect(answer == [0x05] + idm + [0x00])
        session.invalidate()
    }

    @Test func aMIFAREClassicIsNotAnNDEFTagHere() async throws {
        let (session, tags) = try await firstDetection([SimulatedTag(product: .classic1k)])
        let tag = try #require(tags.first)
        try await session.connect(to: tag)
        let (status, capacity) = try await tag.ndefTag.queryNDEFStatus()
        #expect(status == .notSupported && capacity == 0)
        var error: NFCReaderError?
        do throws(NFCReaderError) { _ = try await tag.ndefTag.readNDEF() } catch let failure { error = failure }
        #expect(error?.code == .readerErrorUnsupportedFeature)
        #expect(error?.message.hasPrefix("not an NDEF tag we can read") == true)
        session.invalidate()
    }

    @Test(arguments: [(TagProduct.desfire, NFCNDEFStatus.notSupported), (.felicaLiteS, .readWrite), (.ntag424, .readWrite)])
    func type3And4CardsReportTheirNDEFStatus(_ product: TagProduct, _ expected: NFCNDEFStatus) async throws {
        let (session, tags) = try await firstDetection([SimulatedTag(product: product)])
        let tag = try #require(tags.first)
        try await session.connect(to: tag)
        let (status, _) = try await tag.ndefTag.queryNDEFStatus()
        #expect(status == expected, "\(product)")
        session.invalidate()
    }

    @Test func iso14443AloneDoesNotPollOrReportFeliCa() async throws {
        let field = SharedChip([SimulatedTag(product: .felicaLiteS)])
        let log = ChipCommandLog(field.chip)
        let session = NFCTagReaderSession(pollingOption: .iso14443, reader: field.device, timeout: .seconds(3))
        session.begin()
        let (detections, error) = await detectionsUntilTimeout(session)
        #expect(detections.isEmpty)
        #expect(error?.code == .readerSessionInvalidationErrorSessionTimeout)
        #expect(log.polledModulations == [PassiveModulationCode.typeA, PassiveModulationCode.typeB])
    }

    @Test func iso18092AloneDoesNotReportTypeA() async throws {
        let field = SharedChip([SimulatedTag(product: .ntag213)])
        let log = ChipCommandLog(field.chip)
        let session = NFCTagReaderSession(pollingOption: .iso18092, reader: field.device, timeout: .seconds(3))
        session.begin()
        let (detections, error) = await detectionsUntilTimeout(session)
        #expect(detections.isEmpty)
        #expect(error?.code == .readerSessionInvalidationErrorSessionTimeout)
        #expect(log.tagCommands.isEmpty)
    }

    @Test func aTopazIsNeitherPolledNorReported() async throws {
        let field = SharedChip([SimulatedTag(product: .topaz512)])
        let log = ChipCommandLog(field.chip)
        let session = NFCTagReaderSession(pollingOption: [.iso14443, .iso18092], reader: field.device, timeout: .seconds(3))
        session.begin()
        let (detections, error) = await detectionsUntilTimeout(session)
        #expect(detections.isEmpty)
        #expect(error?.code == .readerSessionInvalidationErrorSessionTimeout)
        #expect(log.polledModulations == [
            PassiveModulationCode.typeA, PassiveModulationCode.felica212, PassiveModulationCode.felica424, PassiveModulationCode.typeB,
        ])
    }

    @Test(arguments: [NFCTagReaderSession.PollingOption(rawValue: 0), NFCTagReaderSession.PollingOption(rawValue: 2), [.iso14443, NFCTagReaderSession.PollingOption(rawValue: 8)]])
    func aPollingOptionWithoutATechnologyOrWithOneUnknownIsInvalidParameter(_ option: NFCTagReaderSession.PollingOption) async {
        let field = SharedChip([SimulatedTag(product: .ntag213)])
        let log = ChipCommandLog(field.chip)
        let delegate = RecordingDelegate()
        let session = NFCTagReaderSession(pollingOption: option, reader: field.device, delegate: delegate)
        session.begin()
        let (detections, error) = await detectionsUntilTimeout(session)
        #expect(detections.isEmpty)
        #expect(error?.code == .readerErrorInvalidParameter)
        #expect(delegate.invalidation?.code == .readerErrorInvalidParameter)
        #expect(delegate.becameActive == 0)
        #expect(log.commands.isEmpty)
    }
}

/// InListPassiveTarget's BrTy values, as the chip receives them.
enum PassiveModulationCode {
    static let typeA: UInt8 = 0x00
    static let felica212: UInt8 = 0x01
    static let felica424: UInt8 = 0x02
    static let typeB: UInt8 = 0x03
}
