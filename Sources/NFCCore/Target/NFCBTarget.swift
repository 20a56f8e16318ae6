/// An ISO/IEC 14443 Type B target: its answer to request (ATQB) and its answer to ATTRIB.
public struct NFCBTarget: Hashable, Sendable {
    /// The 12-byte ATQB: `50 PUPI(4) ApplicationData(4) ProtocolInfo(3)`.
    public var atqb: [UInt8]
    /// The answer to ATTRIB (`MBLI|CID` and higher-layer response), possibly empty.
    public var attribResponse: [UInt8]

    /// The length of an ATQB without its CRC.
    public static let atqbLength = 12

    /// Creates a target from its fields.
    public init(atqb: [UInt8], attribResponse: [UInt8]) {
        self.atqb = atqb
        self.attribResponse = attribResponse
    }

    /// The pseudo-unique PICC identifier: ATQB bytes 1 … 4 (empty for a short ATQB).
    public var pupi: [UInt8] {
        slice(1..<5)
    }

    /// The application data: ATQB bytes 5 … 8.
    public var applicationData: [UInt8] {
        slice(5..<9)
    }

    /// The protocol info: ATQB bytes 9 … 11.
    public var protocolInfo: [UInt8] {
        slice(9..<12)
    }

    private func slice(_ range: Range<Int>) -> [UInt8] {
        guard atqb.count >= range.upperBound else { return [] }
        return Array(atqb[range])
    }
}
