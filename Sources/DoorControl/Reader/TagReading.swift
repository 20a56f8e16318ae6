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
    /// With `keyed` challenges (`[credentials.ntag424]`, `[credentials.desfire]`), a card of a
    /// keyed family (by its activation bytes: an NTAG 424 DNA, a DESFire; with a random UID, a
    /// DESFire-like ATQA and ISO-DEP, each family the door has keys for, the next tried only
    /// when the card has no application of the one before) is challenged instead
    /// (``EV2CardProof``) and nothing else is read from it: its proof alone decides. With an
    /// Ultralight AES challenge, a Type 2 tag is identified first, and an Ultralight AES is
    /// challenged (``UltralightAESProof``) and decided by its proof alone.
    init(exchange: any TagExchange, info: TargetInfo, readMessage: Bool, readSignature: Bool, keyed: [KeyedFamily: EV2ProofRequest] = [:]) {
        tag = nil
        presentation = Presentation(uid: info.identifier)
        presentation.family = UIDFamily(info)
        let challenges = Self.keyedCandidates(info).compactMap { family in keyed[family].map { (family, $0) } }
        if !challenges.isEmpty {
            exchange.allowAnswerTime(ActivationSettings().isoDEPAnswerTime)
            presentation.product = CardFamily(info: info).name
            for (family, request) in challenges {
                presentation.keyedFamily = family
                do throws(EV2ProofFailure) {
                    presentation.keyedCard = .proven(try EV2CardProof.prove(over: exchange, listedUID: info.identifier, request: request))
                    return
                } catch {
                    presentation.keyedCard = .failed(error)
                    guard case .noApplication = error else { return }
                }
            }
            return
        }
        if let request = keyed[.ultralightAES], let proof = UltralightAESProof.challenge(info, over: exchange, key: { request.cardKey($0, nil) }) {
            presentation.product = UltralightAESProof.productName
            presentation.keyedFamily = .ultralightAES
            switch proof {
            case let .proven(signature): presentation.keyedCard = .proven(EV2ProvenCard(uid: info.identifier, signature: signature, keyVersion: nil))
            case let .refused(words): presentation.keyedCard = .refused(words)
            case let .unreadable(words): presentation.keyedCard = .failed(.unreadable(words))
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

    /// The keyed families a card may be, in the order to challenge it: an NTAG 424 DNA or a
    /// DESFire by its activation bytes, or both for an ISO-DEP card with a random UID and the
    /// ATQA of a DESFire or NTAG 424 DNA (`0344`, `0304` with a single-size UID): a random-ID
    /// card shows no other sign of what it is.
    static func keyedCandidates(_ info: TargetInfo) -> [KeyedFamily] {
        switch CardFamily(info: info) {
        case .ntag424DNA: return [.ntag424]
        case .desfire: return [.desfire]
        case .randomUIDDevice:
            guard case let .nfcA(target) = info, target.atqa & Self.atqaWithoutUIDSize == 0x0304 else { return [] }
            return [.ntag424, .desfire]
        default: return []
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
