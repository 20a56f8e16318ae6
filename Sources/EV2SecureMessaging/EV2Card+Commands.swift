import Basics
import Credentials
import NFCCore

/// The NTAG 424 DNA / DESFire EV2 commands this layer sends ([DS] §10), each through
/// ``EV2Card/transceive(_:header:data:mode:step:)``.
extension EV2Card {
    /// GetKeyVersion (`64`, MAC): the version byte of key `keyNumber`.
    public func keyVersion(_ keyNumber: UInt8) throws(EV2Error) -> UInt8 {
        let step = "GetKeyVersion \(keyNumber)"
        let answer = try transceive(0x64, header: [keyNumber], mode: session == nil ? .plain : .mac, step: step)
        guard answer.count == 1 else { throw malformed("\(answer.count) bytes, the key version is 1", step: step) }
        return answer[0]
    }

    /// ChangeKey (`C4`, full) of key `keyNumber` to `newKey` with version `version`.
    ///
    /// Changing the key that authenticated (key 0 on NTAG 424) sends `NewKey ‖ KeyVer` and ends
    /// the session; another key sends `(NewKey ⊕ oldKey) ‖ KeyVer ‖ CRC32NK(NewKey)` and keeps
    /// it. `oldKey` is the key's current value (all zero on a factory card).
    ///
    /// - Throws: `.notAuthenticated` with no session; the errors of ``transceive(_:header:data:mode:step:)``.
    public func changeKey(_ keyNumber: UInt8, to newKey: AESKey, version: UInt8, oldKey: AESKey = .factoryDefault) throws(EV2Error) {
        let step = "ChangeKey \(keyNumber)"
        guard let current = session else { throw .notAuthenticated(step: step) }
        if keyNumber & 0x3F == current.keyNumber & 0x3F {
            try transceiveEndingSession(0xC4, header: [keyNumber], data: newKey.bytes + [version], mode: .full, step: step)
        } else {
            let data = zip(newKey.bytes, oldKey.bytes).map { $0 ^ $1 } + [version] + CRC32NK.of(newKey.bytes)
            try expectNoData(try transceive(0xC4, header: [keyNumber], data: data, mode: .full, step: step), step: step)
        }
    }

    /// GetFileSettings (`F5`, MAC when authenticated) of file `fileNumber`.
    public func fileSettings(_ fileNumber: UInt8) throws(EV2Error) -> EV2FileSettings {
        let step = "GetFileSettings \(Hex.encode([fileNumber]))"
        let answer = try transceive(0xF5, header: [fileNumber], mode: session == nil ? .plain : .mac, step: step)
        do throws(SettingsFormatError) { return try EV2FileSettings(bytes: answer) } catch {
            throw malformed("\(error)", step: step)
        }
    }

    /// ChangeFileSettings (`5F`) of file `fileNumber`: full in a session (the file's Change
    /// right is a key), plain without one (it is free).
    ///
    /// - Throws: `.invalidArgument` for settings that do not encode (nothing sent); the
    ///   errors of ``transceive(_:header:data:mode:step:)``.
    public func changeFileSettings(_ fileNumber: UInt8, to settings: EV2FileSettings) throws(EV2Error) {
        let step = "ChangeFileSettings \(Hex.encode([fileNumber]))"
        let data: [UInt8]
        do throws(SettingsFormatError) { data = try settings.changeData() } catch { throw .invalidArgument("\(error)", step: step) }
        try expectNoData(try transceive(0x5F, header: [fileNumber], data: data, mode: session == nil ? .plain : .full, step: step), step: step)
    }

    /// ReadData (`AD`) of `length` bytes at `offset` of file `fileNumber`, whose settings say
    /// `mode`, in as many commands as the link's frames need.
    ///
    /// - Throws: `.invalidArgument` for an offset or length outside 3 bytes; `.malformedAnswer`
    ///   for an answer of another length than asked; the errors of ``transceive(_:header:data:mode:step:)``.
    public func readData(_ fileNumber: UInt8, offset: Int, length: Int, mode: CommunicationMode) throws(EV2Error) -> [UInt8] {
        let step = "ReadData \(Hex.encode([fileNumber]))"
        try checkRange(offset: offset, length: length, step: step)
        let chunk = readChunkLength(mode)
        var data: [UInt8] = []
        var position = offset
        while position < offset + length {
            let count = min(chunk, offset + length - position)
            let part = try transceive(0xAD, header: [fileNumber] + Self.threeBytes(position) + Self.threeBytes(count), mode: mode, step: step)
            guard part.count == count else { throw malformed("\(part.count) bytes where \(count) were asked for", step: step) }
            data += part
            position += count
        }
        return data
    }

    /// WriteData (`8D`) of `bytes` at `offset` of file `fileNumber`, whose settings say `mode`,
    /// in as many commands as the link's frames need.
    ///
    /// - Throws: as ``readData(_:offset:length:mode:)``.
    public func writeData(_ fileNumber: UInt8, offset: Int, _ bytes: [UInt8], mode: CommunicationMode) throws(EV2Error) {
        let step = "WriteData \(Hex.encode([fileNumber]))"
        try checkRange(offset: offset, length: bytes.count, step: step)
        let chunk = writeChunkLength(mode)
        var start = 0
        while start < bytes.count {
            let part = Array(bytes[start..<min(start + chunk, bytes.count)])
            let header = [fileNumber] + Self.threeBytes(offset + start) + Self.threeBytes(part.count)
            try expectNoData(try transceive(0x8D, header: header, data: part, mode: mode, step: step), step: step)
            start += part.count
        }
    }

    /// GetCardUID (`51`, full): the real UID, also when the card shows a random one.
    public func cardUID() throws(EV2Error) -> [UInt8] {
        let step = "GetCardUID"
        guard session != nil else { throw .notAuthenticated(step: step) }
        let uid = try transceive(0x51, mode: .full, step: step)
        guard [4, 7, 10].contains(uid.count) else { throw malformed("a UID of \(uid.count) bytes", step: step) }
        return uid
    }

    /// The length of the NXP originality signature Read_Sig answers (secp224r1 r ‖ s).
    public static let signatureLength = 56

    /// Read_Sig (`3C 00`): the 56-byte originality signature, full in a session. Verifying it
    /// is the Originality target's work.
    public func originalitySignature() throws(EV2Error) -> [UInt8] {
        let step = "Read_Sig"
        let signature = try transceive(0x3C, header: [0x00], mode: session == nil ? .plain : .full, step: step)
        guard signature.count == Self.signatureLength else {
            throw malformed("a signature of \(signature.count) bytes, \(Self.signatureLength) expected", step: step)
        }
        return signature
    }

    /// SetConfiguration (`5C`, full) option 00, PICC configuration: with `randomID` the card
    /// answers anticollision with a random 4-byte UID from then on. **Permanent**: no command
    /// turns random ID off again; the real UID is then only read by ``cardUID()``.
    public func setConfiguration(randomID: Bool) throws(EV2Error) {
        let step = "SetConfiguration PICC"
        guard session != nil else { throw .notAuthenticated(step: step) }
        try expectNoData(try transceive(0x5C, header: [0x00], data: [randomID ? 0x02 : 0x00], mode: .full, step: step), step: step)
    }

    /// `value` in 3 bytes, LSB first.
    static func threeBytes(_ value: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value >> 16)]
    }

    /// Refuses an offset and a length that do not fit the command's 3-byte fields.
    private func checkRange(offset: Int, length: Int, step: String) throws(EV2Error) {
        let limit = 0xFF_FFFF
        guard (0...limit).contains(offset), (0...limit).contains(length), offset <= limit - length else {
            throw .invalidArgument("offset \(offset) and length \(length) outside a file (3-byte fields)", step: step)
        }
    }

    /// The most data bytes one ReadData answer carries in `mode`: the answer (data, padding,
    /// MAC, status word) within the link's frame and a short APDU's 256 bytes.
    func readChunkLength(_ mode: CommunicationMode) -> Int {
        let room = min(exchange.maximumAnswerLength - 2, Self.maximumAnswerData)
        switch mode {
        case .plain: return max(1, room)
        case .mac: return max(1, room - EV2Session.macLength)
        case .full: return max(1, (room - EV2Session.macLength) / 16 * 16 - 1)
        }
    }

    /// The most data bytes one WriteData command carries in `mode`: the APDU (5-byte header,
    /// the 7-byte command header, data with padding, MAC, Le) within the link's frame and Lc.
    func writeChunkLength(_ mode: CommunicationMode) -> Int {
        let room = min(exchange.maximumCommandLength - 6, Self.maximumCommandData) - 7
        switch mode {
        case .plain: return max(1, room)
        case .mac: return max(1, room - EV2Session.macLength)
        case .full: return max(1, (room - EV2Session.macLength) / 16 * 16 - 1)
        }
    }

    /// The error of an answer that breaks its command's format, with the session ended: a card
    /// that answers so is not trusted further.
    private func malformed(_ problem: String, step: String) -> EV2Error {
        endSession()
        return .malformedAnswer(problem, step: step)
    }

    /// Refuses data in the answer of a command that answers none.
    private func expectNoData(_ data: [UInt8], step: String) throws(EV2Error) {
        guard data.isEmpty else { throw malformed("\(data.count) data bytes where none are answered", step: step) }
    }
}
