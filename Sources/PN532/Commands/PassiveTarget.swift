import Basics
import NFCCore
/// A 106 kbps Type A target that InListPassiveTarget activated:
/// `Tg SENS_RES(2) SEL_RES NFCIDLength NFCID1… [ATS]`.
public struct PassiveTarget: Hashable, Sendable {
    /// The logical target number (Tg) to use in InDataExchange, InSelect and InRelease.
    public var number: UInt8
    /// ATQA (SENS_RES) as the PN532 reports it, first byte most significant: `0x0044` for an
    /// NTAG21x.
    public var atqa: UInt16
    /// SAK (SEL_RES).
    public var sak: UInt8
    /// The UID (NFCID1): 4, 7 or 10 bytes.
    public var uid: [UInt8]
    /// The answer to select of an ISO/IEC 14443-4 target, starting with its length byte TL.
    public var ats: [UInt8]?

    /// Creates a target from its fields.
    public init(number: UInt8, atqa: UInt16, sak: UInt8, uid: [UInt8], ats: [UInt8]? = nil) {
        self.number = number
        self.atqa = atqa
        self.sak = sak
        self.uid = uid
        self.ats = ats
    }

    /// The target's activation bytes, without the chip's target number.
    public var info: TargetInfo {
        .nfcA(NFCATarget(atqa: atqa, sak: sak, uid: uid, ats: ats.map { AnswerToSelect(bytes: $0) }))
    }

    /// The target with its number, as InListPassiveTarget for any modulation gives it.
    public var listed: ListedTarget {
        ListedTarget(number: number, info: info)
    }

    /// True when SAK bit 6 (0x20) says the target speaks ISO/IEC 14443-4 (ISO-DEP).
    public var supportsISO14443Part4: Bool {
        sak & 0x20 != 0
    }

    /// The target's bytes in an InListPassiveTarget reply. A UID or ATS longer than 255 bytes
    /// cannot be encoded and traps.
    public var targetData: [UInt8] {
        [number, UInt8(atqa >> 8), UInt8(atqa & 0xFF), sak, UInt8(uid.count)] + uid + (ats ?? [])
    }

    /// Reads one target; the ATS is read when the SAK announces ISO/IEC 14443-4 and
    /// `atsIncluded` says the PN532 sent it.
    init(reading reader: inout ReplyReader, atsIncluded: Bool) throws(ReplyError) {
        number = try reader.byte("target number")
        let sensRes = try reader.bytes(2, "SENS_RES")
        atqa = UInt16(sensRes[0]) << 8 | UInt16(sensRes[1])
        sak = try reader.byte("SEL_RES")
        let uidLength = try reader.byte("NFCID length")
        uid = try reader.bytes(Int(uidLength), "NFCID")
        ats = nil
        guard atsIncluded && supportsISO14443Part4 else { return }
        let atsLength = try reader.byte("ATS length")
        guard atsLength > 0 else {
            throw reader.error(.unexpectedValue(field: "ATS length", value: atsLength))
        }
        ats = [atsLength] + (try reader.bytes(Int(atsLength) - 1, "ATS"))
    }
}

extension PassiveTarget: CustomStringConvertible {
    /// `target 1: UID 04 C9 10 AA 84 49 80, ATQA 0044, SAK 00`.
    public var description: String {
        let atqaText = hexText(bigEndianBytes(atqa)).filter { $0 != " " }
        var text = "target \(number): UID \(hexText(uid)), ATQA \(atqaText), SAK \(hexText([sak]))"
        if let ats { text += ", ATS \(hexText(ats))" }
        return text
    }
}
