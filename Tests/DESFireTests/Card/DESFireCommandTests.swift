import DESFire
import PN532Simulator
import Testing

/// The native commands against the simulator's DESFire EV1 (reference
/// type1-type3-desfire-ndef.md §3.2–3.3).
struct DESFireCommandTests {
    @Test func aBlankCardAnswersItsVersionKeySettingsAndNoApplications() throws {
        let card = try SimulatedDESFireCard(.desfire).card
        let version = try card.version()
        #expect(version.isDESFire && version.majorVersion == 0x01)
        #expect(version.storageSize == 4096)
        #expect(version.production.prefix(7) == [0x04, 0xDE, 0x5F, 0x1E, 0x00, 0x00, 0x01])
        try card.select(.picc)
        #expect(try card.keySettings() == DESFireKeySettings(bytes: [0x0F, 0x01]))
        #expect(try card.applicationIDs().isEmpty)
    }

    @Test func anApplicationAndAFileAreCreatedWrittenAndDescribed() throws {
        let simulated = try SimulatedDESFireCard(.desfire)
        let card = simulated.card
        try card.createApplication(DESFireApplicationID(0x123456), keySettings: 0x0F, keyCount: 0x21, isoFileID: 0xE120, dfName: [0xA0, 0x01])
        #expect(try card.applicationIDs() == [DESFireApplicationID(0x123456)])
        try card.select(DESFireApplicationID(0x123456))
        #expect(try card.keySettings() == DESFireKeySettings(bytes: [0x0F, 0x21]))
        try card.createStandardDataFile(0x05, isoFileID: 0xE121, accessRights: 0xEEE0, size: 40)
        try card.writeData(0x05, isoFileID: 0xE121, offset: 38, [0xAB, 0xCD])
        let settings = try card.fileSettings(0x05, isoFileID: 0xE121)
        #expect(settings.size == 40 && settings.accessRights == 0xEEE0 && settings.isFreeInPlain)
        let file = try #require(simulated.picc?.applications.first?.files.first)
        #expect(file.data.suffix(3) == [0x00, 0xAB, 0xCD])
        #expect(file.isoFileID == 0xE121)
    }

    @Test func theCardsRefusalsAreNamedStatuses() throws {
        let card = try SimulatedDESFireCard(.desfire).card
        #expect(throws: DESFireError.status(.applicationNotFound, step: "SelectApplication 000001")) { try card.select(.ndef) }
        #expect(throws: DESFireError.status(.permissionDenied, step: "CreateStdDataFile 01 (E103)")) {
            try card.createStandardDataFile(0x01, isoFileID: 0xE103, accessRights: 0xEEE0, size: 15)
        }
        try card.createApplication(.ndef, keySettings: 0x0F, keyCount: 0x21, isoFileID: 0xE110, dfName: [0xD2, 0x76])
        #expect(throws: DESFireError.status(.duplicate, step: "CreateApplication 000001")) {
            try card.createApplication(.ndef, keySettings: 0x0F, keyCount: 0x21, isoFileID: 0xE111, dfName: [])
        }
        try card.select(.ndef)
        try card.createStandardDataFile(0x01, isoFileID: 0xE103, accessRights: 0xE000, size: 15)
        #expect(throws: DESFireError.status(.permissionDenied, step: "WriteData 01 (E103)")) { try card.writeData(0x01, isoFileID: 0xE103, offset: 0, [1]) }
        #expect(throws: DESFireError.status(.fileNotFound, step: "WriteData 07 (E107)")) { try card.writeData(0x07, isoFileID: 0xE107, offset: 0, [1]) }
        #expect(throws: DESFireError.status(.duplicate, step: "CreateStdDataFile 01 (E103)")) {
            try card.createStandardDataFile(0x01, isoFileID: 0xE103, accessRights: 0xEEE0, size: 15)
        }
    }

    @Test func theMemoryTheStorageByteAnnouncesIsTheLimit() throws {
        let card = try SimulatedDESFireCard(.desfire).card
        try card.createApplication(.ndef, keySettings: 0x0F, keyCount: 0x21, isoFileID: 0xE110, dfName: [])
        try card.select(.ndef)
        try card.createStandardDataFile(0x01, isoFileID: 0xE101, accessRights: 0xEEE0, size: 4000)
        #expect(throws: DESFireError.status(.outOfMemory, step: "CreateStdDataFile 02 (E102)")) {
            try card.createStandardDataFile(0x02, isoFileID: 0xE102, accessRights: 0xEEE0, size: 97)
        }
        try card.createStandardDataFile(0x02, isoFileID: 0xE102, accessRights: 0xEEE0, size: 96)
    }

    @Test func aPICCThatKeepsCreationBehindTheMasterKeySaysAuthenticationError() throws {
        let card = try SimulatedDESFireCard(.desfireKeyed).card
        #expect(try card.keySettings() == DESFireKeySettings(bytes: [0x0B, 0x01]))
        #expect(throws: DESFireError.status(.authenticationError, step: "CreateApplication 000001")) {
            try card.createApplication(.ndef, keySettings: 0x0F, keyCount: 0x21, isoFileID: 0xE110, dfName: [])
        }
    }

    @Test func moreThanNineteenApplicationsAreListedInTwoFrames() throws {
        let card = try SimulatedDESFireCard(.desfire).card
        let identifiers = (1...21).map { DESFireApplicationID(UInt32($0) << 8) }
        for (offset, identifier) in identifiers.enumerated() {
            try card.createApplication(identifier, keySettings: 0x0F, keyCount: 0x21, isoFileID: UInt16(0xE200 + offset), dfName: [])
        }
        #expect(try card.frames(0x6A, step: "GetApplicationIDs").map(\.count) == [57, 6])
        #expect(try card.applicationIDs() == identifiers)
    }
}
