import EV2SecureMessaging
import NDEF
import NFCCore
import NFCTags
import TagProtocols

/// Reads what a decision needs from one selected tag: product, NDEF message and, when
/// asked, the originality signature. A failure part-way keeps the UID and says what failed.
struct TagReading {
    /// The tag's NDEF, activated, for writing a token back after a grant.
    var tag: (any NDEFTag)?
    /// What was read.
    var presentation: Presentation

    /// Reads the tag `info` describes over `exchange` (which holds the presentation's
    /// budget). A card of a family whose NDEF is not read gets no tag command: its family is
    /// the product, and why its NDEF is not read is kept for the decision. Without a message
    /// or a signature to read, no command is sent at all.
    ///
    /// With `keyed` (`[credentials.ntag424]`), an NTAG 424 DNA (by its activation bytes; with a
    /// random UID, a DESFire-like ATQA and ISO-DEP) is challenged instead (``EV2CardProof``) and nothing
    /// else is read from it: its proof alone decides.
    init(exchange: any TagExchange, info: TargetInfo, readMessage: Bool, readSignature: Bool, keyed: EV2ProofRequest? = nil) {
        tag = nil
        presentation = Presentation(uid: info.identifier)
        presentation.family = UIDFamily(info)
        if let keyed, Self.isKeyedCandidate(info) {
            exchange.allowAnswerTime(ActivationSettings().isoDEPAnswerTime)
            presentation.product = CardFamily.ntag424DNA.name
            do throws(EV2ProofFailure) {
                presentation.keyedCard = .proven(try EV2CardProof.prove(over: exchange, listedUID: info.identifier, request: keyed))
            } catch {
                presentation.keyedCard = .failed(error)
            }
            return
        }
        guard readMessage || readSignature else {
            let family = CardFamily(info: info)
            if case .type2 = family {} else { refuse(family) }
            return
        }
        do throws(TagFailure) {
            let activated = try ActivatedTag(info, over: exchange)
            guard let ndef = activated.ndef else {
                refuse(activated.family)
                return
            }
            tag = ndef
            presentation.product = activated.family.name
            if readMessage { presentation.message = try Self.message(on: ndef) }
            if readSignature, let signed = activated.originality { presentation.signature = try signed.readOriginalitySignature() }
        } catch {
            presentation.readError = error.description
        }
    }

    /// True for a card the keyed challenge is for: an NTAG 424 DNA by its activation bytes, or
    /// an ISO-DEP card with a random UID and the ATQA of a DESFire or NTAG 424 DNA (`0344`,
    /// `0304` with a single-size UID): a random-ID NTAG 424 DNA shows no other sign of what it is.
    static func isKeyedCandidate(_ info: TargetInfo) -> Bool {
        switch CardFamily(info: info) {
        case .ntag424DNA: return true
        case .randomUIDDevice:
            guard case let .nfcA(target) = info else { return false }
            return target.atqa & Self.atqaWithoutUIDSize == 0x0304
        default: return false
        }
    }

    /// The ATQA without its UID-size bits (7..6 of the low byte).
    static let atqaWithoutUIDSize: UInt16 = 0xFF3F

    /// Names a card whose NDEF is not read and says why.
    private mutating func refuse(_ family: CardFamily) {
        presentation.product = family.name
        presentation.ndefRefusal = family.ndefRefusal
    }

    /// The tag's NDEF message; nil when it holds none (blank, not formatted, empty TLV).
    private static func message(on tag: any NDEFTag) throws(TagFailure) -> NDEFMessage? {
        do throws(TagFailure) {
            let message = try tag.readNDEFMessage()
            return message == .empty ? nil : message
        } catch {
            switch error.kind {
            case .notFormatted, .unsupported: return nil
            default: throw error
            }
        }
    }
}
