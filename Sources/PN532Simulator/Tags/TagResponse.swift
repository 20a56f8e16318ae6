/// What a simulated tag answers to one command, and how much EEPROM writing it did.
public struct TagResponse: Equatable, Sendable {
    /// The kinds of answer a Type 2 tag gives.
    public enum Kind: Equatable, Sendable {
        /// Data bytes (CRC_A is added on the air, not here).
        case data([UInt8])
        /// The 4-bit ACK `A`.
        case ack
        /// A 4-bit NAK; see ``TagResponse/NAK`` for the values.
        case nak(UInt8)
        /// No answer at all: the reader times out.
        case silent
    }

    /// The 4-bit NAK values of NTAG21x and MIFARE Ultralight.
    public enum NAK {
        /// Invalid argument, e.g. a page address out of range, a locked or protected page.
        public static let invalidArgument: UInt8 = 0x0
        /// Parity or CRC error.
        public static let crcError: UInt8 = 0x1
        /// The password attempt limit (AUTHLIM) is reached.
        public static let authenticationLimitReached: UInt8 = 0x4
        /// EEPROM write error.
        public static let eepromWriteError: UInt8 = 0x5
    }

    /// The answer.
    public var kind: Kind
    /// EEPROM page writes the command caused (about 4.1 ms each on a real tag).
    public var pagesWritten: Int

    /// Creates a response.
    public init(kind: Kind, pagesWritten: Int = 0) {
        self.kind = kind
        self.pagesWritten = pagesWritten
    }

    /// A data answer.
    public static func data(_ bytes: [UInt8]) -> TagResponse {
        TagResponse(kind: .data(bytes))
    }

    /// A NAK with the given 4-bit value.
    public static func nak(_ value: UInt8) -> TagResponse {
        TagResponse(kind: .nak(value))
    }

    /// An ACK after `pagesWritten` EEPROM page writes.
    public static func ack(pagesWritten: Int = 0) -> TagResponse {
        TagResponse(kind: .ack, pagesWritten: pagesWritten)
    }

    /// No answer.
    public static let silent = TagResponse(kind: .silent)
}
