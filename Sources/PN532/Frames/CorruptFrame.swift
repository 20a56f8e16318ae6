import Basics
import NFCCore
/// Bytes that started like a frame (a `00 FF` start code) but are not a valid one.
///
/// The host answers a corrupt response with a NACK so that the PN532 sends it again.
public struct CorruptFrame: Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var reason: Reason
    /// The bytes examined, from the start code on, for traces.
    public var bytes: [UInt8]

    /// Creates a report of corrupt bytes.
    public init(reason: Reason, bytes: [UInt8]) {
        self.reason = reason
        self.bytes = bytes
    }

    /// The ways a frame can be corrupt.
    public enum Reason: Hashable, Sendable {
        /// The length and its checksum (LCS) do not sum to zero.
        case lengthChecksumMismatch
        /// The frame identifier, data and data checksum (DCS) do not sum to zero.
        case dataChecksumMismatch
        /// A length of zero: there is not even a frame identifier (TFI).
        case zeroLength
        /// An extended frame claims more than the PN532's limit of 265 bytes (TFI and data).
        case lengthExceedsLimit(Int)
        /// The frame identifier is neither `D4`, `D5`, nor `7F` of the syntax error frame.
        case unknownFrameIdentifier(UInt8)
        /// The byte after the data checksum is not the `00` postamble: a byte of the frame was
        /// lost or added, even if the checksum happens to hold (a dropped `00` shifts the old
        /// checksum into the data and the postamble into its place, and the sum stays right).
        case missingPostamble(UInt8)
    }

    public var description: String {
        "corrupt frame (\(reason)): \(hexText(bytes))"
    }
}

extension CorruptFrame.Reason: CustomStringConvertible {
    public var description: String {
        switch self {
        case .lengthChecksumMismatch:
            "length checksum (LCS) mismatch"
        case .dataChecksumMismatch:
            "data checksum (DCS) mismatch"
        case .zeroLength:
            "zero length"
        case let .lengthExceedsLimit(length):
            "length \(length) exceeds the limit of \(Frame.maximumPayloadCount + 1)"
        case let .missingPostamble(byte):
            "\(hexByte(byte)) where the 00 postamble belongs"
        case let .unknownFrameIdentifier(identifier):
            "unknown frame identifier (TFI) \(hexByte(identifier))"
        }
    }
}
