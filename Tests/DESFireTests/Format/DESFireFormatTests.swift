import DESFire
import NDEF
import PN532Simulator
import TagProtocols
import Testing
import Type4

/// `formatForNDEF()` against the simulator's DESFire cards: a blank card becomes a Type 4 tag
/// the Type 4 layer reads and writes; a formatted card, a PICC that needs the master key and
/// a card that leaves part-way are handled as documented.
struct DESFireFormatTests {
    @Test func aBlankCardBecomesAnEmptyType4TagThatTakesAMessage() throws {
        let simulated = try SimulatedDESFireCard(.desfire)
        let result = try simulated.card.formatForNDEF()
        #expect(result == DESFireNDEFFormat(ndefFileSize: 3584, resumed: false))
        let tag = Type4Tag(exchange: simulated.exchange)
        #expect(try tag.queryNDEFStatus() == NDEFStatusReport(status: .readWrite, capacity: 3582))
        #expect(try tag.readNDEF() == .empty)
        let message = NDEFMessage(records: [.uri("https://door.example/7"), try .text(TextPayload(text: "hi"))])
        try tag.writeNDEF(message)
        #expect(try tag.readNDEF() == message)
        let application = try #require(simulated.picc?.applications.first)
        #expect(application.identifier == [0x01, 0x00, 0x00] && application.dfName == Type4Tag.applicationName)
        #expect(application.files.first?.data == DESFireCard.capabilityContainer(ndefFileSize: 3584))
        #expect(application.files.map(\.accessRights) == [0xEEE0, 0xEEE0])
    }

    @Test func theCCStatesTheFileAsMapping2Does() {
        #expect(DESFireCard.capabilityContainer(ndefFileSize: 0x0800) == [0x00, 0x0F, 0x20, 0x00, 0x3B, 0x00, 0x34, 0x04, 0x06, 0xE1, 0x04, 0x08, 0x00, 0x00, 0x00])
        #expect(DESFireCard.ndefFileSize(storage: 2048) == 1536)
        #expect(DESFireCard.ndefFileSize(storage: 8192) == 0x1E00)
        #expect(DESFireCard.ndefFileSize(storage: 1 << 24) == 0x1E00)
        #expect(DESFireCard.ndefFileSize(storage: 512) == nil)
    }

    @Test(arguments: [TagProduct.desfireNDEF, .desfire])
    func aFormattedCardIsRefusedWithNothingWritten(_ product: TagProduct) throws {
        let simulated = try SimulatedDESFireCard(product)
        if product == .desfire { _ = try simulated.card.formatForNDEF() }
        let before = simulated.picc
        #expect {
            try simulated.card.formatForNDEF()
        } throws: { error in
            guard case .alreadyFormatted(let capacity) = error as? DESFireError else { return false }
            return capacity == (product == .desfire ? 3582 : 2046) && "\(error)".hasPrefix("already formatted")
        }
        #expect(simulated.picc == before)
    }

    @Test func aPICCThatNeedsTheMasterKeyIsRefusedWithTheReason() throws {
        let simulated = try SimulatedDESFireCard(.desfireKeyed)
        #expect(throws: DESFireError.needsMasterKey(keySettings: 0x0B)) { try simulated.card.formatForNDEF() }
        #expect(simulated.picc?.applications.isEmpty == true)
        #expect("\(DESFireError.needsMasterKey(keySettings: 0x0B))".contains("require authentication with the master key"))
    }

    @Test func anApplicationAnotherToolCreatedIsNotTakenOver() throws {
        let simulated = try SimulatedDESFireCard(.desfire)
        try simulated.card.createApplication(.ndef, keySettings: 0x0F, keyCount: 0x21, isoFileID: 0xE110, dfName: [0xA0, 0x00])
        #expect {
            try simulated.card.formatForNDEF()
        } throws: { error in
            guard case .foreignApplication = error as? DESFireError else { return false }
            return true
        }
        #expect(simulated.picc?.applications.first?.files.isEmpty == true)
    }

    /// The commands a format sends: GetVersion (3), SelectApplication, GetKeySettings,
    /// GetApplicationIDs, CreateApplication, SelectApplication, 2 CreateStdDataFile, 2
    /// WriteData; then the read back.
    static let commandsBeforeReadBack = 12

    @Test(arguments: 0..<16, [false, true])
    func aCardThatLeavesPartWayIsFinishedByTheNextFormat(_ cut: Int, _ afterCarryingOut: Bool) throws {
        let simulated = try SimulatedDESFireCard(.desfire)
        let leaving = LeavingExchange(simulated.exchange, failing: cut, afterCarryingOut: afterCarryingOut)
        #expect {
            try DESFireCard(exchange: leaving).formatForNDEF()
        } throws: { error in
            (error as? DESFireError)?.exchangeFailure == .noAnswer
        }
        let changed = cut >= 6 && !(cut == 6 && !afterCarryingOut)
        let written = cut >= Self.commandsBeforeReadBack - 1 && !(cut == Self.commandsBeforeReadBack - 1 && !afterCarryingOut)
        let second: Result<DESFireNDEFFormat, DESFireError>
        do throws(DESFireError) { second = .success(try simulated.card.formatForNDEF()) } catch { second = .failure(error) }
        #expect(second == (written ? .failure(.alreadyFormatted(capacity: 3582)) : .success(DESFireNDEFFormat(ndefFileSize: 3584, resumed: changed))))
        let tag = Type4Tag(exchange: simulated.exchange)
        #expect(try tag.queryNDEFStatus() == NDEFStatusReport(status: .readWrite, capacity: 3582))
        #expect(try tag.readNDEF() == .empty)
    }

    @Test func aStopAfterTheCardChangedSaysWhereAndWhatToDo() throws {
        let simulated = try SimulatedDESFireCard(.desfire)
        let leaving = LeavingExchange(simulated.exchange, failing: 8, afterCarryingOut: false)
        #expect {
            try DESFireCard(exchange: leaving).formatForNDEF()
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("formatting stopped: CreateStdDataFile 01 (E103): ") && text.contains("run format again")
        }
    }
}
