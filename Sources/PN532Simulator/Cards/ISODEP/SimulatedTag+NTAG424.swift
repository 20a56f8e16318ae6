/// An NTAG 424 DNA at the ISO/IEC 7816-4 level: GetVersion (wrapped in CLA `90`) with its data
/// sheet's bytes, SELECT of the NDEF application and its files, ISO READ/UPDATE BINARY under
/// the files' access rights, and the native commands of ``SimulatedNTAG424`` (authentication,
/// secure messaging, SDM).
extension SimulatedTag {
    /// The NDEF application's name (ISO/IEC 7816-4 DF name): `D2 76 00 00 85 01 01`.
    static let ndefApplicationName: [UInt8] = [0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01]

    /// The answer to one APDU:
    /// - CLA `90`: a wrapped native command (``ntag424Native(_:previousRead:)``), answered `data 91 status`.
    /// - CLA `00` READ BINARY / UPDATE BINARY: the selected file under its access rights
    ///   (``ntag424ISOAnswer(_:previousRead:)``); SELECT as a Type 4 tag selects.
    /// - Other CLA `00` instructions: `6D 00` (not simulated); other classes `6E 00`.
    ///
    /// Every command but the pending authentication's `AF` aborts that authentication; in a
    /// session whose CmdCtr reached FFFF every native command fails (`1E`) and ends it; and
    /// every command but a repeated read of the SDM file on the same path makes the next
    /// such read a "first read" (SDMReadCtr + 1).
    mutating func ntag424Answer(_ apdu: [UInt8]) -> [UInt8] {
        let previousRead = session.ntag424.lastSDMRead
        session.ntag424.lastSDMRead = nil
        if let native = Self.unwrapped(apdu) {
            return Self.wrapped(ntag424Native(native, previousRead: previousRead))
        }
        session.ntag424.pending = nil
        versionPart = nil
        guard apdu.count >= 4, apdu[0] == 0x00 else { return [0x6E, 0x00] }
        if apdu[1] == 0xB0 || apdu[1] == 0xD6 { return ntag424ISOAnswer(apdu, previousRead: previousRead) }
        if let answer = type4FileAnswer(apdu) { return answer }
        guard apdu[1] == 0xA4 else { return [0x6D, 0x00] }
        return [0x6A, 0x82]
    }

    /// A native command (`INS data`): its status byte, then its data.
    private mutating func ntag424Native(_ command: [UInt8], previousRead: NTAG424Session.ReadPath?) -> [UInt8] {
        let pending = session.ntag424.pending
        session.ntag424.pending = nil
        guard let instruction = command.first else { return [DESFireStatus.lengthError] }
        let data = Array(command.dropFirst())
        if instruction == 0xAF, let pending {
            versionPart = nil
            return authenticationPart2(pending, data)
        }
        if session.ntag424.authenticated != nil, instruction == 0x60 || (instruction == 0xAF && versionPart != nil) {
            return versionInSession(instruction, data)
        }
        if let answer = versionAnswer(command) { return answer }
        switch instruction {
        case 0x71: return authenticationPart1(first: true, data)
        case 0x77: return authenticationPart1(first: false, data)
        default:
            if let session = session.ntag424.authenticated, session.commandCounter >= 0xFFFF {
                self.session.ntag424.authenticated = nil
                return [NTAG424Failure.integrity.status]
            }
            switch ntag424Command(instruction, data, previousRead: previousRead) {
            case .success(let reply): return sealed(reply)
            case .failure(let error):
                session.ntag424.authenticated = nil
                return [error.status]
            }
        }
    }

    /// The command's answer before secure messaging, or the status that refuses it.
    private mutating func ntag424Command(
        _ instruction: UInt8, _ data: [UInt8], previousRead: NTAG424Session.ReadPath?
    ) -> Result<NTAG424Reply, NTAG424Failure> {
        switch instruction {
        case 0xC4: changeKey(data)
        case 0x64: keyVersion(data)
        case 0xF5: getFileSettings(data)
        case 0x5F: changeFileSettings(data)
        case 0xAD: readData(data, previousRead: previousRead)
        case 0x8D: writeData(data)
        case 0x51: cardUID(data)
        case 0x3C: readSignature(data)
        case 0x5C: setConfiguration(data)
        case 0xF6: fileCounters(data)
        default: .failure(NTAG424Failure(DESFireStatus.illegalCommand))
        }
    }

    /// GetVersion in a session (CommMode.MAC): `60 MAC` → `AF` part 1, `AF` → `AF` part 2,
    /// `AF` → `00` part 3 and the MAC over all three parts, with CmdCtr + 1 once. A wrong MAC,
    /// or anything else in between, ends the session.
    mutating func versionInSession(_ instruction: UInt8, _ data: [UInt8]) -> [UInt8] {
        let step = versionPart
        versionPart = nil
        guard let version = product.nxpVersion, var session = session.ntag424.authenticated else {
            return [DESFireStatus.illegalCommand]
        }
        switch (instruction, step) {
        case (0x60, _):
            switch opened(0x60, header: [], body: data, mode: .mac) {
            case .success(let rest) where rest.isEmpty:
                versionPart = 1
                return [DESFireStatus.additionalFrame] + version.hardware
            case .success:
                self.session.ntag424.authenticated = nil
                return [DESFireStatus.lengthError]
            case .failure(let error):
                self.session.ntag424.authenticated = nil
                return [error.status]
            }
        case (0xAF, 1) where data.isEmpty:
            versionPart = 2
            return [DESFireStatus.additionalFrame] + version.software
        case (0xAF, 2) where data.isEmpty:
            let last = versionUID + product.productionData
            session.commandCounter += 1
            self.session.ntag424.authenticated = session
            let input = [DESFireStatus.ok] + Self.littleEndian(session.commandCounter, count: 2) + session.transactionIdentifier
                + version.hardware + version.software + last
            return [DESFireStatus.ok] + last + SimulatorAES(key: session.macKey).truncatedMAC(input)
        default:
            self.session.ntag424.authenticated = nil
            return [DESFireStatus.illegalCommand]
        }
    }

    /// The UID GetVersion's part 3 shows: the real one, or zeros under Random ID (NTAG 424 DNA,
    /// DESFire EV2/EV3).
    var versionUID: [UInt8] {
        if let card = ntag424 { return card.randomID ? [UInt8](repeating: 0, count: 7) : card.uid }
        if let picc = desfire, picc.randomID { return [UInt8](repeating: 0, count: 7) }
        return identifier
    }
}

/// A successful native command's answer before secure messaging: its data, the CommMode the
/// answer travels in, and whether it ends the session (ChangeKey of the key in use).
struct NTAG424Reply {
    var data: [UInt8] = []
    var mode: SimulatedNTAG424.CommMode = .plain
    var endsSession = false
}

/// A refused native command: its status byte (`91 xx`).
struct NTAG424Failure: Error {
    let status: UInt8

    init(_ status: UInt8) { self.status = status }

    static let integrity = NTAG424Failure(0x1E)
    static let noSuchKey = NTAG424Failure(0x40)
    static let length = NTAG424Failure(0x7E)
    static let permission = NTAG424Failure(0x9D)
    static let parameter = NTAG424Failure(0x9E)
    static let authenticationDelay = NTAG424Failure(0xAD)
    static let authentication = NTAG424Failure(0xAE)
    static let boundary = NTAG424Failure(0xBE)
    static let fileNotFound = NTAG424Failure(0xF0)
}
