import NDEF
import ArgumentParser
import Basics
import NFCCore
import PN532Reader
import NFCTags
import PN532
import TagProtocols
import Type2

/// A reader with one tag selected and identified, for the tag commands: `NFCReader`'s
/// connection with the command line's options, messages and exit codes.
final class TagSession {
    let reader: Reader
    let target: PassiveTarget
    let tag: Type2Tag
    private let connection: TagConnection

    /// Core NFC's words for a field with more than one tag.
    static let moreThanOneTag = ReaderError.moreThanOneTagMessage

    private init(reader: Reader, connection: TagConnection) {
        self.reader = reader
        self.connection = connection
        target = connection.target
        tag = connection.tag
    }

    /// Opens the reader, waits for a tag, and identifies it. With `exclusive` (every command
    /// that writes) a second tag in the field is refused before anything is sent to either.
    /// A card of another family than Type 2 is refused: "not an NDEF tag we can read: …", or,
    /// for a Type 1, 3 or 4 tag, that the command works on Type 2 tags only.
    static func open(_ options: TagOptions, exclusive: Bool) throws(CLIError) -> TagSession {
        switch try find(options, exclusive: exclusive) {
        case let .type2(session): return session
        case let .ndef(card):
            card.close()
            throw .reader(.notNDEFTag(card.family, card.info))
        case let .other(card): throw card.refusal
        }
    }

    /// Opens the reader, waits for a tag and activates it: a Type 2 tag as a session, a card
    /// of another family whose NDEF a tag layer reads as an ``NDEFCardSession`` (both keep the
    /// reader open), another card given back (the reader closed) for `identify` to describe.
    static func find(_ options: TagOptions, exclusive: Bool) throws(CLIError) -> FoundCard {
        let reader = try Reader.open(options.device)
        do throws(ReaderError) {
            let wait = options.wait.map { Duration.milliseconds(Int64($0 * 1000)) }
            switch try reader.device.connectOrIdentify(wait: wait, exclusive: exclusive) {
            case let .type2(connection):
                return .type2(TagSession(reader: reader, connection: connection))
            case let .ndef(card):
                return .ndef(NDEFCardSession(reader: reader, card: card))
            case let .other(card):
                reader.close()
                return .other(OtherCard(family: card.family, info: card.info, version: card.version, device: reader.spec.description))
            }
        } catch {
            reader.close()
            throw .reader(error)
        }
    }

    /// Authenticates with the password `credentials` give, when they give one, so that the
    /// protected pages can be read and written: the one place the tag commands send PWD_AUTH.
    ///
    /// The protection is read first. A tag without it is used as it is and the password is
    /// not sent (a note on standard error unless `quiet`, as under `--json`). A guess that can
    /// use up the tag's attempt limit (AUTHLIM set, or unreadable) needs `confirmed` (`--yes`):
    /// ``PasswordGuess/confirm(_:confirmed:)``.
    func authenticate(_ credentials: PasswordOptions, confirmed: Bool, quiet: Bool) throws(CLIError) {
        guard credentials.isGiven else { return }
        let (password, acknowledge) = try credentials.credentials(uid: target.uid)
        let state: ProtectionState
        do throws(Type2Error) { state = try tag.readProtection() } catch { throw failure(error) }
        guard state.firstProtectedPage != nil else {
            if !quiet {
                StandardError.write("pn532ctl: \(tag.product.rawValue) \(Hex.encode(target.uid)) is not password-protected: the password is not needed and was not sent\n")
            }
            return
        }
        try PasswordGuess.confirm(state, confirmed: confirmed)
        do throws(Type2Error) { try tag.authenticate(password: password, expectedAcknowledge: acknowledge) } catch .wrongPassword {
            throw PasswordGuess.wrongPassword(state)
        } catch {
            throw failure(error)
        }
    }

    /// The error to report for `error`: a refusal the tag's password protection explains is
    /// restated as such ("password-protected from page N").
    func failure(_ error: Type2Error) -> CLIError {
        .reader(connection.failure(error))
    }

    /// Closes the reader.
    func close() {
        reader.close()
    }
}

/// What ``TagSession/find(_:exclusive:)`` found in the field.
enum FoundCard {
    /// A Type 2 tag, identified.
    case type2(TagSession)
    /// A Type 1, 3 or 4 tag, activated.
    case ndef(NDEFCardSession)
    /// A card whose NDEF is not read.
    case other(OtherCard)
}

/// A card in the field whose NDEF pn532ctl does not read, as `identify` describes it.
struct OtherCard: Error {
    var family: CardFamily
    var info: TargetInfo
    /// Its GetVersion (an NXP ISO-DEP card's), nil when none was asked or answered.
    var version: NXPCardVersion?
    /// The device string of the reader it was found on.
    var device: String

    /// The refusal of an NDEF command: "not an NDEF tag we can read: …".
    var refusal: CLIError {
        .reader(.notNDEFTag(family, info))
    }
}

extension CLIError {
    /// A tag failure: 65 for data the tag holds that is not valid or bytes a one-time-programmable
    /// page cannot take, 64 for an erase not confirmed with `--yes`, 69 when the reader failed,
    /// 1 for the rest (of kind `refused` when the tag said no: a NAK, a password, a lock).
    static func tag(_ failure: TagFailure) -> CLIError {
        switch failure.kind {
        case .wouldErase:
            return .usage(failure.message)
        case .exchange(.negativeAcknowledgement), .readOnly, .alreadyLocked, .passwordProtected, .wrongPassword:
            return .refused(failure.message)
        case let .invalidNDEF(problem):
            if case .noNDEFMessageTLV = problem.reason {
                return .data(failure.message + " — no NDEF TLV: run format")
            }
            return .data(failure.message)
        case .oneTimeProgrammable:
            return .data(failure.message)
        case .exchange(.transport):
            return CLIError(message: failure.message, exitCode: .unavailable)
        default:
            return CLIError(message: failure.message, exitCode: .failure)
        }
    }

    /// A Type 2 tag's failure, as its ``TagFailure``.
    static func tag(_ error: Type2Error) -> CLIError {
        tag(error.tagFailure)
    }
}
