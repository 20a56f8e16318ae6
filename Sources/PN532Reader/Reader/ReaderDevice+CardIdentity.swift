import NFCCore
import NFCTags
import TagProtocols
import PN532

extension ReaderDevice {
    /// Names a card the reader has just listed: from its activation bytes and, for an ISO-DEP
    /// Type A card, from its GetVersion (at most three frames; see ``CardIdentity``). A card
    /// that leaves the field during the query is named from its activation bytes.
    ///
    /// - Throws: `.reader` when the reader failed.
    public func identify(_ target: ListedTarget) throws(ReaderError) -> CardIdentity {
        do throws(TagExchangeError) {
            return try CardIdentity(info: target.info, over: TargetExchange(session: session, target: target))
        } catch {
            if case let .transport(failure) = error, let reader = failure.underlying as? PN532Error { throw .reader(reader) }
            return CardIdentity(info: target.info, family: CardFamily(info: target.info))
        }
    }

    /// As ``connect(wait:exclusive:)``, but a card of another family than Type 2 is given back
    /// named (``identify(_:)``) instead of thrown: what `identify` describes.
    public func connectOrIdentify(wait: Duration?, exclusive: Bool) throws(ReaderError) -> CardInField {
        let targets: [ListedTarget]
        do throws(PN532Error) { targets = try session.pollEveryFamily(wait: wait) } catch { throw .reader(error) }
        guard let first = targets.first else { throw .noTag(waited: wait != nil) }
        if exclusive, targets.count > 1 { throw .moreThanOneTag }
        return try activate(first)
    }
}

/// What ``ReaderDevice/connectOrIdentify(wait:exclusive:)`` found in the field.
public enum CardInField {
    /// A Type 2 tag, selected and identified.
    case type2(TagConnection)
    /// A card of another family whose NDEF a tag layer reads (Type 4, 3 or 1), named and
    /// activated.
    case ndef(NDEFCard)
    /// A card of another family, named.
    case other(CardIdentity)
}

/// A card of another family than Type 2 whose NDEF a tag layer reads: what it is and its tag.
public struct NDEFCard {
    /// What the card is (an ISO-DEP Type A card's family and version from its GetVersion).
    public var identity: CardIdentity
    /// The card's NDEF, through its tag layer.
    public var tag: any NDEFTag
}
