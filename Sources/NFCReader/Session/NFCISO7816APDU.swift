/// A command APDU for an ISO 7816-4 card, as Core NFC's `NFCISO7816APDU`: `CLA INS P1 P2`,
/// then the data and the expected response length in the short form.
///
/// Only the short form is sent: at most 255 data bytes and 256 expected, and the whole
/// command within one reader frame (252 bytes on a PN532: one InDataExchange per APDU).
/// Longer commands are refused before anything is sent.
public struct NFCISO7816APDU: Hashable, Sendable {
    /// CLA.
    public var instructionClass: UInt8
    /// INS.
    public var instructionCode: UInt8
    /// P1.
    public var p1Parameter: UInt8
    /// P2.
    public var p2Parameter: UInt8
    /// The command data (Lc is its length); empty for none.
    public var data: [UInt8]
    /// Le: how many response bytes are expected, 1 … 256 (256 is sent as `00`), or -1 for
    /// no Le field.
    public var expectedResponseLength: Int

    /// An APDU from its fields.
    public init(
        instructionClass: UInt8, instructionCode: UInt8, p1Parameter: UInt8, p2Parameter: UInt8, data: [UInt8] = [],
        expectedResponseLength: Int
    ) {
        self.instructionClass = instructionClass
        self.instructionCode = instructionCode
        self.p1Parameter = p1Parameter
        self.p2Parameter = p2Parameter
        self.data = data
        self.expectedResponseLength = expectedResponseLength
    }

    /// The APDU's bytes in the short form; nil when it has none (more than 255 data bytes, or
    /// an expected length outside -1 and 1 … 256).
    public var bytes: [UInt8]? {
        guard data.count <= 255, expectedResponseLength == -1 || (1...256).contains(expectedResponseLength) else { return nil }
        var bytes = [instructionClass, instructionCode, p1Parameter, p2Parameter]
        if !data.isEmpty { bytes += [UInt8(data.count)] + data }
        if expectedResponseLength != -1 { bytes.append(UInt8(expectedResponseLength & 0xFF)) }
        return bytes
    }
}
