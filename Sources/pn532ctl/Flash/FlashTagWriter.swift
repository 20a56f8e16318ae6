import Credentials
import NDEF
import NFCTags
import Originality
import PN532
import Type2

/// What a flash run does to each tag: identify, check the originality signature when asked,
/// write the tag's message tear-safe and read it back, then lock and password-protect when
/// asked (lock first: the password would protect the dynamic lock bytes too).
struct FlashTagWriter {
    /// The messages per tag.
    let messages: FlashMessages
    /// The keys `--require-genuine` checks signatures against; nil: no check.
    let originality: FlashOriginality?
    /// Lock the tag after writing.
    let lock: Bool
    /// Password-protect the tag after writing (and locking) it.
    let protection: Protection?

    /// `--protect`: PWD and PACK derived per tag from the secret, as `PasswordOptions` does.
    struct Protection {
        /// The secret of `--secret-file`.
        var secret: [UInt8]
        /// Reads need the password too (PROT).
        var protectsReads: Bool
        /// Failed attempts allowed (AUTHLIM, 0: unlimited).
        var attemptLimit: UInt8

        /// The settings for the tag with `uid`, from page 4 on.
        func settings(uid: [UInt8]) -> PasswordProtection {
            let (password, acknowledge) = TagPassword.derive(secret: secret, uid: uid)
            return PasswordProtection(password: password, acknowledge: acknowledge, protectsReads: protectsReads, attemptLimit: attemptLimit)
        }
    }

    /// What happened to one tag.
    struct Outcome {
        /// The product once identified, or the card family of a card that is no Type 2 tag.
        var product: String?
        /// The message's length.
        var bytes: Int?
        /// Why the tag failed; nil for success.
        var error: String?
        /// True when the tag stopped answering (it left the field).
        var tagLeft = false
    }

    /// Provisions the selected `target` as tag number `seq`. A card of another family than
    /// type A gets no command: flash writes NFC Forum Type 2 tags.
    func provision(_ listed: ListedTarget, session: PN532Session, seq: Int) -> Outcome {
        var outcome = Outcome()
        guard let target = listed.passiveTarget else {
            let family = CardFamily(info: listed.info)
            outcome.product = family.name
            outcome.error = "\(family.ndefRefusal ?? "not an NFC Forum Type 2 tag"): nothing was written"
            return outcome
        }
        do throws(Type2Error) {
            let tag = try Type2Tag.identify(TargetExchange(session: session, target: target))
            outcome.product = tag.product.rawValue
            if let problem = try genuineProblem(tag, uid: target.uid) {
                outcome.error = problem
                return outcome
            }
            if protection != nil, tag.product.configurationPage == nil {
                outcome.error = "\(tag.product.rawValue) has no password protection (--protect): nothing was written"
                return outcome
            }
            let message: NDEFMessage
            do throws(CLIError) { message = try messages.message(uid: target.uid, seq: seq) } catch {
                outcome.error = error.message
                return outcome
            }
            outcome.bytes = message.length
            try tag.writeNDEF(message, verify: true)
            if lock { try tag.lock() }
            if let protection { try tag.protect(protection.settings(uid: target.uid)) }
        } catch {
            outcome.error = error.description
            switch error {
            case .tornWrite, .exchange(.noAnswer, _): outcome.tagLeft = true
            default: break
            }
        }
        return outcome
    }

    /// Why the tag fails `--require-genuine`; nil when it passes or no check is asked for.
    private func genuineProblem(_ tag: Type2Tag, uid: [UInt8]) throws(Type2Error) -> String? {
        guard let originality else { return nil }
        guard tag.product.hasExtendedCommands, let key = originality.key(for: tag.product) else {
            return "\(tag.product.rawValue) has no originality signature (READ_SIG) for --require-genuine: nothing was written"
        }
        guard key.verifies(signature: try tag.readSignature(), uid: uid) else {
            return "the originality signature does not verify (--require-genuine): not a genuine tag, nothing was written"
        }
        return nil
    }
}
