import Basics
import NFCCore
import TagProtocols
import Type1
import Type2
import Type3
import Type4

/// A target the reader has listed, turned into the value of its tag type: what every reader,
/// session, the door and provisioning read and write through.
public enum ActivatedTag {
    /// An NFC Forum Type 2 tag, identified by GET_VERSION.
    case type2(Type2Tag)
    /// An ISO-DEP Type A card seen as an NFC Forum Type 4 tag (NTAG 424 DNA, DESFire, a phone),
    /// with its family from its activation bytes. No command was sent to it: each NDEF
    /// operation selects the NDEF application itself, and a card without it reports NDEF not
    /// supported.
    case type4(Type4Tag, CardFamily)
    /// A FeliCa card seen as an NFC Forum Type 3 tag, with its family (Lite-S or another
    /// FeliCa). No command was sent to it: a card without system 12FC reports NDEF not
    /// supported.
    case type3(Type3Tag, CardFamily)
    /// A Topaz/Jewel, NFC Forum Type 1, identified by RID.
    case type1(Type1Tag)
    /// A card of a family no tag layer activates (MIFARE Classic, Type B, a Topaz that is not
    /// NDEF capable …), named from its activation bytes: no command was sent to it.
    case other(CardFamily)

    /// The tag's NDEF, for callers that only read and write NDEF; nil for a family whose NDEF
    /// is not read.
    public var ndef: (any NDEFTag)? {
        switch self {
        case let .type2(tag): tag
        case let .type4(tag, _): tag
        case let .type3(tag, _): tag
        case let .type1(tag): tag
        case .other: nil
        }
    }

    /// The tag's originality signature, for a check for genuine tags; nil for a family that
    /// has none this library reads.
    public var originality: (any OriginalitySignedTag)? {
        switch self {
        case let .type2(tag): tag
        case .type4, .type3, .type1, .other: nil
        }
    }

    /// The card family: a Type 2 tag's with its product.
    public var family: CardFamily {
        switch self {
        case let .type2(tag): .type2(tag.product)
        case let .type4(_, family), let .type3(_, family): family
        case .type1: .topaz
        case let .other(family): family
        }
    }

    /// Activates the target `info` describes, over `exchange` (the reader's exchange with it):
    /// the one place a listed target becomes a tag. The exchange's answer time is set for the
    /// family first (`settings`); then a Type 2 tag (SAK 00) is identified by GET_VERSION and a
    /// Topaz by RID (its UID must be the one it was listed with). An ISO-DEP Type A card
    /// becomes a Type 4 tag and a FeliCa card a Type 3 tag without a command (their layers
    /// select what they need on each operation); any other card is named from its activation
    /// bytes without a command.
    ///
    /// - Throws: what identifying the tag throws (it did not answer, the reader failed, an
    ///   unknown product, a Topaz answering RID with another UID), as a ``TagFailure`` with
    ///   the tag layer's words.
    public init(_ info: TargetInfo, over exchange: any TagExchange, settings: ActivationSettings = ActivationSettings()) throws(TagFailure) {
        switch info {
        case let .nfcA(typeA) where typeA.ats != nil: exchange.allowAnswerTime(settings.isoDEPAnswerTime)
        case .nfcB: exchange.allowAnswerTime(settings.isoDEPAnswerTime)
        case .jewel: exchange.allowAnswerTime(settings.type1AnswerTime)
        case .nfcA, .nfcF: break
        }
        let family = CardFamily(info: info)
        switch (info, family) {
        case (_, .type2):
            do throws(Type2Error) { self = .type2(try Type2Tag.identify(exchange)) } catch { throw error.tagFailure }
        case let (.nfcA(typeA), _) where Self.isType4Candidate(family):
            guard let ats = typeA.ats else { self = .other(family); return }
            let length = Type4Tag.updateLength(frameSizeIndex: ats.frameSizeIndex ?? 0)
            self = .type4(Type4Tag(exchange: exchange, maximumUpdateLength: length), family)
        case let (.nfcF(felica), .felicaLiteS), let (.nfcF(felica), .felica):
            self = .type3(Type3Tag(exchange: exchange, target: felica), family)
        case let (.jewel(jewel), _):
            self = try Self.type1(jewel, over: exchange)
        default:
            self = .other(family)
        }
    }

    /// True for the Type A families that speak ISO-DEP and may carry the NDEF Tag Application.
    private static func isType4Candidate(_ family: CardFamily) -> Bool {
        switch family {
        case .desfire, .desfireLight, .ntag424DNA, .randomUIDDevice, .isoDEP, .smartMX: true
        default: false
        }
    }

    /// A Topaz identified by RID: `.other(.topaz)` when its header ROM says it is not NDEF
    /// capable.
    private static func type1(_ jewel: JewelTarget, over exchange: any TagExchange) throws(TagFailure) -> ActivatedTag {
        let tag: Type1Tag
        do throws(Type1Error) { tag = try Type1Tag.identify(exchange) } catch {
            if case .notNDEFCapable = error { return .other(.topaz) }
            throw error.tagFailure
        }
        guard tag.uid == jewel.jewelID else {
            throw TagFailure(
                .unknownProduct,
                "the Topaz answered RID with UID \(Hex.encode(tag.uid)), not the \(Hex.encode(jewel.jewelID)) it was listed with: another tag answered; present one tag and try again")
        }
        return .type1(tag)
    }
}
