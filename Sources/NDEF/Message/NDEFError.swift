import Basics

/// An error in NDEF data: where it is and what is wrong.
///
/// `offset` counts bytes from the start of whatever was being decoded: the message for
/// record-level errors, the record's payload for payload-level errors, the data area for
/// TLV errors.
public struct NDEFError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The byte offset at which the problem was found.
    public var offset: Int
    /// What is wrong.
    public var reason: Reason

    /// Creates an error at `offset`.
    public init(offset: Int, reason: Reason) {
        self.offset = offset
        self.reason = reason
    }

    /// A field of a record header or TLV, named in truncation errors.
    public enum Field: String, Hashable, Sendable {
        case header = "record header"
        case typeLength = "type length"
        case payloadLength = "payload length"
        case identifierLength = "identifier length"
        case type
        case identifier
        case payload
        case tlvLength = "TLV length"
        case tlvValue = "TLV value"
    }

    /// The kinds of problem.
    public enum Reason: Hashable, Sendable {
        /// There were no bytes where a message was expected.
        case empty
        /// The input ends inside `field`: `needed` bytes, `available` left.
        case truncated(Field, needed: Int, available: Int)
        /// The first record does not have the MB flag.
        case missingMessageBegin
        /// A record other than the first has the MB flag.
        case unexpectedMessageBegin
        /// The input ends before a record with the ME flag.
        case missingMessageEnd
        /// Bytes follow the record that has the ME flag.
        case trailingBytes(count: Int)
        /// TNF 7 is reserved.
        case reservedTypeNameFormat
        /// A TNF-empty record has a type, identifier or payload.
        case contentInEmptyRecord
        /// The TNF does not allow a type (unknown, unchanged) but one is present.
        case unexpectedType(TypeNameFormat)
        /// The TNF needs a type (well-known, media, absolute URI, external) and none is present.
        case missingType(TypeNameFormat)
        /// TNF unchanged outside a chunked record.
        case unchangedOutsideChunk
        /// A middle or last chunk whose TNF is not unchanged, or that has a type.
        case chunkNotUnchanged
        /// A middle or last chunk with an identifier.
        case identifierInChunk
        /// The ME flag on a chunk that is not the last, or the message ends inside a chunked record.
        case unterminatedChunk
        /// A field is longer than its length byte(s) can say.
        case fieldTooLong(Field, length: Int, maximum: Int)
        /// A type string that is not valid for its TNF (media type, external type, absolute URI).
        case invalidType(String)
        /// A payload is shorter than its record type needs.
        case payloadTooShort(needed: Int, available: Int)
        /// The RFU bit of a Text record's status byte is set.
        case reservedTextStatusBit
        /// The language code of a Text record is not printable ASCII, or is empty in strict mode.
        case invalidLanguageCode
        /// Text that is not valid UTF-8.
        case invalidUTF8
        /// Text that is not valid UTF-16 (odd length or unpaired surrogate).
        case invalidUTF16
        /// A URI identifier code of 0x24 or more.
        case invalidURIPrefix(UInt8)
        /// A Smart Poster without exactly one URI record; the count found.
        case smartPosterURICount(Int)
        /// A Smart Poster action other than 0, 1 or 2.
        case invalidSmartPosterAction(UInt8)
        /// A Smart Poster size or type record of the wrong length or encoding.
        case invalidSmartPosterField(String)
        /// A TLV tag that NFC Forum Type 1 and 2 do not define.
        case unknownTLV(UInt8)
        /// A 3-byte TLV length below 0xFF or equal to 0xFFFF.
        case invalidTLVLength(Int)
        /// The data area holds no NDEF Message TLV before the terminator.
        case noNDEFMessageTLV
        /// The message does not fit the 3-byte TLV length (at most 0xFFFE bytes).
        case messageTooLongForTLV(Int)
    }

    public var description: String {
        "byte \(offset): \(reason)"
    }
}

extension NDEFError.Reason: CustomStringConvertible {
    public var description: String {
        switch self {
        case .empty:
            "no data: an NDEF message has at least one record"
        case let .truncated(field, needed, available):
            "the data ends inside the \(field.rawValue) (\(bytes(needed)) needed, \(available) left)"
        case .missingMessageBegin:
            "the first record lacks the MB (message begin) flag"
        case .unexpectedMessageBegin:
            "a record after the first has the MB (message begin) flag"
        case .missingMessageEnd:
            "the data ends before a record with the ME (message end) flag"
        case let .trailingBytes(count):
            "\(count) bytes follow the record that ends the message (ME flag)"
        case .reservedTypeNameFormat:
            "type name format 7 is reserved"
        case .contentInEmptyRecord:
            "an empty record (TNF 0) has a type, identifier or payload"
        case let .unexpectedType(tnf):
            "a record with type name format \(tnf.name) must have an empty type"
        case let .missingType(tnf):
            "a record with type name format \(tnf.name) needs a type"
        case .unchangedOutsideChunk:
            "type name format unchanged (6) outside a chunked record"
        case .chunkNotUnchanged:
            "a middle or last chunk must have type name format unchanged (6) and no type"
        case .identifierInChunk:
            "a middle or last chunk must not have an identifier"
        case .unterminatedChunk:
            "a chunked record is not terminated by a chunk without the CF flag"
        case let .fieldTooLong(field, length, maximum):
            "the \(field.rawValue) is \(bytes(length)), at most \(maximum) fit"
        case let .invalidType(type):
            "invalid type \"\(type)\""
        case let .payloadTooShort(needed, available):
            "the payload is \(bytes(available)), this record type needs at least \(needed)"
        case .reservedTextStatusBit:
            "the reserved bit 6 of the Text status byte is set"
        case .invalidLanguageCode:
            "the Text language code is not printable ASCII"
        case .invalidUTF8:
            "the text is not valid UTF-8"
        case .invalidUTF16:
            "the text is not valid UTF-16"
        case let .invalidURIPrefix(code):
            "URI identifier code \(hexByte(code)) is not defined (0x00-0x23 are)"
        case let .smartPosterURICount(count):
            "a Smart Poster needs exactly one URI record, it has \(count)"
        case let .invalidSmartPosterAction(action):
            "Smart Poster action \(hexByte(action)) is not defined (0 do, 1 save, 2 edit)"
        case let .invalidSmartPosterField(field):
            "invalid Smart Poster \(field) record"
        case let .unknownTLV(tag):
            "TLV tag \(hexByte(tag)) is not defined for NFC Forum Type 1 and 2 tags"
        case let .invalidTLVLength(length):
            "3-byte TLV length \(length) is invalid (0x00FF-0xFFFE)"
        case .noNDEFMessageTLV:
            "no NDEF Message TLV (03) in the data area"
        case let .messageTooLongForTLV(length):
            "a \(length)-byte message does not fit a TLV (at most 65534 bytes)"
        }
    }
}

/// "1 byte", "2 bytes".
private func bytes(_ count: Int) -> String {
    count == 1 ? "1 byte" : "\(count) bytes"
}
