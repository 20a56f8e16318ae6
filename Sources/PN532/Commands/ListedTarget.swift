import NFCCore

/// A target InListPassiveTarget activated, of any modulation: its logical number and what it
/// told the chip.
public struct ListedTarget: Hashable, Sendable {
    /// The logical target number (Tg) to use in InDataExchange, InSelect and InRelease.
    public var number: UInt8
    /// The target's activation bytes.
    public var info: TargetInfo

    /// Creates a target from its fields.
    public init(number: UInt8, info: TargetInfo) {
        self.number = number
        self.info = info
    }

    /// The Type A target as a ``PassiveTarget``, nil for the other technologies.
    public var passiveTarget: PassiveTarget? {
        guard case let .nfcA(target) = info else { return nil }
        return PassiveTarget(number: number, atqa: target.atqa, sak: target.sak, uid: target.uid, ats: target.ats?.bytes)
    }

    /// The modulation that lists this target again: a presence check polls it.
    public var modulation: PassiveModulation {
        switch info {
        case .nfcA: .typeA106
        case .nfcB: .typeB106
        case let .nfcF(target): target.bitRate == .kbps212 ? .felica212 : .felica424
        case .jewel: .jewel106
        }
    }

    /// Reads one target of `modulation`, laid out as UM0701 §7.3.5 gives it:
    /// - Type A: `Tg SENS_RES(2) SEL_RES NFCIDLength NFCID1… [ATS]`
    /// - FeliCa: `Tg POL_RES_length 01 IDm(8) PMm(8) [SYST_CODE(2)]`, the length counting itself
    /// - Type B: `Tg ATQB(12) ATTRIB_RES_length ATTRIB_RES…`
    /// - Jewel: `Tg SENS_RES(2) JEWELID(4)`
    init(reading reader: inout ReplyReader, modulation: PassiveModulation, atsIncluded: Bool) throws(ReplyError) {
        switch modulation {
        case .typeA106:
            let target = try PassiveTarget(reading: &reader, atsIncluded: atsIncluded)
            number = target.number
            info = target.info
        case .felica212, .felica424:
            number = try reader.byte("target number")
            let length = try reader.byte("POL_RES length")
            guard length == Self.pollResponseLength || length == Self.pollResponseLength + 2 else {
                throw reader.error(.unexpectedValue(field: "POL_RES length", value: length))
            }
            let code = try reader.byte("POL_RES response code")
            guard code == Self.pollResponseCode else {
                throw reader.error(.unexpectedValue(field: "POL_RES response code", value: code))
            }
            let idm = try reader.bytes(NFCFTarget.idLength, "IDm")
            let pmm = try reader.bytes(NFCFTarget.idLength, "PMm")
            var systemCode: UInt16?
            if length > Self.pollResponseLength {
                let code = try reader.bytes(2, "system code")
                systemCode = UInt16(code[0]) << 8 | UInt16(code[1])
            }
            let bitRate: NFCFTarget.BitRate = modulation == .felica212 ? .kbps212 : .kbps424
            info = .nfcF(NFCFTarget(idm: idm, pmm: pmm, systemCode: systemCode, bitRate: bitRate))
        case .typeB106:
            number = try reader.byte("target number")
            let atqb = try reader.bytes(NFCBTarget.atqbLength, "ATQB")
            guard atqb[0] == Self.atqbFirstByte else {
                throw reader.error(.unexpectedValue(field: "ATQB first byte", value: atqb[0]))
            }
            let length = try reader.byte("ATTRIB_RES length")
            info = .nfcB(NFCBTarget(atqb: atqb, attribResponse: try reader.bytes(Int(length), "ATTRIB_RES")))
        case .jewel106:
            number = try reader.byte("target number")
            let sensRes = try reader.bytes(2, "SENS_RES")
            let jewelID = try reader.bytes(4, "JEWELID")
            info = .jewel(JewelTarget(sensRes: UInt16(sensRes[0]) << 8 | UInt16(sensRes[1]), jewelID: jewelID))
        }
    }

    /// The target's bytes in an InListPassiveTarget reply, as ``init(reading:modulation:atsIncluded:)``
    /// reads them. Fields longer than a length byte can say cannot be encoded and trap.
    public var targetData: [UInt8] {
        switch info {
        case let .nfcA(target):
            PassiveTarget(number: number, atqa: target.atqa, sak: target.sak, uid: target.uid, ats: target.ats?.bytes).targetData
        case let .nfcF(target):
            [number, Self.pollResponseLength + (target.systemCode == nil ? 0 : 2), Self.pollResponseCode]
                + target.idm + target.pmm + (target.systemCode.map { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } ?? [])
        case let .nfcB(target):
            [number] + target.atqb + [UInt8(target.attribResponse.count)] + target.attribResponse
        case let .jewel(target):
            [number, UInt8(target.sensRes >> 8), UInt8(target.sensRes & 0xFF)] + target.jewelID
        }
    }

    /// POL_RES length without a system code: the length byte, the response code, IDm and PMm.
    static let pollResponseLength: UInt8 = 18
    /// The response code of a FeliCa polling response.
    static let pollResponseCode: UInt8 = 0x01
    /// The first byte of every ATQB.
    static let atqbFirstByte: UInt8 = 0x50
}
