/// A factory-fresh MIFARE DESFire EV1 (4 KB): the PICC level only, no applications, so no
/// NDEF application either.
extension SimulatedTag {
    /// Native status codes (the first byte of a native answer, `91 xx` when wrapped).
    enum DESFireStatus {
        static let ok: UInt8 = 0x00
        static let additionalFrame: UInt8 = 0xAF
        static let illegalCommand: UInt8 = 0x1C
        static let lengthError: UInt8 = 0x7E
        static let applicationNotFound: UInt8 = 0xA0
    }

    /// GetVersion part 1 (hardware: NXP, DESFire, EV1 1.0, 4 KB, ISO 14443-2 and -3) and part
    /// 2 (software, the same figures).
    static let desfireHardwareVersion: [UInt8] = [0x04, 0x01, 0x01, 0x01, 0x00, 0x18, 0x05]
    static let desfireSoftwareVersion: [UInt8] = [0x04, 0x01, 0x01, 0x01, 0x04, 0x18, 0x05]

    /// The answer to a native command (`60`, `AF`…) or an ISO 7816-4 APDU: CLA `90` wraps a
    /// native command (`90 INS 00 00 [Lc data] 00`, answered data + `91 status`); CLA `00`
    /// SELECT is answered `6A 82` (no such application or file) and other instructions `6D 00`.
    mutating func desfireAnswer(_ apdu: [UInt8]) -> [UInt8] {
        if apdu.count >= 4, apdu[0] == 0x00 {
            versionPart = nil
            return apdu[1] == 0xA4 ? [0x6A, 0x82] : [0x6D, 0x00]
        }
        if apdu.count >= 5, apdu[0] == 0x90 {
            let length = Int(apdu[4])
            let data = apdu.count >= 5 + length ? Array(apdu[5..<5 + length]) : []
            let native = desfireNative([apdu[1]] + data)
            return Array(native.dropFirst()) + [0x91, native.first ?? DESFireStatus.lengthError]
        }
        return desfireNative(apdu)
    }

    /// A native command: status byte, then data.
    private mutating func desfireNative(_ command: [UInt8]) -> [UInt8] {
        let code = command.first
        let step = versionPart
        versionPart = nil
        switch code {
        case 0x60 where command.count == 1:
            versionPart = 1
            return [DESFireStatus.additionalFrame] + Self.desfireHardwareVersion
        case 0xAF where step == 1:
            versionPart = 2
            return [DESFireStatus.additionalFrame] + Self.desfireSoftwareVersion
        case 0xAF where step == 2:
            let production: [UInt8] = [0xBA, 0x7C, 0x40, 0x00, 0x01, 0x30, 0x19]
            return [DESFireStatus.ok] + identifier + production
        case 0x6A where command.count == 1:
            return [DESFireStatus.ok]
        case 0x5A where command.count == 4:
            return [command[1...] == [0, 0, 0] ? DESFireStatus.ok : DESFireStatus.applicationNotFound]
        case 0x60, 0x6A, 0x5A:
            return [DESFireStatus.lengthError]
        default:
            return [DESFireStatus.illegalCommand]
        }
    }

    /// The GetVersion part the next `AF` asks for.
    private var versionPart: Int? {
        get { session.versionPart }
        set { session.versionPart = newValue }
    }
}
