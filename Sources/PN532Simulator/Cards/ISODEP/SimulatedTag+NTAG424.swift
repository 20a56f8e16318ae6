/// An NTAG 424 DNA at the ISO/IEC 7816-4 level: GetVersion (wrapped in CLA `90`) with its data
/// sheet's bytes, and SELECT of the NDEF application. Files, authentication and secure
/// messaging are not simulated.
extension SimulatedTag {
    /// The NDEF application's name (ISO/IEC 7816-4 DF name): `D2 76 00 00 85 01 01`.
    static let ndefApplicationName: [UInt8] = [0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01]

    /// The answer to one APDU:
    /// - CLA `90`: a wrapped native command; GetVersion and its `AF`s are answered (data and
    ///   `91 AF`, then `91 00`), any other `91 1C` (illegal command).
    /// - CLA `00` SELECT by DF name (`00 A4 04 0C|00 Lc name [Le]`) of the NDEF application:
    ///   `90 00`; of another name, or by file identifier: `6A 82` (not found).
    /// - Other CLA `00` instructions: `6D 00` (not simulated); other classes `6E 00`.
    mutating func ntag424Answer(_ apdu: [UInt8]) -> [UInt8] {
        if let native = Self.unwrapped(apdu) {
            return Self.wrapped(versionAnswer(native) ?? [DESFireStatus.illegalCommand])
        }
        versionPart = nil
        guard apdu.count >= 4, apdu[0] == 0x00 else { return [0x6E, 0x00] }
        guard apdu[1] == 0xA4 else { return [0x6D, 0x00] }
        return Self.selectsNDEFApplication(apdu) ? [0x90, 0x00] : [0x6A, 0x82]
    }

    /// True for `00 A4 04 xx 07 D2 76 00 00 85 01 01 [Le]`.
    private static func selectsNDEFApplication(_ apdu: [UInt8]) -> Bool {
        guard apdu.count >= 5, apdu[2] == 0x04, Int(apdu[4]) == ndefApplicationName.count else { return false }
        let end = 5 + ndefApplicationName.count
        guard apdu.count == end || apdu.count == end + 1 else { return false }
        return Array(apdu[5..<end]) == ndefApplicationName
    }
}
