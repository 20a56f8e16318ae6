/// An ISO/IEC 14443-B ISO-DEP card on its side of the air (ISO/IEC 14443-3 B): it answers
/// REQB/WUPB with its ATQB, is declared with ATTRIB and halted with HLTB; once declared it takes
/// ISO/IEC 14443-4 blocks as a Type A ISO-DEP card does after RATS. It holds no application
/// for this reader, so every SELECT is answered `6A 82`.
extension SimulatedTag {
    /// Type B command codes (the first byte of a frame, CRC_B left to the PN532).
    enum TypeBCommand {
        /// REQB and WUPB (APf): `05 AFI PARAM`.
        static let request: UInt8 = 0x05
        /// ATTRIB: `1D PUPI(4) Param1 Param2 Param3 Param4 [higher-layer INF]`.
        static let attrib: UInt8 = 0x1D
        /// HLTB: `50 PUPI(4)`, answered `00`.
        static let halt: UInt8 = 0x50
        /// PARAM bit 4: WUPB, which wakes halted cards too.
        static let wakeUpFlag: UInt8 = 0x08
    }

    /// The first byte of every ATQB.
    static let answerToRequestBFirstByte: UInt8 = 0x50

    /// The card's Application Family Identifier: 00, no family, so it answers only a REQB or
    /// WUPB with AFI 00 (every family).
    static let typeBFamilyIdentifier: UInt8 = 0x00

    /// The ATQB's application data: proprietary (ADC 00 in the protocol info), all zero.
    static let typeBApplicationData: [UInt8] = [0x00, 0x00, 0x00, 0x00]

    /// The ATQB's protocol info: bit rates `00` (106 kbps both ways only); `81` (maximum frame
    /// 256 bytes, FSCI 8; protocol type 1, ISO/IEC 14443-4 supported); `81` (FWI 8, about
    /// 77 ms; ADC 00; CID supported, NAD not).
    static let typeBProtocolInfo: [UInt8] = [0x00, 0x81, 0x81]

    /// The 12-byte ATQB, `50 PUPI(4) ApplicationData(4) ProtocolInfo(3)`, as the PN532
    /// reports it (without CRC_B); empty for cards of other families.
    public var answerToRequestB: [UInt8] {
        guard product.family == .typeB else { return [] }
        return [Self.answerToRequestBFirstByte] + identifier + Self.typeBApplicationData + Self.typeBProtocolInfo
    }

    /// The ATQB the card sends for a REQB or WUPB frame (`05 AFI PARAM`), nil when it stays
    /// silent: another family, a malformed frame, an AFI that is not the card's, or a REQB
    /// while the card is halted (only WUPB wakes it). An active card is left to the chip,
    /// which drops it to idle first. The number of slots (PARAM bits 1–3) is not modelled:
    /// the PN532 resolves every slot, so the card is always found.
    public func typeBRequestAnswer(_ frame: [UInt8]) -> [UInt8]? {
        guard product.family == .typeB, frame.count == 3, frame[0] == TypeBCommand.request else { return nil }
        guard Self.familyMatches(requested: frame[1], card: Self.typeBFamilyIdentifier) else { return nil }
        guard state != .halted || frame[2] & TypeBCommand.wakeUpFlag != 0 else { return nil }
        return answerToRequestB
    }

    /// Whether a card of family `card` answers a request for `requested` (ISO/IEC 14443-3
    /// AFI coding): `00` asks every card; `X0` every sub-family of family X; `0Y` sub-family Y
    /// of every family; `XY` that sub-family only.
    static func familyMatches(requested: UInt8, card: UInt8) -> Bool {
        let (family, subFamily) = (requested >> 4, requested & 0x0F)
        switch (family, subFamily) {
        case (0, 0): return true
        case (_, 0): return card >> 4 == family
        case (0, _): return card & 0x0F == subFamily
        default: return card == requested
        }
    }

    /// The answer of a selected Type B card: before ATTRIB only ATTRIB with its PUPI (answered
    /// `MBLI|CID`: MBLI 0, the CID the reader gave in Param4) and HLTB; after it ISO-DEP
    /// blocks, and still HLTB. HLTB with the card's PUPI halts it and is answered `00`.
    mutating func typeBAnswer(_ command: [UInt8]) -> TagResponse {
        guard let first = command.first else { return .silent }
        if first == TypeBCommand.halt {
            guard command.count == 5, command.dropFirst().elementsEqual(identifier) else { return .silent }
            halt()
            return .data([0x00])
        }
        guard session.isoDEPActive else {
            guard first == TypeBCommand.attrib, command.count >= 9, command[1..<5].elementsEqual(identifier) else {
                return .silent
            }
            session.isoDEPActive = true
            return .data([command[8] & 0x0F])
        }
        return isoDEPBlockAnswer(command)
    }
}
