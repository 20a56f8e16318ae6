/// How a simulated card is found and spoken to: the modulation the PN532 polls it with and
/// the commands it understands. (A host names the cards it finds with NFCTags' `CardFamily`.)
public enum SimulatedProtocol: Equatable, Sendable {
    /// NFC Forum Type 2 (NTAG21x, MIFARE Ultralight): ISO/IEC 14443 Type A at 106 kbps.
    case type2
    /// MIFARE Classic: Type A at 106 kbps, blocks behind Crypto1 authentication, which the
    /// PN532 runs itself (the host sends the key with the AUTH command).
    case mifareClassic
    /// ISO/IEC 14443-4 (ISO-DEP) Type A cards: RATS/ATS, then APDUs.
    case isoDEP
    /// Innovision Jewel / Topaz (NFC Forum Type 1), polled with BrTy 04.
    case jewel
    /// FeliCa (NFC Forum Type 3), polled at 212 or 424 kbps.
    case felica
    /// ISO/IEC 14443-4 (ISO-DEP) Type B cards, polled with BrTy 03: REQB/WUPB, ATQB, ATTRIB,
    /// then APDUs.
    case typeB

    /// True for the families found by a 106 kbps Type A poll (REQA, anticollision, SELECT).
    public var isTypeA: Bool {
        switch self {
        case .type2, .mifareClassic, .isoDEP: true
        case .jewel, .felica, .typeB: false
        }
    }
}
