import Basics
import NDEF
import NFCCore

/// Why an operation on a Type 1 tag failed, with what a technician needs: the step, the byte
/// address, the CC.
public enum Type1Error: Error, Hashable, Sendable, CustomStringConvertible {
    /// A tag command failed during `step`.
    case exchange(TagExchangeError, step: String)
    /// The tag answered `step` with `count` bytes where its protocol gives `expected`.
    case malformedAnswer(step: String, count: Int, expected: Int)
    /// The header ROM does not say NDEF (HR0's high nibble is not 1).
    case notNDEFCapable(headerROM: [UInt8])
    /// The CC's magic number is neither E1 nor 00, or its version is not 1.x.
    case notFormatted(Type1CapabilityContainer)
    /// The CC's size byte declares a memory the tag's kind cannot have.
    case invalidMemorySize(declared: Int, isStatic: Bool)
    /// NMN is 00: an NDEF write was started and not finished.
    case invalidated
    /// A Lock or Memory Control TLV at `tlvAddress` names bytes outside the data area.
    case controlAreaOutsideMemory(tlvAddress: Int, area: Range<Int>, memorySize: Int)
    /// The TLV area is not valid (an unknown TLV, a truncated one, no NDEF Message TLV).
    case invalidTLV(NDEFError)
    /// The NDEF TLV's length runs past the data area.
    case ndefLengthBeyondDataArea(length: Int, available: Int)
    /// The NDEF message inside the TLV does not decode.
    case invalidNDEF(NDEFError)
    /// The CC says the tag may not be written; nothing was written.
    case readOnly
    /// The message does not fit; nothing was written.
    case messageTooLong(length: Int, capacity: Int)
    /// The tag answered a write at `address` with other data than written (a locked block).
    case writeRefused(address: Int, wrote: [UInt8], answered: [UInt8])
    /// The tag left during a write after `bytesWritten` bytes; NMN is left 00 (invalidated).
    case tornWrite(bytesWritten: Int)
    /// Reading back found other bytes than were written, at `address`.
    case verificationFailed(address: Int)
    /// The tag is already read-only (RWA 0F and every lock bit set); nothing was written.
    case alreadyLocked

    public var description: String {
        switch self {
        case let .exchange(error, step):
            "\(step): \(error)"
        case let .malformedAnswer(step, count, expected):
            "\(step): the tag answered \(count) bytes, a Type 1 tag answers \(expected); try again, or the tag is not a Topaz"
        case let .notNDEFCapable(headerROM):
            "header ROM \(hexText(headerROM)) does not say NDEF (HR0 must be 1x): this Type 1 tag cannot hold NDEF"
        case let .notFormatted(cc):
            "not formatted for NDEF: CC \(hexText(cc.bytes)) (NMN must be E1 and the version 1.x); format the tag first"
        case let .invalidMemorySize(declared, isStatic):
            "the CC declares \(declared) bytes of memory, which a \(isStatic ? "static (Topaz 96: 120 bytes)" : "dynamic (136 to 2048 bytes)") Type 1 tag cannot have; format the tag again"
        case .invalidated:
            "NMN is 00: an NDEF write on this tag was interrupted (the tag left the field); write a message again"
        case let .controlAreaOutsideMemory(tlvAddress, area, memorySize):
            "the control TLV at byte \(tlvAddress) names bytes \(area.lowerBound)-\(area.upperBound - 1), outside the data area (12-\(memorySize - 1)); format the tag again"
        case let .invalidTLV(error):
            "the TLV area is invalid: \(error)"
        case let .ndefLengthBeyondDataArea(length, available):
            "the NDEF TLV says \(length) bytes, the data area has \(available) after it; the message is damaged, write it again"
        case let .invalidNDEF(error):
            "the NDEF message is invalid: \(error)"
        case .readOnly:
            "the tag is read-only (CC write access is not 0); nothing was written"
        case let .messageTooLong(length, capacity):
            "the message is \(length) bytes, the tag holds at most \(capacity); nothing was written"
        case let .writeRefused(address, wrote, answered):
            "the tag refused the write at byte \(address) (wrote \(hexText(wrote)), it holds \(hexText(answered))): the block is locked"
        case let .tornWrite(bytesWritten):
            "the tag left the field during the write after \(bytesWritten) bytes; its NDEF is invalidated (NMN 00): write again"
        case let .verificationFailed(address):
            "reading back found other bytes than were written at byte \(address)"
        case .alreadyLocked:
            "the tag is already read-only; nothing was written"
        }
    }
}
