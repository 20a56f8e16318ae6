import ForumTLV
import NDEF

/// A TLV block in the data area of an NFC Forum Type 2 tag (from page 4 on).
public struct Type2TLV: Hashable, Sendable {
    /// The tag byte.
    public var tag: Tag
    /// Offset of the tag byte in the data area.
    public var offset: Int
    /// Where the value is in the data area (empty for NULL and Terminator).
    public var value: Range<Int>

    /// Creates a TLV description.
    public init(tag: Tag, offset: Int, value: Range<Int>) {
        self.tag = tag
        self.offset = offset
        self.value = value
    }

    /// TLV tags. Tags the Type 2 specification does not define are kept by their byte value.
    public enum Tag: Hashable, Sendable {
        case null
        case lockControl
        case memoryControl
        case ndefMessage
        case proprietary
        case terminator
        case undefined(UInt8)

        /// The tag for a byte.
        public init(_ byte: UInt8) {
            switch byte {
            case 0x00: self = .null
            case 0x01: self = .lockControl
            case 0x02: self = .memoryControl
            case 0x03: self = .ndefMessage
            case 0xFD: self = .proprietary
            case 0xFE: self = .terminator
            default: self = .undefined(byte)
            }
        }

        /// The tag byte.
        public var byte: UInt8 {
            switch self {
            case .null: 0x00
            case .lockControl: 0x01
            case .memoryControl: 0x02
            case .ndefMessage: 0x03
            case .proprietary: 0xFD
            case .terminator: 0xFE
            case .undefined(let byte): byte
            }
        }
    }
}

/// Reading and writing NDEF in a Type 2 tag's data area.
public enum Type2DataArea {
    /// The TLVs of a data area, up to and including a Terminator TLV or the end of the area.
    ///
    /// NULL TLVs are skipped. Undefined tags are an error in strict mode and skipped by their
    /// length in lenient mode. A value that runs past the area is always an error.
    public static func blocks(in area: [UInt8], mode: DecodingMode = .strict) throws(NDEFError) -> [Type2TLV] {
        try blocks(in: area, mode: mode, through: nil)
    }

    /// The TLVs up to the first one with tag `last` (included), the terminator or the end.
    private static func blocks(
        in area: [UInt8], mode: DecodingMode, through last: Type2TLV.Tag?
    ) throws(NDEFError) -> [Type2TLV] {
        var blocks: [Type2TLV] = []
        var position = 0
        while case .block(let block) = try step(in: area, areaSize: area.count, at: position, mode: mode) {
            position = block.value.upperBound
            if block.tag == .null { continue }
            blocks.append(block)
            if block.tag == .terminator || block.tag == last { return blocks }
        }
        return blocks
    }

    /// The bytes of the first NDEF Message TLV, and the offset of that TLV in the area.
    ///
    /// Parsing stops at that TLV, as an NFC Forum reader does: what follows it is not looked
    /// at (a tear-safe write leaves `03 00` in front of bytes that are not TLVs yet).
    ///
    /// - Throws: `.noNDEFMessageTLV` when there is none, or the TLV errors of `blocks(in:mode:)`
    ///   for the TLVs before it.
    public static func ndefMessage(
        in area: [UInt8], mode: DecodingMode = .strict
    ) throws(NDEFError) -> (offset: Int, message: [UInt8]) {
        guard let block = try blocks(in: area, mode: mode, through: .ndefMessage).last, block.tag == .ndefMessage else {
            throw NDEFError(offset: 0, reason: .noNDEFMessageTLV)
        }
        return (block.offset, Array(area[block.value]))
    }

    /// An NDEF Message TLV holding `message` (``ForumTLV/ndefTLV(for:terminator:)``).
    public static func ndefTLV(for message: [UInt8], terminator: Bool = true) throws(NDEFError) -> [UInt8] {
        try ForumTLV.ndefTLV(for: message, terminator: terminator)
    }

    /// The largest message an NDEF TLV can hold in `size` bytes of data area
    /// (``ForumTLV/capacity(ofDataArea:)``).
    public static func capacity(ofDataArea size: Int) -> Int {
        ForumTLV.capacity(ofDataArea: size)
    }
}
