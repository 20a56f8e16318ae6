/// What the simulated NXP ISO-DEP cards answer to GetVersion (`60`, `AF`, `AF`).
extension TagProduct {
    /// Parts 1 (hardware) and 2 (software) of GetVersion, 7 bytes each: vendor, type,
    /// subtype, major and minor version, storage size, protocol; nil for a card that does not
    /// know the command.
    ///
    /// - DESFire EV1 4 KB: `04 01 01 01 00 18 05` and `04 01 01 01 04 18 05`.
    /// - DESFire EV2 8 KB: `04 01 01 12 00 1A 05` and `04 01 01 02 01 1A 05` (hardware major
    ///   12, software 2.1, as a proxmark3 dump of a real card shows them); EV3 8 KB:
    ///   `04 01 01 33 00 1A 05` and `04 01 01 03 00 1A 05` (hardware major 33; the software
    ///   part is not checked against a real card).
    /// - NTAG 424 DNA (its data sheet, §10.5.2): `04 04 02 30 00 11 05` and
    ///   `04 04 02 01 02 11 05`.
    var nxpVersion: (hardware: [UInt8], software: [UInt8])? {
        switch self {
        case .desfire, .desfireNDEF, .desfireKeyed: ([0x04, 0x01, 0x01, 0x01, 0x00, 0x18, 0x05], [0x04, 0x01, 0x01, 0x01, 0x04, 0x18, 0x05])
        case .desfireEV2: ([0x04, 0x01, 0x01, 0x12, 0x00, 0x1A, 0x05], [0x04, 0x01, 0x01, 0x02, 0x01, 0x1A, 0x05])
        case .desfireEV3: ([0x04, 0x01, 0x01, 0x33, 0x00, 0x1A, 0x05], [0x04, 0x01, 0x01, 0x03, 0x00, 0x1A, 0x05])
        case .ntag424: ([0x04, 0x04, 0x02, 0x30, 0x00, 0x11, 0x05], [0x04, 0x04, 0x02, 0x01, 0x02, 0x11, 0x05])
        default: nil
        }
    }

    /// Part 3 after the UID: batch number, production week and year (7 bytes, so that the
    /// part is 14).
    var productionData: [UInt8] {
        self == .ntag424 ? [0xCF, 0x39, 0xA1, 0x4C, 0x30, 0x37, 0x21] : [0xBA, 0x7C, 0x40, 0x00, 0x01, 0x30, 0x19]
    }
}
