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

    /// The answer to a native command (`60`, `AF`…) or an ISO 7816-4 APDU: CLA `90` wraps a
    /// native command (`90 INS 00 00 [Lc data] 00`, answered data + `91 status`); CLA `00`
    /// SELECT is answered `6A 82` (no such application or file) and other instructions `6D 00`.
    mutating func desfireAnswer(_ apdu: [UInt8]) -> [UInt8] {
        if apdu.count >= 4, apdu[0] == 0x00 {
            versionPart = nil
            return apdu[1] == 0xA4 ? [0x6A, 0x82] : [0x6D, 0x00]
        }
        if let wrapped = Self.unwrapped(apdu) { return Self.wrapped(desfireNative(wrapped)) }
        return desfireNative(apdu)
    }

    /// The native command a CLA `90` APDU wraps (`90 INS 00 00 [Lc data] 00` → `INS data`);
    /// nil for another APDU. Data the APDU is too short to hold is left out.
    static func unwrapped(_ apdu: [UInt8]) -> [UInt8]? {
        guard apdu.count >= 5, apdu[0] == 0x90 else { return nil }
        let length = Int(apdu[4])
        let data = apdu.count >= 5 + length ? Array(apdu[5..<5 + length]) : []
        return [apdu[1]] + data
    }

    /// A native answer (status byte, then data) as a wrapped one: data, then `91 status`.
    static func wrapped(_ native: [UInt8]) -> [UInt8] {
        Array(native.dropFirst()) + [0x91, native.first ?? DESFireStatus.lengthError]
    }

    /// A native command: status byte, then data.
    private mutating func desfireNative(_ command: [UInt8]) -> [UInt8] {
        if let answer = versionAnswer(command) { return answer }
        switch command.first {
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

    /// The native answer (status byte, then data) to GetVersion (`60`) and to the `AF`s that
    /// ask for its parts 2 and 3 (``TagProduct/nxpVersion``); nil for another command, which
    /// ends a GetVersion under way.
    mutating func versionAnswer(_ command: [UInt8]) -> [UInt8]? {
        let step = versionPart
        versionPart = nil
        guard let version = product.nxpVersion else { return nil }
        switch command.first {
        case 0x60 where command.count == 1:
            versionPart = 1
            return [DESFireStatus.additionalFrame] + version.hardware
        case 0xAF where step == 1 && command.count == 1:
            versionPart = 2
            return [DESFireStatus.additionalFrame] + version.software
        case 0xAF where step == 2 && command.count == 1:
            return [DESFireStatus.ok] + identifier + product.productionData
        default:
            return nil
        }
    }

    /// The GetVersion part the next `AF` asks for.
    var versionPart: Int? {
        get { session.versionPart }
        set { session.versionPart = newValue }
    }
}
