import NFCTags
import PN532
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
        .tag(tag.explainingProtection(error))
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
    ///   for a card of another family than Type 2, `.tag` when the tag did not answer as a Type
    ///   2 tag.
    public func connect(wait: Duration?, exclusive: Bool) throws(ReaderError) -> TagConnection {
        let targets: [ListedTarget]
        do throws(PN532Error) { targets = try session.pollEveryFamily(wait: wait) } catch { throw .reader(error) }
        guard let first = targets.first else { throw .noTag(waited: wait != nil) }
        if exclusive, targets.count > 1 { throw .moreThanOneTag }
        guard let typeA = first.passiveTarget else { throw .notNDEFTag(CardFamily(info: first.info), first.info) }
        return try connect(to: typeA)
    }

    /// Connects to `target`, one the reader has just listed: identifies it. The one place a
    /// listed target becomes a tag value: a target whose SAK is not a Type 2 tag's is
    /// refused with `.notNDEFTag` and its family, before any tag command is sent.
    public func connect(to target: PassiveTarget) throws(ReaderError) -> TagConnection {
        let family = CardFamily(info: target.info)
        guard case .type2 = family else { throw .notNDEFTag(family, target.info) }
        do throws(Type2Error) {
            return TagConnection(target: target, tag: try Type2Tag.identify(TargetExchange(session: session, target: target)))
        } catch {
            throw .tag(error)
        }
    }
}
