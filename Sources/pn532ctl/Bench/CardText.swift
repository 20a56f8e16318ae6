import JSONText
import Basics
import NFCCore
import NFCTags
import PN532

/// How a listed target of any family is printed by `scan`: its identifier and activation
/// bytes, then its family as the activation bytes name it.
enum CardText {
    /// `UID 04112233445566  ATQA 0044  SAK 00  NFC Forum Type 2 tag`,
    /// `IDm 012E4C2011223344  PMm 00F1000000014300  SYS 88B4  FeliCa Lite-S (212 kbps)`.
    static func line(_ target: ListedTarget) -> String {
        let family = CardFamily(info: target.info).name
        if case let .nfcF(felica) = target.info {
            return activation(target.info) + "  \(family) (\(felica.bitRate.rawValue) kbps)"
        }
        return activation(target.info) + "  " + family
    }

    /// The identifier and activation bytes: `UID 04112233445566  ATQA 0044  SAK 00`,
    /// `IDm …  PMm …  SYS 88B4`, `PUPI …  ATQB …`, `JEWELID …  SENS_RES …`.
    static func activation(_ info: TargetInfo) -> String {
        switch info {
        case let .nfcA(typeA):
            let ats = typeA.ats.map { "  ATS " + Hex.encode($0.bytes) } ?? ""
            return "UID \(Hex.encode(typeA.uid))  ATQA \(Hex.encode(typeA.atqaBytes))  SAK \(Hex.encode([typeA.sak]))\(ats)"
        case let .nfcF(felica):
            let system = felica.systemCode.map { "  SYS " + Hex.encode(bytes($0)) } ?? ""
            return "IDm \(Hex.encode(felica.idm))  PMm \(Hex.encode(felica.pmm))\(system)"
        case let .nfcB(typeB):
            return "PUPI \(Hex.encode(typeB.pupi))  ATQB \(Hex.encode(typeB.atqb))"
        case let .jewel(jewel):
            return "JEWELID \(Hex.encode(jewel.jewelID))  SENS_RES \(Hex.encode(bytes(jewel.sensRes)))"
        }
    }

    /// The target's JSON object: `uid` (the identifier: UID, PUPI, IDm or JEWELID),
    /// `product` (null: a scan does not ask the tag's product; `identify` does), `device`,
    /// the activation bytes of every technology (null but its own), `technology`, `family`
    /// and `nfcForumType`; for `scan --watch` with `event` first (`present`, `removed`).
    static func json(_ target: ListedTarget, device: String, event: String? = nil) -> JSON {
        let head: [(String, JSON)] = event.map { [("event", .string($0))] } ?? []
        return .object(head + [("uid", .string(Hex.encode(target.info.identifier))), ("product", .null), ("device", .string(device))]
            + fields(target.info))
    }

    /// The members after `uid` in ``json(_:device:event:)``: the activation bytes (`atqa`,
    /// `sak`, `ats`, `pmm`, `systemCode`, `atqb`, `attribResponse`, each null when the card's
    /// technology has none), `technology`, `family` (as `family` names it when given:
    /// `identify` knows it by GetVersion) and `nfcForumType`.
    static func fields(_ info: TargetInfo, family: CardFamily? = nil) -> [(String, JSON)] {
        let family = family ?? CardFamily(info: info)
        var atqa: [UInt8]?, sak: [UInt8]?, ats: [UInt8]?, pmm: [UInt8]?, systemCode: [UInt8]?, atqb: [UInt8]?, attrib: [UInt8]?
        switch info {
        case let .nfcA(typeA):
            (atqa, sak, ats) = (typeA.atqaBytes, [typeA.sak], typeA.ats?.bytes)
        case let .nfcF(felica):
            (pmm, systemCode) = (felica.pmm, felica.systemCode.map(bytes))
        case let .nfcB(typeB):
            (atqb, attrib) = (typeB.atqb, typeB.attribResponse)
        case let .jewel(jewel):
            atqa = bytes(jewel.sensRes)
        }
        let hex = { (value: [UInt8]?) -> JSON in value.map { .string(Hex.encode($0)) } ?? .null }
        return [
            ("atqa", hex(atqa)), ("sak", hex(sak)), ("ats", hex(ats)), ("pmm", hex(pmm)), ("systemCode", hex(systemCode)),
            ("atqb", hex(atqb)), ("attribResponse", hex(attrib)),
            ("technology", .string(info.technology)),
            ("family", .string(family.name)),
            ("nfcForumType", family.nfcForumType.map { .int($0) } ?? .null),
        ]
    }

    private static func bytes(_ value: UInt16) -> [UInt8] {
        [UInt8(value >> 8), UInt8(value & 0xFF)]
    }
}
