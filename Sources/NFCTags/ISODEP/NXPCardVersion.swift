import ISO7816

/// What an NXP ISO-DEP card (MIFARE DESFire, DESFire Light, NTAG 424 DNA) answers to its
/// native GetVersion (`60`, then `AF` twice): the hardware part, the software part, and the
/// production part (UID, batch number, production week and year).
///
/// The bytes come from the card: ``init(answers:)`` checks every answer's status word and
/// length before it keeps a byte.
public struct NXPCardVersion: Hashable, Sendable {
    /// Part 1: the chip (`04 04 02 30 00 11 05` for an NTAG 424 DNA).
    public var hardware: Part
    /// Part 2: the operating system (`04 04 02 01 02 11 05` for an NTAG 424 DNA).
    public var software: Part
    /// Part 3, as received: UID (7 bytes), batch number, production week and year; an NTAG
    /// 424 DNA may append one byte (FabKeyID).
    public var production: [UInt8]

    /// One part of seven bytes: vendor, type, subtype, major and minor version, storage size,
    /// protocol.
    public struct Part: Hashable, Sendable {
        /// The seven bytes as received.
        public let bytes: [UInt8]

        /// The bytes of a part; nil unless there are exactly ``length``.
        public init?(_ bytes: [UInt8]) {
            guard bytes.count == Self.length else { return nil }
            self.bytes = bytes
        }

        /// The length of a hardware or software part.
        public static let length = 7

        /// The vendor: `04` is NXP.
        public var vendor: UInt8 { bytes[0] }
        /// The product type: `01` DESFire, `04` NTAG, `08` DESFire Light.
        public var type: UInt8 { bytes[1] }
        /// The subtype (NTAG 424 DNA: `02`, 50 pF input capacitance).
        public var subtype: UInt8 { bytes[2] }
        /// The major version (DESFire: `01` EV1, `12` EV2, `33` EV3).
        public var majorVersion: UInt8 { bytes[3] }
        /// The minor version.
        public var minorVersion: UInt8 { bytes[4] }
        /// The storage size code: 2^(n/2) bytes, the next power of two above when bit 0 is set.
        public var storageSize: UInt8 { bytes[5] }
        /// The communication protocol (`05`: ISO/IEC 14443-2 and -3).
        public var protocolType: UInt8 { bytes[6] }
    }

    /// The lengths part 3 may have: 14 bytes, 15 with an NTAG 424 DNA's FabKeyID.
    public static let productionLengths = 14...15

    /// The UID the card reports in part 3 (all zero when it uses a random ID).
    public var uid: [UInt8] { Array(production.prefix(7)) }

    /// All the bytes: hardware ‖ software ‖ production.
    public var bytes: [UInt8] { hardware.bytes + software.bytes + production }

    /// Decodes the three wrapped answers (each `data ‖ 91 xx`): parts 1 and 2 must end with
    /// `91 AF` (more to come), part 3 with `91 00`.
    ///
    /// - Throws: the first answer that is not one of these (see ``NXPCardVersionError``).
    public init(answers: [[UInt8]]) throws(NXPCardVersionError) {
        guard answers.count == 3 else { throw .answerCount(answers.count) }
        self.init(
            hardware: try Self.part(1, of: answers[0]),
            software: try Self.part(2, of: answers[1]),
            production: try Self.production(answers[2]))
    }

    /// A version from its decoded parts.
    public init(hardware: Part, software: Part, production: [UInt8]) {
        self.hardware = hardware
        self.software = software
        self.production = production
    }

    /// Part 1 or 2 from its wrapped answer: 7 bytes of data, then `91 AF`.
    static func part(_ number: Int, of answer: [UInt8]) throws(NXPCardVersionError) -> Part {
        let data = try data(of: answer, part: number, expecting: additionalFrame)
        guard let part = Part(data) else { throw .length(part: number, count: data.count) }
        return part
    }

    /// Part 3 from its wrapped answer: 14 or 15 bytes of data, then `91 00`.
    static func production(_ answer: [UInt8]) throws(NXPCardVersionError) -> [UInt8] {
        let data = try data(of: answer, part: 3, expecting: success)
        guard productionLengths.contains(data.count) else { throw .length(part: 3, count: data.count) }
        return data
    }

    /// The data of one wrapped answer whose status word must be `status`.
    private static func data(of answer: [UInt8], part: Int, expecting status: UInt16) throws(NXPCardVersionError) -> [UInt8] {
        guard let response = try? ResponseAPDU(bytes: answer) else { throw .noStatus(part: part) }
        guard response.status.rawValue == status else { throw .status(part: part, response.status.rawValue) }
        return response.data
    }

    /// `91 AF`: the wrapped native status "additional frame".
    static let additionalFrame: UInt16 = 0x91AF
    /// `91 00`: the wrapped native status "operation OK".
    static let success: UInt16 = 0x9100
}
