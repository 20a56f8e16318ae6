import Basics
import NFCCore
import PN532

/// InDataExchange with the cards that need more of the chip than framing and CRC: MIFARE
/// Classic authentication (the PN532 runs Crypto1 with the key the host gives), ISO-DEP A
/// and B (the chip wraps the host's APDU in an I-block), Jewel (the chip appends the UID) and
/// FeliCa (passed through as it is, length byte included).
extension SimulatedPN532 {
    /// PN532 status for a failed MIFARE authentication.
    static let statusMifareAuthentication: UInt8 = 0x14

    /// The family of the card with `uid` in the field, if it is there.
    func family(of uid: [UInt8]) -> SimulatedProtocol? {
        field.first { $0.uid == uid }?.product.family
    }

    /// Handles `data` for the target when its card needs the chip's help; false to leave it to
    /// the plain Type A exchange.
    func cardExchange(target: UInt8, uid: [UInt8], _ data: [UInt8], at time: MonotonicTime) -> Bool {
        guard let index = field.firstIndex(where: { $0.uid == uid }) else { return false }
        let code = CommandCode.inDataExchange.responseCode
        switch field[index].product.family {
        case .mifareClassic where data[0] == 0x60 || data[0] == 0x61:
            classicAuthentication(uid: uid, data, at: time)
        case .isoDEP where field[index].session.isoDEPActive, .typeB where field[index].session.isoDEPActive:
            isoDEPExchange(target: target, uid: uid, data, at: time)
        case .jewel:
            jewelExchange(uid: uid, data, at: time)
        case .felica:
            passThrough(uid: uid, data, responseCode: code, at: time)
        default:
            return false
        }
        return true
    }

    /// AUTH `60|61 block key(6) uid(4)`: Crypto1 (MIFARE status bit MFCrypto1On) on and
    /// status 00, or status 14 with the card no longer selected; status 01 (timeout) when the
    /// card is not selected.
    private func classicAuthentication(uid: [UInt8], _ data: [UInt8], at time: MonotonicTime) {
        let code = CommandCode.inDataExchange.responseCode
        let outcome = operateOnTag(uid: uid) { tag -> Bool? in
            guard tag.state == .active else { return nil }
            return data.count == 12
                && tag.classicAuthenticate(keyB: data[0] == 0x61, block: Int(data[1]), key: Array(data[2..<8]), uid: Array(data[8..<12]))
        }
        let elapsed = timing.air(sent: 4, received: 4) + timing.air(sent: 8, received: 4)
        guard let outcome, let succeeded = outcome else { return respond([code, Self.statusTimeout], at: time + silentTime) }
        if succeeded { registers[RegisterFile.status2] |= 0x08 } else { registers[RegisterFile.status2] &= ~0x08 }
        respond([code, succeeded ? 0x00 : Self.statusMifareAuthentication], at: time + elapsed)
    }

    /// An APDU in an I-block (PCB `02`/`03`, the block number alternating per target); the
    /// answer's PCB is taken off.
    private func isoDEPExchange(target: UInt8, uid: [UInt8], _ apdu: [UInt8], at time: MonotonicTime) {
        let code = CommandCode.inDataExchange.responseCode
        let blockNumber = isoDEPBlockNumbers[target] ?? 0
        let answer = exchangeWithTag(uid: uid, [0x02 | blockNumber] + apdu)
        let elapsed = exchangeTime(sent: apdu.count + 1, [answer])
        guard case .data(let bytes) = answer?.kind, bytes.first == 0x02 | blockNumber else {
            return respond([code, Self.statusTimeout], at: time + elapsed)
        }
        isoDEPBlockNumbers[target] = blockNumber ^ 1
        respondChaining(target: target, Array(bytes.dropFirst()), at: time + elapsed)
    }

    /// The most answer bytes one InDataExchange reply carries: an extended frame's 264 less
    /// the response code and the status byte.
    static let chainedPartLength = Frame.maximumPayloadCount - 2

    /// Answers `data`, in parts of ``chainedPartLength`` when it is longer: each but the last
    /// with status `40` (MI), the rest kept for the host's next InDataExchange of the target
    /// byte alone.
    private func respondChaining(target: UInt8, _ data: [UInt8], at time: MonotonicTime) {
        let code = CommandCode.inDataExchange.responseCode
        guard data.count > Self.chainedPartLength else {
            chainedAnswers[target] = nil
            return respond([code, 0x00] + data, at: time)
        }
        chainedAnswers[target] = Array(data.dropFirst(Self.chainedPartLength))
        respond([code, Self.statusMoreInformation] + data.prefix(Self.chainedPartLength), at: time)
    }

    /// Status `40`: success, and more of the answer follows (MI).
    static let statusMoreInformation: UInt8 = 0x40

    /// The next part of a chained answer (``respondChaining(target:_:at:)``).
    func nextChainedPart(target: UInt8, at time: MonotonicTime) {
        respondChaining(target: target, chainedAnswers[target] ?? [], at: time)
    }

    /// A Jewel command as the host gives it (code and arguments): the chip pads it to the
    /// command's length and appends UID0–UID3 (RID takes no UID), and gives back the answer
    /// without the address byte the card echoes first (READ, WRITE-E/NE, RSEG), as libnfc
    /// expects.
    ///
    /// The firmware passes RID, RALL, READ, WRITE-E, WRITE-NE and RSEG of segment 0 only
    /// (nfcpy's pn532.py: READ8, WRITE-E8 and WRITE-NE8 "not implemented by the chipset",
    /// RSEG "does not accept any segment other than 0"; reference §1.3). The others are
    /// answered with status 01 (timeout) after the RF timeout, nothing sent to the card: what
    /// an ACR122U user saw for READ8, WRITE-E8 and WRITE-NE8 (StackOverflow q.61275660).
    private func jewelExchange(uid: [UInt8], _ data: [UInt8], at time: MonotonicTime) {
        typealias Command = SimulatedTag.TopazCommand
        let code = CommandCode.inDataExchange.responseCode
        let eightByteCommands = [Command.read8, Command.writeErase8, Command.writeNoErase8]
        if eightByteCommands.contains(data[0]) || (data[0] == Command.readSegment && data.count > 1 && data[1] >> 4 != 0) {
            return respond([code, Self.statusTimeout], at: time + silentTime)
        }
        let short = [Command.readAll, Command.read, Command.writeErase, Command.writeNoErase]
        let frame: [UInt8] =
            data[0] == Command.readIdentification
            ? SimulatedTag.padded(data, to: 7)
            : SimulatedTag.padded(data, to: short.contains(data[0]) ? 3 : 10) + uid.prefix(4)
        let answer = exchangeWithTag(uid: uid, frame)
        let elapsed = exchangeTime(sent: frame.count, [answer])
        guard case .data(let bytes) = answer?.kind else { return respond([code, Self.statusTimeout], at: time + elapsed) }
        let echoesAddress = ![Command.readIdentification, Command.readAll].contains(data[0])
        respond([code, 0x00] + (echoesAddress ? bytes.dropFirst() : bytes[...]), at: time + elapsed)
    }

    /// A frame given to the card as it is (FeliCa), the answer returned as it is.
    func passThrough(uid: [UInt8], _ data: [UInt8], responseCode code: UInt8, at time: MonotonicTime) {
        let answer = exchangeWithTag(uid: uid, data)
        let elapsed = exchangeTime(sent: data.count, [answer])
        guard case .data(let bytes) = answer?.kind else { return respond([code, Self.statusTimeout], at: time + elapsed) }
        respond([code, 0x00] + bytes, at: time + elapsed)
    }
}
