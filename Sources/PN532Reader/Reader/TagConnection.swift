import NFCTags
import PN532
import TagProtocols
import Type2

/// A tag in the field, selected and identified: what `ReaderDevice.connect(wait:exclusive:)`
/// returns, for reading, writing and protecting it.
public struct TagConnection {
    /// The target as the reader listed it (UID, ATQA, SAK).
    public let target: PassiveTarget
    /// The tag, identified as a Type 2 product, over the reader's session.
    public let tag: Type2Tag
    /// Its card family: `.type2(product)`.
    public var family: CardFamily {
        .type2(tag.product)
    }

    /// Authenticates with `password` (PWD_AUTH) so that protected pages can be read and
    /// written; `expectedAcknowledge` is the PACK the tag must answer.
    ///
    /// - Throws: `.tag`, a refusal the tag's password protection explains restated as such.
    public func authenticate(password: [UInt8], expectedAcknowledge: [UInt8]) throws(ReaderError) {
        do throws(Type2Error) { try tag.authenticate(password: password, expectedAcknowledge: expectedAcknowledge) } catch {
            throw failure(error)
        }
    }

    /// The error to report for `error` from this tag: a refusal the tag's password protection
    /// explains is restated as such ("password-protected from page N").
    public func failure(_ error: Type2Error) -> ReaderError {
        .tag(tag.explainingProtection(error).tagFailure)
    }
}

extension ReaderDevice {
    /// Waits for a tag (up to `wait`; without, one short poll), and connects to the first
    /// one: selected and identified. With `exclusive` (every operation that writes) a second
    /// tag in the field is refused with `.moreThanOneTag` before anything is sent to either.
    ///
    /// Every card family is polled for (Type A first: ``PN532Session/pollEveryFamily(wait:)``).
    ///
    /// - Throws: `.noTag`, `.moreThanOneTag`, `.reader` when the reader failed, `.notNDEFTag`
    ///   for a card of another family than Type 2 (an ISO-DEP Type A card named by its
    ///   GetVersion), `.tag` when the tag did not answer as a Type 2 tag.
    public func connect(wait: Duration?, exclusive: Bool) throws(ReaderError) -> TagConnection {
        switch try connectOrIdentify(wait: wait, exclusive: exclusive) {
        case let .type2(connection): return connection
        case let .ndef(card): throw .notNDEFTag(card.identity.family, card.identity.info)
        case let .other(card): throw .notNDEFTag(card.family, card.info)
        }
    }

    /// Connects to `target`, one the reader has just listed: activates it (`ActivatedTag`).
    /// A target that is not a Type 2 tag is refused with `.notNDEFTag` and its family (an
    /// ISO-DEP card's from its GetVersion), before any Type 2 command is sent.
    public func connect(to target: PassiveTarget) throws(ReaderError) -> TagConnection {
        switch try activate(ListedTarget(number: target.number, info: target.info)) {
        case let .type2(connection): return connection
        case let .ndef(card): throw .notNDEFTag(card.identity.family, card.identity.info)
        case let .other(card): throw .notNDEFTag(card.family, card.info)
        }
    }

    /// Activates `target` (`ActivatedTag`): a Type 2 tag is connected, a card of another
    /// family whose NDEF a tag layer reads is named (``identify(_:)``) with its tag, another
    /// card named.
    func activate(_ target: ListedTarget) throws(ReaderError) -> CardInField {
        let activated: ActivatedTag
        do throws(TagFailure) { activated = try ActivatedTag(target.info, over: TargetExchange(session: session, target: target)) } catch {
            throw .tag(error)
        }
        if case let .type2(tag) = activated, let typeA = target.passiveTarget { return .type2(TagConnection(target: typeA, tag: tag)) }
        if case .type2 = activated {} else if let ndef = activated.ndef {
            return .ndef(NDEFCard(identity: try identify(target), tag: ndef))
        }
        return .other(try identify(target))
    }
}
