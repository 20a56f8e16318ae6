/// A MIFARE DESFire EV1 (4 KB) at the native command level: GetVersion, GetApplicationIDs,
/// GetKeySettings, CreateApplication, SelectApplication, CreateStdDataFile, GetFileSettings,
/// WriteData and ReadData, on the PICC ``SimulatedTag/desfire`` holds; ISO-wrapped (CLA `90`)
/// or native. No authentication on the EV1 (the EV2/EV3 adds AES authentication and secure
/// messaging, SimulatedTag+DESFireEV2.swift): what needs a key is refused.
extension SimulatedTag {
    /// Native status codes (the first byte of a native answer, `91 xx` when wrapped).
    enum DESFireStatus {
        static let ok: UInt8 = 0x00
        static let outOfMemory: UInt8 = 0x0E
        static let illegalCommand: UInt8 = 0x1C
        static let lengthError: UInt8 = 0x7E
        static let permissionDenied: UInt8 = 0x9D
        static let parameterError: UInt8 = 0x9E
        static let applicationNotFound: UInt8 = 0xA0
        static let authenticationError: UInt8 = 0xAE
        static let additionalFrame: UInt8 = 0xAF
        static let boundaryError: UInt8 = 0xBE
        static let countError: UInt8 = 0xCE
        static let duplicate: UInt8 = 0xDE
        static let fileNotFound: UInt8 = 0xF0
    }

    /// The most data bytes one native answer frame carries; longer answers go on after `AF`.
    static let desfireFrameData = 59

    /// The answer to a native command or an ISO/IEC 7816-4 APDU: CLA `90` wraps a native
    /// command (`90 INS 00 00 [Lc data] 00`, answered data + `91 status`); CLA `00` goes to
    /// the ISO file commands (``desfireISOAnswer(_:)``).
    mutating func desfireAnswer(_ apdu: [UInt8]) -> [UInt8] {
        if apdu.count >= 4, apdu[0] == 0x00 {
            versionPart = nil
            session.desfirePendingAnswer = nil
            session.ntag424 = NTAG424Session()
            return desfireISOAnswer(apdu)
        }
        if let wrapped = Self.unwrapped(apdu) { return Self.wrapped(desfireNativeAnswer(wrapped)) }
        return desfireNativeAnswer(apdu)
    }

    /// A native command on this product: EV1, or EV2/EV3 (``desfireEV2Native(_:)``).
    private mutating func desfireNativeAnswer(_ command: [UInt8]) -> [UInt8] {
        product.isDESFireEV2 ? desfireEV2Native(command) : desfireNative(command)
    }

    /// The native command a CLA `90` APDU wraps (`90 INS 00 00 [Lc data] 00` → `INS data`);
    /// nil for another APDU. Data the APDU is too short to hold is left out.
    static func unwrapped(_ apdu: [UInt8]) -> [UInt8]? {
        guard apdu.count >= 5, apdu[0] == 0x90 else { return nil }
        let length = Int(apdu[4])
        let data = apdu.count >= 5 + length ? Array(apdu[5..<5 + length]) : []
        return [apdu[1]] + data
    }

    /// A native answer (status byte, then data) as a wrapped one: data, then `91 status`.
    static func wrapped(_ native: [UInt8]) -> [UInt8] {
        Array(native.dropFirst()) + [0x91, native.first ?? DESFireStatus.lengthError]
    }

    /// A native command: status byte, then data.
    mutating func desfireNative(_ command: [UInt8]) -> [UInt8] {
        if let answer = versionAnswer(command) { return answer }
        let pending = session.desfirePendingAnswer
        session.desfirePendingAnswer = nil
        guard let instruction = command.first else { return [DESFireStatus.lengthError] }
        let data = Array(command.dropFirst())
        switch instruction {
        case 0xAF:
            guard let pending, data.isEmpty else { return [DESFireStatus.illegalCommand] }
            return chained(pending)
        case 0x6A: return data.isEmpty ? listApplications() : [DESFireStatus.lengthError]
        case 0x45: return data.isEmpty ? keySettings() : [DESFireStatus.lengthError]
        case 0x5A: return selectApplication(data)
        case 0xCA: return createApplication(data)
        case 0xCD: return createStandardDataFile(data)
        case 0xF5: return fileSettings(data)
        case 0x3D: return writeData(data)
        case 0xBD: return readData(data)
        case 0x60: return [DESFireStatus.lengthError]
        default: return [DESFireStatus.illegalCommand]
        }
    }

    /// `00` and `data` in one frame, or its first ``desfireFrameData`` bytes with `AF` and the
    /// rest kept for the next `AF`.
    mutating func chained(_ data: [UInt8]) -> [UInt8] {
        guard data.count > Self.desfireFrameData else { return [DESFireStatus.ok] + data }
        session.desfirePendingAnswer = Array(data.dropFirst(Self.desfireFrameData))
        return [DESFireStatus.additionalFrame] + data.prefix(Self.desfireFrameData)
    }

    /// The selected application's index; nil at the PICC level.
    var selectedApplication: Int? {
        get { session.desfireApplication }
        set { session.desfireApplication = newValue }
    }

    /// GetApplicationIDs (`6A`): the AIDs, 3 bytes each, 19 a frame; `AE` when the PICC
    /// settings keep the list behind the master key.
    private mutating func listApplications() -> [UInt8] {
        guard let picc = desfire else { return [DESFireStatus.illegalCommand] }
        guard picc.piccKeySettings & 0x02 != 0 else { return [DESFireStatus.authenticationError] }
        let identifiers = picc.applications.flatMap(\.identifier)
        guard identifiers.count > 57 else { return [DESFireStatus.ok] + identifiers }
        session.desfirePendingAnswer = Array(identifiers.dropFirst(57))
        return [DESFireStatus.additionalFrame] + identifiers.prefix(57)
    }

    /// GetKeySettings (`45`): at the PICC level its settings and 1 key; in an application
    /// KS1 and KS2.
    private func keySettings() -> [UInt8] {
        guard let picc = desfire else { return [DESFireStatus.illegalCommand] }
        guard let index = selectedApplication else { return [DESFireStatus.ok, picc.piccKeySettings, 0x01] }
        let application = picc.applications[index]
        return [DESFireStatus.ok, application.keySettings, application.keyCount]
    }

    /// SelectApplication (`5A` AID): `000000` is the PICC level; an unknown AID `A0`.
    private mutating func selectApplication(_ data: [UInt8]) -> [UInt8] {
        guard let picc = desfire else { return [DESFireStatus.illegalCommand] }
        guard data.count == 3 else { return [DESFireStatus.lengthError] }
        session.selectedFile = nil
        if data == [0, 0, 0] {
            selectedApplication = nil
            return [DESFireStatus.ok]
        }
        guard let index = picc.applications.firstIndex(where: { $0.identifier == data }) else {
            selectedApplication = nil
            return [DESFireStatus.applicationNotFound]
        }
        selectedApplication = index
        return [DESFireStatus.ok]
    }

    /// CreateApplication (`CA` AID KS1 KS2 [ISO FID (LSB first) [DF name 1–16]]), at the
    /// PICC level only (`9D` elsewhere): `AE` when the PICC settings need the master key,
    /// `DE` for an AID, ISO FID or DF name already used, `CE` past 28 applications, `9E` for
    /// AID 000000 or an ISO FID without KS2's ISO bit, `7E` for a wrong length.
    private mutating func createApplication(_ data: [UInt8]) -> [UInt8] {
        guard var picc = desfire else { return [DESFireStatus.illegalCommand] }
        guard data.count == 5 || (7...23).contains(data.count) else { return [DESFireStatus.lengthError] }
        guard selectedApplication == nil else { return [DESFireStatus.permissionDenied] }
        guard picc.piccKeySettings & 0x04 != 0 else { return [DESFireStatus.authenticationError] }
        let identifier = Array(data[0..<3])
        let keyCount = data[4]
        let isoFileID = data.count >= 7 ? UInt16(data[6]) << 8 | UInt16(data[5]) : nil
        let name = data.count > 7 ? Array(data[7...]) : []
        guard identifier != [0, 0, 0], keyCount & 0x0F >= 1, keyCount & 0x0F <= 14, isoFileID == nil || keyCount & 0x20 != 0 else {
            return [DESFireStatus.parameterError]
        }
        let clash = picc.applications.contains {
            $0.identifier == identifier || (isoFileID != nil && $0.isoFileID == isoFileID) || (!name.isEmpty && $0.dfName == name)
        }
        guard !clash else { return [DESFireStatus.duplicate] }
        guard picc.applications.count < SimulatedDESFire.maximumApplications else { return [DESFireStatus.countError] }
        let application = SimulatedDESFire.Application(
            identifier: identifier, keySettings: data[3], keyCount: keyCount, isoFileID: isoFileID, dfName: name, files: [])
        picc.applications.append(product.isDESFireEV2 ? application.withFactoryKeys() : application)
        desfire = picc
        return [DESFireStatus.ok]
    }

    /// CreateStdDataFile (`CD` file [ISO FID (LSB first)] comm access(2, LSB first)
    /// size(3, LSB first)) in the selected application (`9D` at the PICC level): `AE` when
    /// its KS1 needs the application master key, `DE` for a number or ISO FID already used,
    /// `0E` when the memory cannot hold it, `9E` for a file number past 31 or a size of 0.
    private mutating func createStandardDataFile(_ data: [UInt8]) -> [UInt8] {
        guard var picc = desfire else { return [DESFireStatus.illegalCommand] }
        guard let index = selectedApplication else { return [DESFireStatus.permissionDenied] }
        var application = picc.applications[index]
        let isoLength = application.hasISOFileIDs ? 2 : 0
        guard data.count == 7 + isoLength else { return [DESFireStatus.lengthError] }
        guard application.keySettings & 0x04 != 0 else { return [DESFireStatus.authenticationError] }
        let number = data[0]
        let isoFileID = isoLength == 2 ? UInt16(data[2]) << 8 | UInt16(data[1]) : nil
        let rest = Array(data[(1 + isoLength)...])
        let size = Int(rest[3]) | Int(rest[4]) << 8 | Int(rest[5]) << 16
        guard Int(number) < SimulatedDESFire.maximumFiles, size > 0 else { return [DESFireStatus.parameterError] }
        guard !application.files.contains(where: { $0.number == number || (isoFileID != nil && $0.isoFileID == isoFileID) }) else {
            return [DESFireStatus.duplicate]
        }
        guard picc.usedMemory + SimulatedDESFire.allocation(size) <= picc.memorySize else { return [DESFireStatus.outOfMemory] }
        let access = UInt16(rest[2]) << 8 | UInt16(rest[1])
        application.files.append(
            SimulatedDESFire.File(number: number, isoFileID: isoFileID, communication: rest[0], accessRights: access, data: [UInt8](repeating: 0, count: size)))
        picc.applications[index] = application
        desfire = picc
        return [DESFireStatus.ok]
    }

    /// The selected application's file `number`: its index pair, or the status refusing it.
    func desfireFile(_ number: UInt8) -> Result<(application: Int, file: Int), StatusError> {
        guard let picc = desfire, let application = selectedApplication else { return .failure(StatusError(bytes: [DESFireStatus.permissionDenied])) }
        guard let file = picc.applications[application].files.firstIndex(where: { $0.number == number }) else {
            return .failure(StatusError(bytes: [DESFireStatus.fileNotFound]))
        }
        return .success((application, file))
    }

    /// GetFileSettings (`F5` file): a standard data file's type `00`, communication, access
    /// rights (LSB first) and size (3 bytes, LSB first).
    private func fileSettings(_ data: [UInt8]) -> [UInt8] {
        guard data.count == 1 else { return [DESFireStatus.lengthError] }
        switch desfireFile(data[0]) {
        case let .failure(error): return error.bytes
        case let .success(found):
            let file = desfire?.applications[found.application].files[found.file]
            guard let file else { return [DESFireStatus.fileNotFound] }
            let size = file.data.count
            return [DESFireStatus.ok, 0x00, file.communication, UInt8(file.accessRights & 0xFF), UInt8(file.accessRights >> 8),
                    UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF)]
        }
    }

    /// File number, offset and length (3 bytes each, LSB first) of ReadData and WriteData.
    private static func span(_ data: [UInt8]) -> (number: UInt8, offset: Int, length: Int) {
        (data[0], Int(data[1]) | Int(data[2]) << 8 | Int(data[3]) << 16, Int(data[4]) | Int(data[5]) << 8 | Int(data[6]) << 16)
    }

    /// WriteData (`3D` file offset(3) length(3) data) in one frame: `9D` unless the write is
    /// free in plain, `BE` past the file's end, `7E` when the length is not the data's.
    private mutating func writeData(_ data: [UInt8]) -> [UInt8] {
        guard data.count >= 7 else { return [DESFireStatus.lengthError] }
        let (number, offset, length) = Self.span(data)
        guard length == data.count - 7, length > 0 else { return [DESFireStatus.lengthError] }
        switch desfireFile(number) {
        case let .failure(error): return error.bytes
        case let .success(found):
            guard var picc = desfire else { return [DESFireStatus.illegalCommand] }
            var file = picc.applications[found.application].files[found.file]
            guard file.freeWrite, file.isPlain else { return [DESFireStatus.permissionDenied] }
            guard offset + length <= file.data.count else { return [DESFireStatus.boundaryError] }
            file.data.replaceSubrange(offset..<offset + length, with: data[7...])
            picc.applications[found.application].files[found.file] = file
            desfire = picc
            return [DESFireStatus.ok]
        }
    }

    /// ReadData (`BD` file offset(3) length(3); length 0: to the end): the bytes, chained by
    /// `AF` past one frame; `9D` unless the read is free in plain, `BE` past the file's end.
    private mutating func readData(_ data: [UInt8]) -> [UInt8] {
        guard data.count == 7 else { return [DESFireStatus.lengthError] }
        let (number, offset, length) = Self.span(data)
        switch desfireFile(number) {
        case let .failure(error): return error.bytes
        case let .success(found):
            guard let file = desfire?.applications[found.application].files[found.file] else { return [DESFireStatus.fileNotFound] }
            guard file.freeRead, file.isPlain else { return [DESFireStatus.permissionDenied] }
            let end = length == 0 ? file.data.count : offset + length
            guard offset < file.data.count, end <= file.data.count else { return [DESFireStatus.boundaryError] }
            return chained(Array(file.data[offset..<end]))
        }
    }

    /// The native answer (status byte, then data) to GetVersion (`60`) and to the `AF`s that
    /// ask for its parts 2 and 3 (``TagProduct/nxpVersion``); nil for another command, which
    /// ends a GetVersion under way.
    mutating func versionAnswer(_ command: [UInt8]) -> [UInt8]? {
        let step = versionPart
        versionPart = nil
        guard let version = product.nxpVersion else { return nil }
        switch command.first {
        case 0x60 where command.count == 1:
            versionPart = 1
            return [DESFireStatus.additionalFrame] + version.hardware
        case 0xAF where step == 1 && command.count == 1:
            versionPart = 2
            return [DESFireStatus.additionalFrame] + version.software
        case 0xAF where step == 2 && command.count == 1:
            return [DESFireStatus.ok] + versionUID + product.productionData
        default:
            return nil
        }
    }

    /// The GetVersion part the next `AF` asks for.
    var versionPart: Int? {
        get { session.versionPart }
        set { session.versionPart = newValue }
    }
}
