import Basics

/// A DESFire's GetVersion answer: the hardware and software parts (vendor, type, subtype,
/// major and minor version, storage size, protocol) and the third part (UID, batch number,
/// production week and year), each checked for its length.
public struct DESFireVersion: Hashable, Sendable {
    /// Part 1, 7 bytes: the hardware.
    public var hardware: [UInt8]
    /// Part 2, 7 bytes: the software.
    public var software: [UInt8]
    /// Part 3: UID, batch number, production week and year (14 bytes for a 7-byte UID).
    public var production: [UInt8]

    /// NXP's vendor byte.
    public static let nxpVendor: UInt8 = 0x04
    /// The hardware type of a MIFARE DESFire.
    public static let desfireType: UInt8 = 0x01

    /// Decodes the three answer frames.
    ///
    /// - Throws: `.malformedAnswer` when there are not three frames, the first two are not 7
    ///   bytes each, or the third is not 7 to 14 bytes.
    public init(frames: [[UInt8]], step: String = "GetVersion") throws(DESFireError) {
        guard frames.count == 3 else { throw .malformedAnswer("\(frames.count) frames, 3 expected", step: step) }
        guard frames[0].count == 7, frames[1].count == 7 else {
            throw .malformedAnswer("parts of \(frames[0].count) and \(frames[1].count) bytes, 7 each expected", step: step)
        }
        guard (7...14).contains(frames[2].count) else { throw .malformedAnswer("a third part of \(frames[2].count) bytes, 7 to 14 expected", step: step) }
        hardware = frames[0]
        software = frames[1]
        production = frames[2]
    }

    /// True for NXP's MIFARE DESFire (hardware vendor 04, type 01).
    public var isDESFire: Bool { hardware[0] == Self.nxpVendor && hardware[1] == Self.desfireType }

    /// The hardware major version: 00 MF3ICD40 (EV0), 01 EV1, 12 EV2, 22 EV2 XL, 33 EV3.
    public var majorVersion: UInt8 { hardware[3] }

    /// The storage size byte: the size is 2^(byte ≫ 1) bytes, or between that and twice it
    /// when bit 0 is set.
    public var storageByte: UInt8 { hardware[5] }

    /// The storage size the card announces, at least: 2^(storage byte ≫ 1) bytes, capped at
    /// 2^24 so that a hostile byte cannot overflow.
    public var storageSize: Int { 1 << min(Int(storageByte >> 1), 24) }
}
