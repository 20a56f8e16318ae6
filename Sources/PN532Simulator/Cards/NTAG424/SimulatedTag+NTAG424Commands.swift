/// The NTAG 424 DNA native commands behind secure messaging (reference §3, §5.1, §5.2, §7):
/// ChangeKey, GetKeyVersion, Get/ChangeFileSettings, ReadData, WriteData, GetCardUID, Read_Sig,
/// SetConfiguration and GetFileCounters. Each checks its access condition, opens the command
/// in its CommMode (``opened(_:header:body:mode:)``) and gives its answer before sealing.
extension SimulatedTag {
    /// How an access condition lets the command in: free (`E`, plain), or by the key of the
    /// session (the file's CommMode).
    enum NTAG424Grant {
        case free
        case key
    }

    /// The grant of the first of `rights` that admits the present state, nil when none does.
    func grant(_ rights: [UInt8]) -> NTAG424Grant? {
        if let session = session.ntag424.authenticated, rights.contains(UInt8(session.keyNumber)) { return .key }
        return rights.contains(SimulatedNTAG424.free) ? .free : nil
    }

    /// The card's persistent state, or `1C` for a card that has none.
    private var card: Result<SimulatedNTAG424, NTAG424Failure> {
        ntag424.map { .success($0) } ?? .failure(NTAG424Failure(DESFireStatus.illegalCommand))
    }

    /// ChangeKey (`C4 KeyNo Enc(…) MAC`, Full, only in a session of key 0): the key in use gets
    /// `NewKey ‖ KeyVer` and the session ends; another gets `(NewKey ⊕ OldKey) ‖ KeyVer ‖
    /// CRC32NK(NewKey)`, a wrong CRC → `1E`.
    mutating func changeKey(_ data: [UInt8]) -> Result<NTAG424Reply, NTAG424Failure> {
        card.flatMap { card in
            guard let session = session.ntag424.authenticated, session.keyNumber == 0 else { return .failure(.permission) }
            guard let first = data.first else { return .failure(.length) }
            let number = Int(first & 0x3F)
            guard number < card.keys.count else { return .failure(.noSuchKey) }
            return opened(0xC4, header: [first], body: Array(data.dropFirst()), mode: .full).flatMap { plain in
                Self.changedKey(plain, oldKey: card.keys[number], ofSession: number == session.keyNumber).map { change in
                    var card = card
                    card.setKey(number, to: change.key, version: change.version)
                    ntag424 = card
                    return change.reply
                }
            }
        }
    }

    /// ChangeKey's deciphered data for a key whose value is `oldKey`: `NewKey ‖ KeyVer` for the
    /// key of the session (which the change ends), `(NewKey ⊕ OldKey) ‖ KeyVer ‖ CRC32NK(NewKey)`
    /// for another (a wrong CRC → `1E`); the new key, its version and the answer to seal.
    static func changedKey(
        _ plain: [UInt8], oldKey: [UInt8], ofSession: Bool
    ) -> Result<(key: [UInt8], version: UInt8, reply: NTAG424Reply), NTAG424Failure> {
        if ofSession {
            guard plain.count == 17 else { return .failure(.length) }
            return .success((Array(plain[0..<16]), plain[16], NTAG424Reply(endsSession: true)))
        }
        guard plain.count == 21, oldKey.count == 16 else { return .failure(.length) }
        let newKey = (0..<16).map { plain[$0] ^ oldKey[$0] }
        guard Array(plain[17..<21]) == littleEndian(Int(crc32NK(newKey)), count: 4) else { return .failure(.integrity) }
        return .success((newKey, plain[16], NTAG424Reply(mode: .mac)))
    }

    /// GetKeyVersion (`64 KeyNo`, MAC in a session) → KeyVer.
    func keyVersion(_ data: [UInt8]) -> Result<NTAG424Reply, NTAG424Failure> {
        card.flatMap { card in
            guard let first = data.first else { return .failure(.length) }
            let number = Int(first & 0x3F)
            guard number < card.keys.count else { return .failure(.noSuchKey) }
            return opened(0x64, header: [first], body: Array(data.dropFirst()), mode: .mac).flatMap { rest in
                rest.isEmpty ? .success(NTAG424Reply(data: [card.keyVersions[number]], mode: .mac)) : .failure(.length)
            }
        }
    }

    /// GetFileSettings (`F5 FileNo`, MAC in a session) → `00 FileOption AR(2) Size(3) [SDM…]`.
    func getFileSettings(_ data: [UInt8]) -> Result<NTAG424Reply, NTAG424Failure> {
        card.flatMap { card in
            guard let number = data.first else { return .failure(.length) }
            guard (1...3).contains(number), files.count >= 3 else { return .failure(.fileNotFound) }
            return opened(0xF5, header: [number], body: Array(data.dropFirst()), mode: .mac).flatMap { rest in
                guard rest.isEmpty else { return .failure(.length) }
                let settings = card.fileSettings[Int(number) - 1]
                let bytes = NTAG424FileSettingsCoding.encoded(settings, size: files[Int(number) - 1].bytes.count)
                return .success(NTAG424Reply(data: bytes, mode: .mac))
            }
        }
    }

    /// ChangeFileSettings (`5F FileNo settings`): Full in a session of the file's Change key,
    /// plain when Change is free; else `AE`. SDM on a file other than 02 → `9D`; settings that
    /// break the data sheet's rules → `9E`.
    mutating func changeFileSettings(_ data: [UInt8]) -> Result<NTAG424Reply, NTAG424Failure> {
        card.flatMap { card in
            guard let number = data.first else { return .failure(.length) }
            guard (1...3).contains(number), files.count >= 3 else { return .failure(.fileNotFound) }
            let index = Int(number) - 1
            guard let grant = grant([card.fileSettings[index].change]) else { return .failure(.authentication) }
            let mode: SimulatedNTAG424.CommMode = grant == .key ? .full : .plain
            return opened(0x5F, header: [number], body: Array(data.dropFirst()), mode: mode).flatMap { plain in
                NTAG424FileSettingsCoding.decoded(plain, file: Int(number), size: files[index].bytes.count, counter: card.sdmReadCounter)
                    .map { settings in
                        var card = card
                        card.setFileSettings(Int(number), settings)
                        ntag424 = card
                        return NTAG424Reply(mode: mode == .full ? .mac : .plain)
                    }
            }
        }
    }

    /// ReadData (`AD FileNo Offset(3) Length(3)`, length 0 = to the end) in the file's
    /// CommMode under its Read or ReadWrite right; an unauthenticated read of the SDM file
    /// returns the mirrored image (``sdmImage(firstRead:)``).
    mutating func readData(_ data: [UInt8], previousRead: NTAG424Session.ReadPath?) -> Result<NTAG424Reply, NTAG424Failure> {
        card.flatMap { card in
            guard data.count >= 7 else { return .failure(.length) }
            let number = Int(data[0])
            guard (1...3).contains(number), files.count >= 3 else { return .failure(.fileNotFound) }
            let settings = card.fileSettings[number - 1]
            let sdm = session.ntag424.authenticated == nil ? settings.sdm : nil
            let sdmGrant: NTAG424Grant? = sdm.map { $0.fileRead == 0xF ? nil : .free } ?? nil
            guard let grant = grant([settings.read, settings.readWrite]) ?? sdmGrant else { return .failure(.permission) }
            let mode = grant == .key ? settings.commMode : .plain
            return opened(0xAD, header: Array(data[0..<7]), body: Array(data[7...]), mode: mode).flatMap { rest in
                guard rest.isEmpty else { return .failure(.length) }
                let image: Result<[UInt8], NTAG424Failure> = sdm == nil
                    ? .success(files[number - 1].bytes)
                    : sdmImage(firstRead: previousRead != .native)
                return image.flatMap { bytes in
                    let offset = Self.littleEndianValue(data[1..<4])
                    let length = Self.littleEndianValue(data[4..<7])
                    guard offset < bytes.count, length <= bytes.count - offset else { return .failure(.boundary) }
                    if sdm != nil { session.ntag424.lastSDMRead = .native }
                    let end = length == 0 ? bytes.count : offset + length
                    return .success(NTAG424Reply(data: Array(bytes[offset..<end]), mode: mode))
                }
            }
        }
    }

    /// WriteData (`8D FileNo Offset(3) Length(3) data`) in the file's CommMode under its Write
    /// or ReadWrite right; Length is the plain data's.
    mutating func writeData(_ data: [UInt8]) -> Result<NTAG424Reply, NTAG424Failure> {
        card.flatMap { card in
            guard data.count >= 7 else { return .failure(.length) }
            let number = Int(data[0])
            guard (1...3).contains(number), files.count >= 3 else { return .failure(.fileNotFound) }
            let settings = card.fileSettings[number - 1]
            guard let grant = grant([settings.write, settings.readWrite]) else { return .failure(.permission) }
            let mode = grant == .key ? settings.commMode : .plain
            return opened(0x8D, header: Array(data[0..<7]), body: Array(data[7...]), mode: mode).flatMap { plain in
                let offset = Self.littleEndianValue(data[1..<4])
                let length = Self.littleEndianValue(data[4..<7])
                guard plain.count == length, length > 0 else { return .failure(.length) }
                let size = files[number - 1].bytes.count
                guard offset < size, length <= size - offset else { return .failure(.boundary) }
                files[number - 1].bytes.replaceSubrange(offset..<offset + length, with: plain)
                return .success(NTAG424Reply(mode: mode == .full ? .mac : mode))
            }
        }
    }

    /// GetCardUID (`51`, Full, any key's session) → the real UID.
    func cardUID(_ data: [UInt8]) -> Result<NTAG424Reply, NTAG424Failure> {
        card.flatMap { card in
            guard session.ntag424.authenticated != nil else { return .failure(.permission) }
            return opened(0x51, header: [], body: data, mode: .full).flatMap { rest in
                rest.isEmpty ? .success(NTAG424Reply(data: card.uid, mode: .full)) : .failure(.length)
            }
        }
    }

    /// Read_Sig (`3C 00`) → the 56-byte signature; Full in a session; refused (`9D`) without
    /// one under Random ID; an address other than 00 → `9E`.
    func readSignature(_ data: [UInt8]) -> Result<NTAG424Reply, NTAG424Failure> {
        card.flatMap { card in
            guard let address = data.first else { return .failure(.length) }
            let inSession = session.ntag424.authenticated != nil
            guard inSession || !card.randomID else { return .failure(.permission) }
            return opened(0x3C, header: [address], body: Array(data.dropFirst()), mode: inSession ? .full : .plain).flatMap { rest in
                guard rest.isEmpty else { return .failure(.length) }
                guard address == 0 else { return .failure(.parameter) }
                return .success(NTAG424Reply(data: card.signature, mode: inSession ? .full : .plain))
            }
        }
    }

    /// SetConfiguration (`5C Option Enc(data)`, Full, key 0's session): option 00 (PICC
    /// configuration; bit 1 turns Random ID on, for good) and 0A (failed-authentication counter:
    /// enable, limit (2, LE), decrement (2, LE)); another option → `9E`.
    mutating func setConfiguration(_ data: [UInt8]) -> Result<NTAG424Reply, NTAG424Failure> {
        card.flatMap { card in
            guard let session = session.ntag424.authenticated, session.keyNumber == 0 else { return .failure(.permission) }
            guard let option = data.first else { return .failure(.length) }
            return opened(0x5C, header: [option], body: Array(data.dropFirst()), mode: .full).flatMap { plain in
                var card = card
                switch (option, plain.count) {
                case (0x00, 1):
                    if plain[0] & 0x02 != 0 { card.randomID = true }
                case (0x0A, 5):
                    if plain[0] & 0x01 != 0 {
                        card.failedAuthenticationLimit = max(1, Self.littleEndianValue(plain[1..<3]))
                        card.failedAuthenticationDecrement = Self.littleEndianValue(plain[3..<5])
                    }
                default:
                    return .failure(.parameter)
                }
                ntag424 = card
                return .success(NTAG424Reply(mode: .mac))
            }
        }
    }

    /// GetFileCounters (`F6 FileNo`) of the SDM file → `SDMReadCtr(3, LE) 00 00`, Full under the
    /// SDMCtrRet key, plain when it is free.
    func fileCounters(_ data: [UInt8]) -> Result<NTAG424Reply, NTAG424Failure> {
        card.flatMap { card in
            guard let number = data.first else { return .failure(.length) }
            guard number == 2, let sdm = card.fileSettings[1].sdm else { return .failure(.parameter) }
            guard let grant = grant([sdm.counterRetrieval]) else { return .failure(.permission) }
            let mode: SimulatedNTAG424.CommMode = grant == .key ? .full : .plain
            return opened(0xF6, header: [number], body: Array(data.dropFirst()), mode: mode).flatMap { rest in
                guard rest.isEmpty else { return .failure(.length) }
                return .success(NTAG424Reply(data: Self.littleEndian(card.sdmReadCounter, count: 3) + [0, 0], mode: mode))
            }
        }
    }

    /// CRC32NK: CRC-32 (reflected polynomial EDB88320, initial FFFFFFFF) without the final
    /// complement.
    static func crc32NK(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? crc >> 1 ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc
    }
}
