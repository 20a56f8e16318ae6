/// A MIFARE DESFire EV2/EV3's native commands beyond the EV1's (written from the DESFire EV2
/// command set as the reference sheets give it, type4-ntag424.md §3–§5 and §7, which the
/// NTAG 424 DNA shares): AuthenticateEV2First/NonFirst with the selected level's AES keys,
/// EV2 secure messaging (the NTAG 424 DNA's: ``opened(_:header:body:mode:)``,
/// ``sealed(_:)``), GetCardUID, GetKeyVersion, Read_Sig, ReadData/WriteData (`BD`/`AD`,
/// `3D`/`8D`) in each file's CommMode, ChangeKey and SetConfiguration (Random ID).
///
/// In a session every other EV1 command travels MACed (``desfireMACed(_:_:)``);
/// SelectApplication and any ISO/IEC 7816-4 command end the session.
extension SimulatedTag {
    /// The instructions answered here also without a session; the others go to the EV1's
    /// ``desfireNative(_:)`` when no session is open.
    static let desfireEV2Instructions: Set<UInt8> = [0x51, 0x64, 0x3C, 0xAD, 0xBD, 0x8D, 0x3D, 0xC4, 0x5C]

    /// A native command on a DESFire EV2/EV3: status byte, then data.
    mutating func desfireEV2Native(_ command: [UInt8]) -> [UInt8] {
        let pending = session.ntag424.pending
        session.ntag424.pending = nil
        guard let instruction = command.first else { return [DESFireStatus.lengthError] }
        let data = Array(command.dropFirst())
        if instruction == 0xAF, let pending {
            versionPart = nil
            return withDESFireKeys { keys, state in Self.ev2AuthenticationPart2(pending, data, card: &keys, session: &state) }
        }
        if session.ntag424.authenticated != nil, instruction == 0x60 || (instruction == 0xAF && versionPart != nil) {
            return versionInSession(instruction, data)
        }
        if instruction == 0x71 || instruction == 0x77 {
            versionPart = nil
            session.desfirePendingAnswer = nil
            return withDESFireKeys { keys, state in
                Self.ev2AuthenticationPart1(first: instruction == 0x71, data, card: &keys, session: &state)
            }
        }
        let authenticated = session.ntag424.authenticated
        guard authenticated != nil || Self.desfireEV2Instructions.contains(instruction) else { return desfireNative(command) }
        versionPart = nil
        session.desfirePendingAnswer = nil
        if let authenticated, authenticated.commandCounter >= 0xFFFF {
            session.ntag424.authenticated = nil
            return [NTAG424Failure.integrity.status]
        }
        switch desfireEV2Command(instruction, data) {
        case .success(let reply):
            return authenticated == nil && instruction == 0xBD ? chained(reply.data) : sealed(reply)
        case .failure(let error):
            session.ntag424.authenticated = nil
            return [error.status]
        }
    }

    /// The command's answer before secure messaging, or the status that refuses it.
    private mutating func desfireEV2Command(_ instruction: UInt8, _ data: [UInt8]) -> Result<NTAG424Reply, NTAG424Failure> {
        switch instruction {
        case 0x51: desfireCardUID(data)
        case 0x64: desfireKeyVersion(data)
        case 0x3C: desfireReadSignature(data)
        case 0xAD, 0xBD: desfireEV2ReadData(instruction, data)
        case 0x8D, 0x3D: desfireEV2WriteData(instruction, data)
        case 0xC4: desfireChangeKey(data)
        case 0x5C: desfireSetConfiguration(data)
        case 0x5A: desfireSelectInSession(data)
        default: desfireMACed(instruction, data)
        }
    }

    /// Runs an EV2 authentication step on the selected level's keys (``DESFireEV2Keys``).
    private mutating func withDESFireKeys(_ step: (inout DESFireEV2Keys, inout NTAG424Session) -> [UInt8]) -> [UInt8] {
        guard let picc = desfire else { return [DESFireStatus.illegalCommand] }
        var keys = DESFireEV2Keys(picc: picc, application: selectedApplication)
        var state = session.ntag424
        let answer = step(&keys, &state)
        desfire = keys.picc
        session.ntag424 = state
        return answer
    }

    /// The PICC, or `1C` for a card that has none.
    private var picc: Result<SimulatedDESFire, NTAG424Failure> {
        desfire.map { .success($0) } ?? .failure(NTAG424Failure(DESFireStatus.illegalCommand))
    }

    /// An EV1 command in a session: its data MACed (`INS data MAC`), run as without one, its
    /// answer MACed; an answer other than `00` refuses it.
    private mutating func desfireMACed(_ instruction: UInt8, _ data: [UInt8]) -> Result<NTAG424Reply, NTAG424Failure> {
        opened(instruction, header: [], body: data, mode: .mac).flatMap { payload in
            let answer = desfireNative([instruction] + payload)
            guard answer.first == DESFireStatus.ok else { return .failure(NTAG424Failure(answer.first ?? DESFireStatus.lengthError)) }
            return .success(NTAG424Reply(data: Array(answer.dropFirst()), mode: .mac))
        }
    }

    /// SelectApplication (`5A AID`) in a session: plain; it ends the session and selects.
    private mutating func desfireSelectInSession(_ data: [UInt8]) -> Result<NTAG424Reply, NTAG424Failure> {
        let answer = desfireNative([0x5A] + data)
        guard answer.first == DESFireStatus.ok else { return .failure(NTAG424Failure(answer.first ?? DESFireStatus.lengthError)) }
        return .success(NTAG424Reply(endsSession: true))
    }

    /// GetCardUID (`51`, Full, a session of any key) → the real UID.
    private func desfireCardUID(_ data: [UInt8]) -> Result<NTAG424Reply, NTAG424Failure> {
        picc.flatMap { picc in
            guard session.ntag424.authenticated != nil else { return .failure(.authentication) }
            return opened(0x51, header: [], body: data, mode: .full).flatMap { rest in
                rest.isEmpty ? .success(NTAG424Reply(data: picc.uid, mode: .full)) : .failure(.length)
            }
        }
    }

    /// GetKeyVersion (`64 KeyNo`, MAC in a session): the version of the selected application's
    /// key, or at the PICC level of the PICC master key (key 0).
    private func desfireKeyVersion(_ data: [UInt8]) -> Result<NTAG424Reply, NTAG424Failure> {
        picc.flatMap { picc in
            guard let first = data.first else { return .failure(.length) }
            let number = Int(first & 0x3F)
            let versions = selectedApplication.map { picc.applications[$0].keyVersions } ?? [picc.piccMasterKeyVersion]
            guard versions.indices.contains(number) else { return .failure(.noSuchKey) }
            return opened(0x64, header: [first], body: Array(data.dropFirst()), mode: .mac).flatMap { rest in
                rest.isEmpty ? .success(NTAG424Reply(data: [versions[number]], mode: .mac)) : .failure(.length)
            }
        }
    }

    /// Read_Sig (`3C 00`) → the 56-byte originality signature; Full in a session; refused
    /// (`9D`) without one under Random ID; another address → `9E`.
    private func desfireReadSignature(_ data: [UInt8]) -> Result<NTAG424Reply, NTAG424Failure> {
        picc.flatMap { picc in
            guard let address = data.first else { return .failure(.length) }
            let inSession = session.ntag424.authenticated != nil
            guard inSession || !picc.randomID else { return .failure(.permission) }
            return opened(0x3C, header: [address], body: Array(data.dropFirst()), mode: inSession ? .full : .plain).flatMap { rest in
                guard rest.isEmpty else { return .failure(.length) }
                guard address == 0 else { return .failure(.parameter) }
                return .success(NTAG424Reply(data: picc.signature, mode: inSession ? .full : .plain))
            }
        }
    }

    /// The selected application's file `number` and the CommMode its access takes: the file's
    /// when a right among `rights(file)` is the session's key, plain when one is free.
    private func desfireAccess(
        _ number: UInt8, _ rights: (SimulatedDESFire.File) -> [UInt8]
    ) -> Result<(application: Int, file: Int, mode: SimulatedNTAG424.CommMode), NTAG424Failure> {
        switch desfireFile(number) {
        case .failure(let error): return .failure(NTAG424Failure(error.bytes.first ?? DESFireStatus.permissionDenied))
        case .success(let found):
            guard let file = desfire?.applications[found.application].files[found.file] else { return .failure(.fileNotFound) }
            guard let grant = grant(rights(file)) else { return .failure(.permission) }
            let mode = grant == .key ? SimulatedNTAG424.CommMode(rawValue: file.communication & 0x03) ?? .plain : .plain
            return .success((found.application, found.file, mode))
        }
    }

    /// ReadData (`BD` or `AD` FileNo Offset(3) Length(3), length 0 = to the end) under the
    /// file's Read or ReadWrite right, in its CommMode.
    private func desfireEV2ReadData(_ instruction: UInt8, _ data: [UInt8]) -> Result<NTAG424Reply, NTAG424Failure> {
        guard data.count >= 7 else { return .failure(.length) }
        return desfireAccess(data[0]) { [$0.readRight, $0.readWriteRight] }.flatMap { access in
            opened(instruction, header: Array(data[0..<7]), body: Array(data[7...]), mode: access.mode).flatMap { rest in
                guard rest.isEmpty else { return .failure(.length) }
                guard let bytes = desfire?.applications[access.application].files[access.file].data else { return .failure(.fileNotFound) }
                let offset = Self.littleEndianValue(data[1..<4])
                let length = Self.littleEndianValue(data[4..<7])
                guard offset < bytes.count, length <= bytes.count - offset else { return .failure(.boundary) }
                let end = length == 0 ? bytes.count : offset + length
                return .success(NTAG424Reply(data: Array(bytes[offset..<end]), mode: access.mode))
            }
        }
    }

    /// WriteData (`3D` or `8D` FileNo Offset(3) Length(3) data, Length the plain data's) under
    /// the file's Write or ReadWrite right, in its CommMode.
    private mutating func desfireEV2WriteData(_ instruction: UInt8, _ data: [UInt8]) -> Result<NTAG424Reply, NTAG424Failure> {
        guard data.count >= 7 else { return .failure(.length) }
        return desfireAccess(data[0]) { [$0.writeRight, $0.readWriteRight] }.flatMap { access in
            opened(instruction, header: Array(data[0..<7]), body: Array(data[7...]), mode: access.mode).flatMap { plain in
                guard var picc = desfire else { return .failure(.fileNotFound) }
                let offset = Self.littleEndianValue(data[1..<4])
                let length = Self.littleEndianValue(data[4..<7])
                guard plain.count == length, length > 0 else { return .failure(.length) }
                let size = picc.applications[access.application].files[access.file].data.count
                guard offset < size, length <= size - offset else { return .failure(.boundary) }
                picc.applications[access.application].files[access.file].data.replaceSubrange(offset..<offset + length, with: plain)
                desfire = picc
                return .success(NTAG424Reply(mode: access.mode == .full ? .mac : access.mode))
            }
        }
    }

    /// ChangeKey (`C4 KeyNo Enc(…) MAC`, Full) in a session: in an application under KS1's
    /// ChangeKey right (a key number, `E` the key itself, `F` frozen; key 0 always needs key
    /// 0); at the PICC level of the master key only, to an AES key (KeyNo `80`), in its own
    /// session. The data as on the NTAG 424 DNA (``changedKey(_:oldKey:ofSession:)``).
    private mutating func desfireChangeKey(_ data: [UInt8]) -> Result<NTAG424Reply, NTAG424Failure> {
        picc.flatMap { picc in
            guard let session = session.ntag424.authenticated else { return .failure(.authentication) }
            guard let first = data.first else { return .failure(.length) }
            let number = Int(first & 0x3F)
            let application = selectedApplication
            let oldKey: [UInt8]
            if let application {
                let keys = picc.applications[application].keys
                guard keys.indices.contains(number) else { return .failure(.noSuchKey) }
                let right = Int(picc.applications[application].changeKeyRight)
                let allowed = number == 0 || right == 0 ? session.keyNumber == 0 : right == 0xE ? session.keyNumber == number : session.keyNumber == right
                guard allowed, right != 0xF else { return .failure(.permission) }
                oldKey = keys[number]
            } else {
                guard number == 0 else { return .failure(.noSuchKey) }
                guard first & 0xC0 == SimulatedDESFire.aesKeyType else { return .failure(.parameter) }
                oldKey = picc.piccMasterKey ?? []
            }
            return opened(0xC4, header: [first], body: Array(data.dropFirst()), mode: .full).flatMap { plain in
                Self.changedKey(plain, oldKey: oldKey, ofSession: number == session.keyNumber).map { change in
                    var picc = picc
                    picc.setKey(number, of: application, to: change.key, version: change.version)
                    desfire = picc
                    return change.reply
                }
            }
        }
    }

    /// SetConfiguration (`5C 00 Enc(options)`, Full, the PICC master key's session at the PICC
    /// level): bit 1 of the options turns Random ID on, for good; another option → `9E`.
    private mutating func desfireSetConfiguration(_ data: [UInt8]) -> Result<NTAG424Reply, NTAG424Failure> {
        picc.flatMap { picc in
            guard let session = session.ntag424.authenticated, session.keyNumber == 0, selectedApplication == nil else {
                return .failure(.permission)
            }
            guard let option = data.first else { return .failure(.length) }
            return opened(0x5C, header: [option], body: Array(data.dropFirst()), mode: .full).flatMap { plain in
                guard option == 0x00, plain.count == 1 else { return .failure(.parameter) }
                var picc = picc
                if plain[0] & 0x02 != 0 { picc.randomID = true }
                desfire = picc
                return .success(NTAG424Reply(mode: .mac))
            }
        }
    }
}

extension SimulatedDESFire.File {
    /// The access nibbles: Read (bits 15–12), Write (11–8), ReadWrite (7–4).
    var readRight: UInt8 { UInt8(accessRights >> 12) }
    var writeRight: UInt8 { UInt8(accessRights >> 8 & 0xF) }
    var readWriteRight: UInt8 { UInt8(accessRights >> 4 & 0xF) }
}
