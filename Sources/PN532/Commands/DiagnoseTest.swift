/// A self test of the Diagnose command; the raw value is its NumTst byte.
public enum DiagnoseTest: UInt8, Hashable, Sendable, CaseIterable {
    /// Communication line test: the PN532 echoes the parameter bytes.
    case communicationLine = 0x00
    /// ROM checksum test.
    case rom = 0x01
    /// RAM test.
    case ram = 0x02
    /// Polling test to a FeliCa target; the parameter is the bit rate (01 212, 02 424 kbps).
    case polling = 0x04
    /// Echo back test: the PN532 then echoes every RF frame it receives and sends no reply.
    case echoBack = 0x05
    /// Attention request test, or ISO/IEC 14443-4 card presence detection.
    case cardPresence = 0x06
    /// Antenna self test; the parameter is the detection threshold.
    case antenna = 0x07
}
