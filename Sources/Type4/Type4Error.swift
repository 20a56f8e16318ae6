import Basics
import ISO7816
import NDEF
import NFCCore

/// Why an operation on a Type 4 tag failed, with what a person needs to act on it.
public enum Type4Error: Error, Hashable, Sendable, CustomStringConvertible {
    /// An APDU exchange failed; `step` says which ("READ BINARY offset 2").
    case exchange(ISO7816Error, step: String)
    /// The card refused a command with `status`.
    case refused(StatusWord, step: String)
    /// The card has no NDEF Tag Application (neither mapping 2.0's nor 1.0's name selects).
    case noNDEFApplication(StatusWord)
    /// The Capability Container file breaks the mapping; the words say how.
    case invalidCapabilityContainer(String)
    /// The NDEF file needs a key to be read (read access byte).
    case readProtected(access: UInt8)
    /// The NDEF file cannot be written: access `FF` (read-only) or a key is needed.
    case readOnly(access: UInt8)
    /// The NDEF length field (NLEN/ENLEN) claims more than the file holds.
    case lengthBeyondFile(length: Int, capacity: Int)
    /// The message does not fit; nothing was written.
    case messageTooLong(length: Int, capacity: Int)
    /// The file holds data that is not valid NDEF.
    case invalidNDEF(NDEFError)
    /// The card left during a write after `bytesWritten` bytes: NLEN is 0 (no message) or the
    /// new message's.
    case tornWrite(bytesWritten: Int)
    /// Reading back after a write found other bytes than were written, at this file offset.
    case verificationFailed(offset: Int)
    /// The NDEF file is already read-only for good; nothing was written.
    case alreadyLocked
    /// The card cannot be made read-only by this layer; the words say why.
    case lockUnsupported(String)

    public var description: String {
        switch self {
        case let .exchange(error, step):
            "\(step): \(error)"
        case let .refused(status, step):
            "\(step): the card answered \(status)"
        case let .noNDEFApplication(status):
            "the card has no NDEF application (SELECT D2760000850101 and D2760000850100 answered \(status)): it is not an NFC Forum Type 4 tag, or it needs formatting"
        case let .invalidCapabilityContainer(problem):
            "the Capability Container (file E103) is invalid: \(problem)"
        case let .readProtected(access):
            "the NDEF file's read access is \(hexByte(access)): reading it needs a key"
        case let .readOnly(access):
            access == 0xFF
                ? "the tag is read-only (NDEF file write access FF): nothing was written"
                : "writing the NDEF file needs a key (write access \(hexByte(access))): nothing was written"
        case let .lengthBeyondFile(length, capacity):
            "the NDEF length field says \(length) bytes, the file holds at most \(capacity): the tag's data is corrupt"
        case let .messageTooLong(length, capacity):
            "the message is \(length) bytes, the tag holds at most \(capacity): nothing was written"
        case let .invalidNDEF(error):
            "the tag's NDEF data is invalid: \(error)"
        case let .tornWrite(bytesWritten):
            "the tag left the field during the write (after \(bytesWritten) bytes): it now holds an empty message or the new one; present it again and repeat the write"
        case let .verificationFailed(offset):
            "reading back the NDEF file found other bytes than were written (offset \(offset))"
        case .alreadyLocked:
            "the tag is already read-only (NDEF file write access FF): nothing was written"
        case let .lockUnsupported(reason):
            "cannot make this Type 4 tag read-only: \(reason); nothing was written"
        }
    }
}
