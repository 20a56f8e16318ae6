/// ISO/IEC 14443-4 (ISO-DEP) on the card's side: RATS and its ATS, I-blocks carrying APDUs,
/// S(DESELECT). The PN532 sends RATS itself during InListPassiveTarget (SetParameters bit 4,
/// on at power-on) and wraps InDataExchange data in I-blocks; a host can also do both by hand
/// with InCommunicateThru.
extension SimulatedTag {
    /// RATS (`E0 pp`).
    static let requestForAnswerToSelect: UInt8 = 0xE0
    /// S(DESELECT) without CID.
    static let deselectBlock: UInt8 = 0xC2

    /// The ATS, starting with its length byte TL: DESFire EV1 `06 75 77 81 02 80` (FSCI 5 =
    /// 64-byte frames, 106–848 kbps both ways, FWI 8, CID supported, historical byte 80);
    /// NTAG 424 DNA `06 77 77 71 02 80` (FSCI 7 = 128-byte frames, FWI 7, SFGI 1); the phone
    /// `05 78 80 70 02` (FSCI 8, 106 kbps only, FWI 7, CID supported).
    var answerToSelect: [UInt8] {
        switch product {
        case .phone, .phoneNDEF: [0x05, 0x78, 0x80, 0x70, 0x02]
        case .ntag424: [0x06, 0x77, 0x77, 0x71, 0x02, 0x80]
        default: [0x06, 0x75, 0x77, 0x81, 0x02, 0x80]
        }
    }

    /// The answer of an ISO-DEP card: before RATS only RATS and HALT; after it I-blocks
    /// (`02`/`03` + APDU, answered with the same PCB + R-APDU) and S(DESELECT), which halts it.
    mutating func isoDEPAnswer(_ command: [UInt8]) -> TagResponse {
        guard let first = command.first else { return .silent }
        guard session.isoDEPActive else {
            if first == Self.requestForAnswerToSelect, command.count == 2 {
                session.isoDEPActive = true
                return .data(answerToSelect)
            }
            if command == [TagCommandCode.halt, 0x00] { halt() }
            return .silent
        }
        return isoDEPBlockAnswer(command)
    }

    /// The answer to an ISO/IEC 14443-4 block once the card is active (after RATS for Type A,
    /// ATTRIB for Type B): an I-block (`02`/`03` + APDU) is answered with the same PCB and
    /// the R-APDU; S(DESELECT) is echoed and halts the card; anything else is ignored.
    mutating func isoDEPBlockAnswer(_ command: [UInt8]) -> TagResponse {
        switch command.first {
        case let pcb? where pcb == 0x02 || pcb == 0x03:
            return .data([pcb] + applicationAnswer(Array(command.dropFirst())))
        case Self.deselectBlock? where command.count == 1:
            halt()
            return .data([Self.deselectBlock])
        default:
            return .silent
        }
    }

    /// The R-APDU (or native answer) to one APDU.
    mutating func applicationAnswer(_ apdu: [UInt8]) -> [UInt8] {
        switch product {
        case .desfire, .desfireNDEF, .desfireKeyed, .desfireEV2, .desfireEV3: desfireAnswer(apdu)
        case .ntag424: ntag424Answer(apdu)
        case .phoneNDEF: type4FileAnswer(apdu) ?? Self.answerWithoutApplication(apdu)
        default: Self.answerWithoutApplication(apdu)
        }
    }

    /// A card without an application for this reader (the phone, the Type B card): SELECT
    /// (any) → `6A 82` (not found), other ISO instructions (GET DATA, READ BINARY…) → `6D 00`,
    /// other classes → `6E 00`.
    static func answerWithoutApplication(_ apdu: [UInt8]) -> [UInt8] {
        guard apdu.count >= 4, apdu[0] == 0x00 else { return [0x6E, 0x00] }
        return apdu[1] == 0xA4 ? [0x6A, 0x82] : [0x6D, 0x00]
    }
}
