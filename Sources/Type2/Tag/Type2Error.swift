import Basics
import NDEF
import NFCCore

/// Why a tag operation failed, with what a person needs to act on it.
public enum Type2Error: Error, Hashable, Sendable, CustomStringConvertible {
    /// A tag command failed; `step` says which ("READ page 4").
    case exchange(TagExchangeError, step: String)
    /// GET_VERSION answered with a product this layer does not know.
    case unknownProduct(version: [UInt8])
    /// The Capability Container does not describe an NDEF tag; `product` is the tag's, whose
    /// factory CC formatting would write (the CC is one-time programmable: not every CC can
    /// become it).
    case notFormatted(CapabilityContainer, product: Type2Product)
    /// The tag is read-only (CC write access or lock bits).
    case readOnly
    /// The message does not fit; nothing was written.
    case messageTooLong(length: Int, capacity: Int)
    /// The tag holds data that is not valid NDEF.
    case invalidNDEF(NDEFError)
    /// The tag went away during a write after `pagesWritten` pages.
    case tornWrite(pagesWritten: Int)
    /// Reading back after a write found other bytes than were written.
    case verificationFailed(page: Int)
    /// The product does not have the command or feature, or the values asked for are
    /// outside what the tag takes.
    case unsupported(Type2Limitation)
    /// PWD_AUTH was accepted but the tag answered another PACK than expected: the password
    /// is right, the tag may not be the one it was set on (a clone).
    case unexpectedAcknowledgement(answered: [UInt8], expected: [UInt8])
    /// A one-time-programmable page cannot reach the bytes wanted (bits can only be set);
    /// nothing was written.
    case oneTimeProgrammable(page: Int, holds: [UInt8], wanted: [UInt8])
    /// The operation would erase what the tag holds (`what`) and was not confirmed; nothing
    /// was written.
    case wouldErase(String)
    /// The tag is already read-only for good; nothing was written.
    case alreadyLocked
    /// PWD_AUTH was refused: a wrong password, or AUTHLIM's failed attempts are used up.
    case wrongPassword
    /// A command was refused because the page needs PWD_AUTH (AUTH0 = `firstProtectedPage`).
    case passwordProtected(firstProtectedPage: Int, step: String)
    /// An Ultralight AES refused the AES authentication with `key` (a NAK): a wrong key, a
    /// card that is not the one keyed (a clone), or AUTHLIM's failed attempts used up.
    case aesAuthenticationRefused(key: UltralightAESKey)
    /// The card answered the AES authentication with `key`, but not with this challenge
    /// (RndA′): it does not hold the key, or the answer was replayed.
    case aesCardNotAuthenticated(key: UltralightAESKey)

    public var description: String {
        switch self {
        case let .exchange(error, step):
            "\(step): \(error)"
        case let .unknownProduct(version):
            "unknown Type 2 product (GET_VERSION \(Hex.encode(version)))"
        case let .notFormatted(cc, product):
            notFormattedText(cc, wanted: CapabilityContainer(formatting: product))
        case .readOnly:
            "the tag is read-only: nothing was written"
        case let .messageTooLong(length, capacity):
            "the message is \(length) bytes, the tag holds at most \(capacity): nothing was written"
        case let .invalidNDEF(error):
            "the tag's NDEF data is invalid: \(error)"
        case let .tornWrite(pagesWritten):
            "the tag left the field during the write (after \(pagesWritten) pages): it may now hold an empty message; present it again and repeat the write"
        case let .verificationFailed(page):
            "reading back page \(page) found other bytes than were written"
        case let .unsupported(limitation):
            "not supported by this tag: \(limitation)"
        case let .unexpectedAcknowledgement(answered, expected):
            "the tag answered PACK \(Hex.encode(answered)), not \(Hex.encode(expected)): it may be a clone"
        case let .oneTimeProgrammable(page, holds, wanted):
            "page \(page) is one-time programmable (bits can only be set) and holds \(hexText(holds)): "
                + "it can never become \(hexText(wanted)); nothing was written"
        case let .wouldErase(what):
            "the tag holds \(what): add --yes to erase it; nothing was written"
        case .wrongPassword:
            "wrong password: the tag refused PWD_AUTH"
        case let .passwordProtected(page, step):
            "\(step): the tag is password-protected from page \(page): give --password HEX or --secret-file FILE"
        case .alreadyLocked:
            "the tag is already locked (read-only for good): nothing was written"
        case let .aesAuthenticationRefused(key):
            "the tag refused AES authentication with key \(key.rawValue): a wrong key, a copy of the card, or its attempt limit is used up"
        case let .aesCardNotAuthenticated(key):
            "the tag's answer to AES authentication with key \(key.rawValue) does not prove this challenge: it does not hold the key (a copy, or a replayed answer)"
        }
    }

    /// Why a tag with CC `cc` holds no NDEF, and what can be done: formatting when the
    /// one-time-programmable CC can become `wanted` (the product's), else that it never can
    /// (what `format` refuses with `.oneTimeProgrammable`).
    private func notFormattedText(_ cc: CapabilityContainer, wanted: CapabilityContainer) -> String {
        let start = "the tag is not formatted for NDEF (CC \(hexText(cc.bytes)))"
        if cc.canBecome(wanted) { return start + ": format it first" }
        return start + " and never can be: the CC (page 3) is one-time programmable (bits can only be set) and can never become "
            + "\(hexText(wanted.bytes)); the tag's pages can still be read and written as raw data (dump, restore)"
    }
}
