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
    /// `technology` and `family`, and the activation bytes of its technology.
    static func json(_ target: ListedTarget) -> JSON {
        .object(fields(target.info))
    }

    /// ``json(_:)`` with an `event` key first (`scan --watch`: `present`, `removed`).
    static func json(_ target: ListedTarget, event: String) -> JSON {
        .object([("event", .string(event))] + fields(target.info))
    }

    /// The fields of ``json(_:)``; `family` when it was named otherwise than by the
    /// activation bytes (`identify`: by GetVersion).
    static func fields(_ info: TargetInfo, family: CardFamily? = nil) -> [(String, JSON)] {
        let family = family ?? CardFamily(info: info)
        var fields: [(String, JSON)] = [("uid", .string(Hex.encode(info.identifier)))]
        switch info {
        case let .nfcA(typeA):
            fields += [("atqa", .string(Hex.encode(typeA.atqaBytes))), ("sak", .string(Hex.encode([typeA.sak])))]
            if let ats = typeA.ats { fields.append(("ats", .string(Hex.encode(ats.bytes)))) }
        case let .nfcF(felica):
            fields += [("pmm", .string(Hex.encode(felica.pmm))),
                       ("systemCode", felica.systemCode.map { .string(Hex.encode(bytes($0))) } ?? .null)]
        case let .nfcB(typeB):
            fields += [("atqb", .string(Hex.encode(typeB.atqb))), ("attribResponse", .string(Hex.encode(typeB.attribResponse)))]
        case let .jewel(jewel):
            fields.append(("atqa", .string(Hex.encode(bytes(jewel.sensRes)))))
        }
        return fields + [
            ("technology", .string(info.technology)),
            ("family", .string(family.name)),
            ("nfcForumType", family.nfcForumType.map { .int($0) } ?? .null),
        ]
    }

    private static func bytes(_ value: UInt16) -> [UInt8] {
        [UInt8(value >> 8), UInt8(value & 0xFF)]
    }
}
