import Basics
import ISO7816
import NDEF
import TagProtocols
import Type4

/// Putting the NFC Forum NDEF application (mapping 2.0) on a DESFire EV1 or later whose PICC
/// lets anyone create an application (reference type1-type3-desfire-ndef.md §3.2–3.3).
extension DESFireCard {
    /// The NDEF application's key settings: KS1 `0F` (its master key changeable, free
    /// listing, free create/delete of files, configuration changeable), KS2 `21` (ISO file
    /// identifiers, 1 DES key), as libfreefare and Android create it.
    static let applicationKeySettings: (ks1: UInt8, ks2: UInt8) = (0x0F, 0x21)
    /// The application's own ISO file identifier (libfreefare's; no reader uses it).
    static let applicationFileID: UInt16 = 0xE110
    /// Both files' access rights: read, write and read-and-write free (`E`), change with the
    /// application master key (`0`). Writing needs no key, so formatting needs none, as in
    /// Android's procedure.
    static let fileAccessRights: UInt16 = 0xEEE0
    /// The CC file: native number 01, ISO E103, 15 bytes.
    static let capabilityContainerFile: (number: UInt8, isoFileID: UInt16, size: Int) = (0x01, 0xE103, 15)
    /// The NDEF file: native number 02, ISO E104.
    static let ndefFile: (number: UInt8, isoFileID: UInt16) = (0x02, 0xE104)
    /// What the NDEF file leaves of the announced storage for the application's directory,
    /// the CC file and the files' 32-byte allocation blocks: 512 bytes, the headroom
    /// libfreefare's largest size (1E00 on an 8 KB card) leaves.
    static let storageReserve = 512
    /// The largest NDEF file created (libfreefare's cap).
    static let maximumNDEFFileSize = 0x1E00
    /// The smallest NDEF file worth creating.
    static let minimumNDEFFileSize = 256

    /// The NDEF file's size for a card announcing `storage` bytes: the storage less
    /// ``storageReserve``, at most ``maximumNDEFFileSize`` (2 KB card: 1536, 4 KB: 3584,
    /// 8 KB: 7680); nil when under ``minimumNDEFFileSize``.
    public static func ndefFileSize(storage: Int) -> Int? {
        let size = min(storage - storageReserve, maximumNDEFFileSize)
        return size >= minimumNDEFFileSize ? size : nil
    }

    /// The CC file's content for an NDEF file of `size` bytes: mapping 2.0, MLe 003B, MLc
    /// 0034, NDEF file E104 read and write free.
    public static func capabilityContainer(ndefFileSize size: Int) -> [UInt8] {
        [0x00, 0x0F, 0x20, 0x00, 0x3B, 0x00, 0x34, 0x04, 0x06, 0xE1, 0x04, UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF), 0x00, 0x00]
    }

    /// Formats the card for NDEF: application 000001 named D2760000850101 (ISO FID E110),
    /// its CC file 01 (E103) and NDEF file 02 (E104), NLEN 0 written before the CC, so that
    /// the CC, written last, is what makes the application an NDEF tag. Then the Type 4
    /// layer reads it back: an empty message, the file's capacity.
    ///
    /// Checked before anything is written: GetVersion (a DESFire EV1 or later, storage
    /// for an NDEF file), the PICC's key settings and its applications. A card holding the
    /// complete NDEF application is `.alreadyFormatted`; one holding application 000001 from a
    /// format that stopped is finished (files that exist are kept).
    ///
    /// - Throws: ``DESFireError``: `.unsupportedCard`, `.insufficientMemory`,
    ///   `.needsMasterKey`, `.alreadyFormatted`, `.foreignApplication` with nothing written;
    ///   `.stopped` when the card failed after the first change; `.type4` when reading back
    ///   failed.
    public func formatForNDEF() throws(DESFireError) -> DESFireNDEFFormat {
        let version = try version()
        guard version.isDESFire else {
            throw .unsupportedCard("GetVersion names vendor \(Hex.encode([version.hardware[0]])) type \(Hex.encode([version.hardware[1]])), not a MIFARE DESFire")
        }
        guard version.majorVersion != 0 else {
            throw .unsupportedCard("a MIFARE DESFire EV0 (MF3ICD40) carries NDEF mapping 1.0 (application EEEE10), which pn532ctl does not create")
        }
        guard var size = Self.ndefFileSize(storage: version.storageSize) else {
            throw .insufficientMemory(
                "GetVersion announces \(version.storageSize) bytes; an NDEF file of \(Self.minimumNDEFFileSize) bytes needs \(Self.minimumNDEFFileSize + Self.storageReserve); nothing was written")
        }
        try select(.picc)
        let picc = try keySettings()
        let applications: [DESFireApplicationID]
        do throws(DESFireError) { applications = try applicationIDs() } catch .status(.authenticationError, _) {
            throw .needsMasterKey(keySettings: picc.settings)
        }
        var resumed = applications.contains(.ndef)
        if resumed {
            try checkUnfinishedApplication()
        } else {
            guard picc.allowsFreeCreate else { throw .needsMasterKey(keySettings: picc.settings) }
        }
        do throws(DESFireError) {
            if !resumed {
                resumed = try createNDEFApplication()
            }
            try select(.ndef)
            let cc = Self.capabilityContainerFile
            _ = try createFile(cc.number, isoFileID: cc.isoFileID, size: cc.size)
            size = try createFile(Self.ndefFile.number, isoFileID: Self.ndefFile.isoFileID, size: size)
            try writeData(Self.ndefFile.number, isoFileID: Self.ndefFile.isoFileID, offset: 0, [0x00, 0x00])
            try writeData(cc.number, isoFileID: cc.isoFileID, offset: 0, Self.capabilityContainer(ndefFileSize: size))
        } catch {
            throw Self.afterChange(error, piccSettings: picc.settings)
        }
        try verify(ndefFileSize: size)
        return DESFireNDEFFormat(ndefFileSize: size, resumed: resumed)
    }

    /// CreateApplication of the NDEF application; true when the card says it exists
    /// already (`91 DE`: created between the listing and now), which is carried on.
    private func createNDEFApplication() throws(DESFireError) -> Bool {
        do throws(DESFireError) {
            try createApplication(
                .ndef, keySettings: Self.applicationKeySettings.ks1, keyCount: Self.applicationKeySettings.ks2, isoFileID: Self.applicationFileID,
                dfName: Type4Tag.applicationName)
            return false
        } catch .status(.duplicate, _) {
            return true
        }
    }

    /// CreateStdDataFile of one of the NDEF application's files, or, when it exists already
    /// (`91 DE`, a format that stopped), its settings: it must be a plain file free to read
    /// and write, of at least `size` bytes for the CC (exactly its size counts for the NDEF
    /// file, up to 7FFF). Returns the file's size.
    private func createFile(_ number: UInt8, isoFileID: UInt16, size: Int) throws(DESFireError) -> Int {
        do throws(DESFireError) {
            try createStandardDataFile(number, isoFileID: isoFileID, accessRights: Self.fileAccessRights, size: size)
            return size
        } catch .status(.duplicate, _) {
            let settings = try fileSettings(number, isoFileID: isoFileID)
            let name = Self.fileStep("file", number, isoFileID)
            guard settings.isFreeInPlain else {
                throw .foreignApplication("its \(name) is not free to read and write in plain (access rights \(Hex.encode([UInt8(settings.accessRights >> 8), UInt8(settings.accessRights & 0xFF)])))")
            }
            let smallest = number == Self.capabilityContainerFile.number ? size : Self.minimumNDEFFileSize
            guard settings.size >= smallest else { throw .foreignApplication("its \(name) has \(settings.size) bytes, at least \(smallest) are needed") }
            return number == Self.capabilityContainerFile.number ? settings.size : min(settings.size, Type4CapabilityContainer.mapping2SizeLimit)
        }
    }

    /// Application 000001 is on the card: complete (`.alreadyFormatted`), left by a format
    /// that stopped (returns: its CC file is missing or not written yet), or another's
    /// (`.foreignApplication`).
    private func checkUnfinishedApplication() throws(DESFireError) {
        let tag = Type4Tag(exchange: exchange)
        let step = "checking application 000001"
        do throws(Type4Error) {
            try tag.selectApplication()
        } catch .noNDEFApplication {
            throw .foreignApplication("it does not answer SELECT of the NDEF application's name D2760000850101")
        } catch {
            throw .type4(error, step: step)
        }
        let report: NDEFStatusReport
        do throws(Type4Error) { report = try tag.queryNDEFStatus() } catch {
            switch error {
            case .invalidCapabilityContainer, .refused(.fileNotFound, _): return
            default: throw .type4(error, step: step)
            }
        }
        guard report.status != .notSupported else { throw .foreignApplication("its NDEF file cannot be read without a key") }
        throw .alreadyFormatted(capacity: report.capacity)
    }

    /// An error after the card began to change: out of memory and a key the card asks for
    /// say so; the rest is `.stopped` (a new format finishes).
    private static func afterChange(_ error: DESFireError, piccSettings: UInt8) -> DESFireError {
        switch error {
        case let .status(.outOfMemory, step):
            .insufficientMemory(
                "\(step) answered 91 0E (out of memory): application 000001 may be on the card without all its files; free memory on the card (deleting an application needs the PICC master key, not done by pn532ctl) and run format again")
        case let .status(.authenticationError, step) where step.hasPrefix("CreateApplication"):
            .needsMasterKey(keySettings: piccSettings)
        case .foreignApplication, .needsMasterKey, .insufficientMemory:
            error
        default:
            .stopped(error)
        }
    }

    /// Reads the new application through the Type 4 layer: read and write free, the
    /// capacity the CC states, an empty message.
    private func verify(ndefFileSize size: Int) throws(DESFireError) {
        let tag = Type4Tag(exchange: exchange)
        let step = "reading the new NDEF application back"
        do throws(Type4Error) {
            let report = try tag.queryNDEFStatus()
            let expected = NDEFStatusReport(status: .readWrite, capacity: min(size, Type4CapabilityContainer.offsetLimit) - 2)
            guard report == expected else {
                throw Type4Error.invalidCapabilityContainer("it reads as \(report.status) with \(report.capacity) bytes, \(expected.capacity) bytes read and write were formatted")
            }
            guard try tag.readNDEF(mode: .lenient) == .empty else { throw Type4Error.verificationFailed(offset: 0) }
        } catch {
            throw .type4(error, step: step)
        }
    }
}
