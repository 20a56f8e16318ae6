/// EV2 secure messaging on the card's side (reference §5): the MAC over
/// `INS ‖ CmdCtr ‖ TI ‖ header ‖ data` checked on commands, the answer MACed over
/// `status ‖ CmdCtr + 1 ‖ TI ‖ data`, AES-CBC with the session IVs and `80 00…` padding in
/// CommMode.Full, and CmdCtr advanced by every successful command of the session.
extension SimulatedTag {
    /// The data of a command after its CommMode: in plain (no session, or a plain command) the
    /// body as sent; with MAC the body less its checked 8-byte MAC; in Full the deciphered
    /// body less its padding. A wrong MAC or padding → `1E`, a body too short → `7E`.
    func opened(
        _ instruction: UInt8, header: [UInt8], body: [UInt8], mode: SimulatedNTAG424.CommMode
    ) -> Result<[UInt8], NTAG424Failure> {
        guard let session = session.ntag424.authenticated, mode != .plain else { return .success(body) }
        guard session.commandCounter < 0xFFFF else { return .failure(.integrity) }
        guard body.count >= 8 else { return .failure(.length) }
        let payload = Array(body.dropLast(8))
        let input = [instruction] + Self.littleEndian(session.commandCounter, count: 2) + session.transactionIdentifier + header + payload
        guard SimulatorAES(key: session.macKey).truncatedMAC(input) == Array(body.suffix(8)) else {
            return .failure(.integrity)
        }
        guard mode == .full, !payload.isEmpty else { return .success(payload) }
        guard payload.count % 16 == 0 else { return .failure(.length) }
        let iv = Self.iv(session, prefix: [0xA5, 0x5A], counter: session.commandCounter)
        let plain = SimulatorAES(key: session.encryptionKey).decryptCBC(payload, iv: iv)
        guard let end = Self.unpaddedCount(plain) else { return .failure(.integrity) }
        return .success(Array(plain.prefix(end)))
    }

    /// The native answer (status, data) of a successful command: without a session as is;
    /// in a session CmdCtr + 1, then the data in the reply's CommMode (MAC appended, or
    /// enciphered and MACed). A command that ends the session answers `00` alone.
    mutating func sealed(_ reply: NTAG424Reply) -> [UInt8] {
        guard var session = session.ntag424.authenticated else { return [DESFireStatus.ok] + reply.data }
        session.commandCounter += 1
        guard !reply.endsSession else {
            self.session.ntag424.authenticated = nil
            return [DESFireStatus.ok]
        }
        self.session.ntag424.authenticated = session
        var data = reply.data
        if reply.mode == .full, !data.isEmpty {
            let iv = Self.iv(session, prefix: [0x5A, 0xA5], counter: session.commandCounter)
            data = SimulatorAES(key: session.encryptionKey).encryptCBC(Self.padded(data), iv: iv)
        }
        guard reply.mode != .plain else { return [DESFireStatus.ok] + data }
        let input = [DESFireStatus.ok] + Self.littleEndian(session.commandCounter, count: 2) + session.transactionIdentifier + data
        return [DESFireStatus.ok] + data + SimulatorAES(key: session.macKey).truncatedMAC(input)
    }

    /// `E(SesAuthENCKey, prefix ‖ TI ‖ counter (LE) ‖ 00×8)`.
    static func iv(_ session: NTAG424Session.Authenticated, prefix: [UInt8], counter: Int) -> [UInt8] {
        let block = prefix + session.transactionIdentifier + littleEndian(counter, count: 2) + [UInt8](repeating: 0, count: 8)
        return SimulatorAES(key: session.encryptionKey).encrypt(block: block)
    }

    /// ISO/IEC 9797-1 method 2: `80`, then zeros to a multiple of 16 (always at least `80`).
    static func padded(_ data: [UInt8]) -> [UInt8] {
        let padding = 16 - data.count % 16
        return data + [0x80] + [UInt8](repeating: 0, count: padding - 1)
    }

    /// The length of `data` before its method-2 padding, nil when the padding is wrong or
    /// longer than a block.
    static func unpaddedCount(_ data: [UInt8]) -> Int? {
        guard let marker = data.lastIndex(where: { $0 != 0 }), data[marker] == 0x80, data.count - marker <= 16 else { return nil }
        return marker
    }

    /// `value` in `count` bytes, least significant first.
    static func littleEndian(_ value: Int, count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// The value of little-endian `bytes`.
    static func littleEndianValue(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
