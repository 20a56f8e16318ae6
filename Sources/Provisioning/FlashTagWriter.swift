import NFCCore
import NDEF
import NFCTags
import Originality
import PN532
import TagProtocols
import Type2

/// What a flash run does to each tag: identify, check the originality signature when asked,
/// write the tag's message tear-safe and read it back, then lock and password-protect when
/// asked (lock first: the password would protect the dynamic lock bytes too).
public struct FlashTagWriter {
    /// The messages per tag.
    public let messages: FlashMessages
    /// The keys `--require-genuine` checks signatures against; nil: no check.
    public let originality: FlashOriginality?
    /// Lock the tag after writing.
    public let lock: Bool
    /// Password-protect the tag after writing (and locking) it.
    public let protection: Protection?

    /// Derives a tag's PWD and PACK from the secret and its UID.
    public typealias PasswordDerivation = (_ secret: [UInt8], _ uid: [UInt8]) -> (password: [UInt8], acknowledge: [UInt8])

    /// `--protect`: PWD and PACK derived per tag from the secret by `derive`.
    public struct Protection {
        /// The secret of `--secret-file`.
        public var secret: [UInt8]
        /// Reads need the password too (PROT).
        public var protectsReads: Bool
        /// Failed attempts allowed (AUTHLIM, 0: unlimited).
        public var attemptLimit: UInt8
        /// The password derivation (the one the tag commands use for `--secret-file`).
        public var derive: PasswordDerivation

        /// Protection with PWD and PACK `derive`d from `secret` per tag.
        public init(secret: [UInt8], protectsReads: Bool, attemptLimit: UInt8, derive: @escaping PasswordDerivation) {
            self.secret = secret
            self.protectsReads = protectsReads
            self.attemptLimit = attemptLimit
            self.derive = derive
        }

        /// The settings for the tag with `uid`, from page 4 on.
        func settings(uid: [UInt8]) -> PasswordProtection {
            let (password, acknowledge) = derive(secret, uid)
            return PasswordProtection(password: password, acknowledge: acknowledge, protectsReads: protectsReads, attemptLimit: attemptLimit)
        }
    }

    /// What happened to one tag.
    public struct Outcome: Equatable, Sendable {
        /// The product once identified, or the card family of a card that is no Type 2 tag.
        public var product: String?
        /// The message's length.
        public var bytes: Int?
        /// Why the tag failed; nil for success.
        public var error: String?
        /// True when the tag stopped answering (it left the field).
        public var tagLeft = false
    }

    /// A writer of `messages` that checks originality against `originality` (nil: no check),
    /// then locks and protects as asked.
    public init(messages: FlashMessages, originality: FlashOriginality?, lock: Bool, protection: Protection?) {
        self.messages = messages
        self.originality = originality
        self.lock = lock
        self.protection = protection
    }

    /// Provisions the selected `listed` target as tag number `seq`. It is activated first
    /// (`ActivatedTag`): a card of a family whose NDEF is not read gets no write (a Topaz is
    /// identified by RID, no other card gets a command). A Type 2 tag gets every step; a
    /// Type 1, 3 or 4 tag gets its message written through its tag layer (tear-safe, read back)
    /// and, with `lock`, its layer's lock, while what is Type 2's alone (originality, password)
    /// and a Type 4 lock (it needs the card's keys) are refused before anything is written.
    public func provision(_ listed: ListedTarget, session: PN532Session, seq: Int) -> Outcome {
        var outcome = Outcome()
        let uid = listed.info.identifier
        do throws(TagFailure) {
            let activated = try ActivatedTag(listed.info, over: TargetExchange(session: session, target: listed))
            outcome.product = activated.family.name
            guard let ndef = activated.ndef else {
                outcome.error = "\(activated.family.ndefRefusal ?? "flash cannot write \(activated.family.name)"): nothing was written"
                return outcome
            }
            if case let .type2(tag) = activated {
                outcome.product = tag.product.rawValue
                if let problem = try type2Problem(tag, uid: uid) {
                    outcome.error = problem
                    return outcome
                }
            } else if let problem = familyProblem(activated.family) {
                outcome.error = "\(problem): nothing was written"
                return outcome
            }
            let message: NDEFMessage
            do throws(ProvisioningError) { message = try messages.message(uid: uid, seq: seq) } catch {
                outcome.error = error.description
                return outcome
            }
            outcome.bytes = message.length
            try ndef.writeNDEFMessage(message, verify: true)
            if lock { try ndef.writeLock() }
            if let protection, case let .type2(tag) = activated {
                do throws(Type2Error) { try tag.protect(protection.settings(uid: uid)) } catch { throw error.tagFailure }
            }
        } catch {
            outcome.error = error.description
            outcome.tagLeft = error.tagLeft
        }
        return outcome
    }

    /// Why a Type 2 tag cannot get what was asked (a genuine signature, a password); nil
    /// when it can.
    private func type2Problem(_ tag: Type2Tag, uid: [UInt8]) throws(TagFailure) -> String? {
        if let problem = try genuineProblem(tag, uid: uid) { return problem }
        if protection != nil, tag.product.configurationPage == nil {
            return "\(tag.product.rawValue) has no password protection (--protect): nothing was written"
        }
        return nil
    }

    /// Why a tag of `family` (Type 1, 3 or 4) cannot get what was asked: an originality check
    /// or a password (Type 2's alone), a lock of a Type 4 tag (its NDEF file's access rights
    /// change only with the card's keys). Nil when it can. (A door token on a random UID is
    /// refused when the message is made: `SignedToken` binds none to it.)
    private func familyProblem(_ family: CardFamily) -> String? {
        let type = family.nfcForumType.map { "an NFC Forum Type \($0) tag" } ?? "not a Type 2 tag"
        if originality != nil {
            return "--require-genuine checks the originality signature of NFC Forum Type 2 tags: \(family.name) is \(type), with none flash checks"
        }
        if protection != nil {
            return "--protect sets a Type 2 tag's password (PWD_AUTH): \(family.name) is \(type), with no such password"
        }
        if lock, family.nfcForumType == 4 {
            return "--lock: the NDEF file of \(family.name), an NFC Forum Type 4 tag, becomes read-only only with the card's keys, which flash does not use"
        }
        return nil
    }

    /// Why the tag fails `--require-genuine`; nil when it passes or no check is asked for.
    private func genuineProblem(_ tag: Type2Tag, uid: [UInt8]) throws(TagFailure) -> String? {
        guard let originality else { return nil }
        guard tag.product.hasExtendedCommands, let key = originality.key(for: tag.product) else {
            return "\(tag.product.rawValue) has no originality signature (READ_SIG) for --require-genuine: nothing was written"
        }
        let signature: [UInt8]
        do throws(Type2Error) { signature = try tag.readSignature() } catch { throw error.tagFailure }
        guard key.verifies(signature: signature, uid: uid) else {
            return "the originality signature does not verify (--require-genuine): not a genuine tag, nothing was written"
        }
        return nil
    }
}
