import NFCCore
import Type2

extension CardFamily {
    /// The family a target belongs to.
    ///
    /// - Parameters:
    ///   - info: the target's activation bytes.
    ///   - version: the product answer: a Type 2 tag's GET_VERSION (8 bytes, `00 04 04 02 …`),
    ///     or the first part of an ISO-DEP card's GetVersion (`04 04 02 30 00 11 05` for an
    ///     NTAG 424 DNA). Without one the family is named from the activation bytes alone (a
    ///     Type 2 tag's product is then nil; an ISO-DEP card with ATQA 0344 is an NTAG 424 DNA
    ///     when its ATS is that chip's, else a DESFire); a Type 2 tag (SAK 00) that did not
    ///     answer is a MIFARE Ultralight, an ISO-DEP card that did not is an ISO-DEP card.
    public init(info: TargetInfo, version: ProductAnswer = .notAsked) {
        switch info {
        case let .nfcA(target): self = Self.typeA(target, version: version)
        case .nfcB: self = .iso14443B
        case let .nfcF(target): self = Self.felica(target)
        case .jewel: self = .topaz
        }
    }

    private static func typeA(_ target: NFCATarget, version answer: ProductAnswer) -> CardFamily {
        var version: [UInt8]?
        if case let .answer(bytes) = answer { version = bytes }
        switch target.sak {
        case 0x00:
            switch answer {
            case .notAsked: return .type2(nil)
            case .noAnswer: return .type2(.ultralight)
            case let .answer(bytes): return .type2(Type2Product(version: bytes))
            }
        case 0x09: return .mifareClassic(.mini)
        case 0x08, 0x88: return .mifareClassic(.oneK)
        case 0x18: return .mifareClassic(.fourK)
        case 0x10: return .mifarePlus(.twoK)
        case 0x11: return .mifarePlus(.fourK)
        case 0x28: return .smartMX(.oneK)
        case 0x38: return .smartMX(.fourK)
        default: break
        }
        guard target.supportsISODEP else { return .unknownTypeA }
        if let version, let family = isoDEPProduct(version) { return family }
        if target.hasRandomUID { return .randomUIDDevice }
        if case .notAsked = answer, target.atqa == 0x0344 {
            return target.ats?.bytes == ntag424DNAAnswerToSelect ? .ntag424DNA : .desfire(nil)
        }
        return .isoDEP
    }

    /// What a card answered to the product query (GET_VERSION, GetVersion).
    public enum ProductAnswer: Hashable, Sendable {
        /// None was sent.
        case notAsked
        /// The card did not answer it (a MIFARE Ultralight does not know GET_VERSION).
        case noAnswer
        /// The answer's bytes.
        case answer([UInt8])
    }

    /// The product an NXP GetVersion hardware part (vendor 04, type, subtype, major version
    /// …) names: type 01 (and 81) DESFire with its generation, 08 DESFire Light, 04 with
    /// subtype x2 and major version 30 NTAG 424 DNA; nil for another one.
    private static func isoDEPProduct(_ version: [UInt8]) -> CardFamily? {
        guard version.count >= 4, version[0] == 0x04 else { return nil }
        switch version[1] {
        case 0x01, 0x81: return .desfire(DESFireGeneration(majorVersion: version[3]))
        case 0x08: return .desfireLight
        case 0x04 where version[2] & 0x0F == 0x02 && version[3] == 0x30: return .ntag424DNA
        default: return nil
        }
    }

    /// The ATS of an NTAG 424 DNA (T0 77: FSCI 7; TB 71), which a DESFire's (T0 75, TB 81)
    /// differs from. Used only when no GetVersion was asked (`scan`, the door): a card that
    /// was asked and refused is an ISO-DEP card whatever its ATS.
    private static let ntag424DNAAnswerToSelect: [UInt8] = [0x06, 0x77, 0x77, 0x71, 0x02, 0x80]

    private static func felica(_ target: NFCFTarget) -> CardFamily {
        switch target.icType {
        case 0xF1?, 0xF2?: .felicaLiteS
        case 0xF0?: .felicaLite
        default: .felica
        }
    }
}
