import Basics
import NDEF
import NFCCore

/// Why a Type 3 tag operation failed, with what a person needs to act on it.
public enum Type3Error: Error, Hashable, Sendable, CustomStringConvertible {
    /// A tag command failed; `step` says which ("Check blocks 1–4").
    case exchange(TagExchangeError, step: String)
    /// The card's answer is not the command's (another code or IDm, a count that lies:
    /// kind `.answer`), or the command could not be built from its arguments (no block, a
    /// block that is not 16 bytes: kind `.argument`, nothing was sent).
    case frame(FeliCaFrameError, step: String)
    /// The card answered the command with status flags other than `00 00`.
    case status(flag1: Int, flag2: Int, step: String)
    /// The attribute information block is not one (`problem` names the field): the card is
    /// not formatted for NDEF.
    case invalidAttributeBlock(String)
    /// WriteFlag is `0F`: a write began and did not finish; the message cannot be trusted
    /// until it is written again.
    case tornWrite
    /// The card's NDEF is read-only (RWFlag 00, or Nbw 0); nothing was written.
    case readOnly
    /// The card's NDEF is already read-only; nothing was written.
    case alreadyLocked
    /// The message does not fit the card's Nmaxb; nothing was written.
    case messageTooLong(length: Int, capacity: Int)
    /// The card holds bytes that are not valid NDEF.
    case invalidNDEF(NDEFError)
    /// The card left the field during a write, after the attribute block said a write was in
    /// progress: it now shows a torn write until written again.
    case leftDuringWrite(TagExchangeError, step: String)
    /// Reading back after a write found other bytes than were written, in `block`.
    case verificationFailed(block: Int)

    public var description: String {
        switch self {
        case let .exchange(error, step):
            "\(step): \(error)"
        case let .frame(error, step):
            "\(step): \(error)"
        case let .status(flag1, flag2, step):
            "\(step): the card refused it (status flags \(hexText([UInt8(truncatingIfNeeded: flag1), UInt8(truncatingIfNeeded: flag2)])))"
        case let .invalidAttributeBlock(problem):
            "the card is not formatted for NDEF: its attribute information block is invalid (\(problem))"
        case .tornWrite:
            "the card's attribute block says a write did not finish (WriteFlag 0F): its message is torn; write it again"
        case .readOnly:
            "the card's NDEF is read-only: nothing was written"
        case .alreadyLocked:
            "the card's NDEF is already read-only: nothing was written"
        case let .messageTooLong(length, capacity):
            "the message is \(length) bytes, the card holds at most \(capacity): nothing was written"
        case let .invalidNDEF(error):
            "the card's NDEF data is invalid: \(error)"
        case let .leftDuringWrite(error, step):
            "\(step): \(error); the write is torn (the card shows WriteFlag 0F): present it again and repeat the write"
        case let .verificationFailed(block):
            "reading back block \(block) found other bytes than were written"
        }
    }
}
