import NFCCore
import TagProtocols
import Type2

/// A target the reader has listed, turned into the value of its tag type: what every reader,
/// session, the door and provisioning read and write through. A family gets its own case
/// once a tag layer activates it (`.type1`, `.type3`, `.type4`, `.ntag424` to come).
public enum ActivatedTag {
    /// An NFC Forum Type 2 tag, identified by GET_VERSION.
    case type2(Type2Tag)
    /// A card of a family no tag layer activates yet, named from its activation bytes: no
    /// command was sent to it.
    case other(CardFamily)

    /// The tag's NDEF, for callers that only read and write NDEF; nil for a family whose NDEF
    /// is not read.
    public var ndef: (any NDEFTag)? {
        switch self {
        case let .type2(tag): tag
        case .other: nil
        }
    }

    /// The tag's originality signature, for a check for genuine tags; nil for a family that
    /// has none this library reads.
    public var originality: (any OriginalitySignedTag)? {
        switch self {
        case let .type2(tag): tag
        case .other: nil
        }
    }

    /// The card family: a Type 2 tag's with its product.
    public var family: CardFamily {
        switch self {
        case let .type2(tag): .type2(tag.product)
        case let .other(family): family
        }
    }

    /// Activates the target `info` describes, over `exchange` (the reader's exchange with it):
    /// the one place a listed target becomes a tag. The exchange's answer time is set for the
    /// family first (`settings`); then a Type 2 tag (SAK 00) is identified by GET_VERSION, and
    /// any other card is named from its activation bytes without a command.
    ///
    /// - Throws: what identifying the tag throws (it did not answer, the reader failed, an
    ///   unknown product), as a ``TagFailure`` with the tag layer's words.
    public init(_ info: TargetInfo, over exchange: any TagExchange, settings: ActivationSettings = ActivationSettings()) throws(TagFailure) {
        switch info {
        case let .nfcA(typeA) where typeA.ats != nil: exchange.allowAnswerTime(settings.isoDEPAnswerTime)
        case .nfcB: exchange.allowAnswerTime(settings.isoDEPAnswerTime)
        case .jewel: exchange.allowAnswerTime(settings.type1AnswerTime)
        case .nfcA, .nfcF: break
        }
        let family = CardFamily(info: info)
        guard case .type2 = family else {
            self = .other(family)
            return
        }
        do throws(Type2Error) { self = .type2(try Type2Tag.identify(exchange)) } catch { throw error.tagFailure }
    }
}
