/// A CIU register bit field the driver relies on, with the value it must hold (UM0701 §8.6,
/// the CIU register map). Another host, or a process that crashed, may leave any of them
/// changed: libnfc and nfcpy switch CRC and parity off around raw frames, send 7-bit frames
/// through BitFraming and leave MIFARE Crypto1 on.
public struct OwnedRegister: Hashable, Sendable {
    /// The register's address.
    public var address: UInt16
    /// The bits the driver owns.
    public var mask: UInt8
    /// Their value after reset, which the driver relies on.
    public var expected: UInt8
    /// What is off when they differ, for the note to the user.
    public var problem: String

    /// A register field.
    public init(address: UInt16, mask: UInt8, expected: UInt8, problem: String) {
        self.address = address
        self.mask = mask
        self.expected = expected
        self.problem = problem
    }

    /// CIU_TxMode bit 7, TxCRCEn: the chip appends CRC_A to what it sends.
    public static let transmitCRC = OwnedRegister(address: 0x6302, mask: 0x80, expected: 0x80, problem: "CRC off for sent frames (CIU_TxMode)")
    /// CIU_RxMode bit 7, RxCRCEn: the chip checks and removes CRC_A from what it receives.
    public static let receiveCRC = OwnedRegister(address: 0x6303, mask: 0x80, expected: 0x80, problem: "CRC off for received frames (CIU_RxMode)")
    /// CIU_ManualRCV bit 4, ParityDisable: parity generated and checked.
    public static let parity = OwnedRegister(address: 0x630D, mask: 0x10, expected: 0x00, problem: "parity off (CIU_ManualRCV)")
    /// CIU_Status2 bit 3, MFCrypto1On: MIFARE Classic encryption off.
    public static let crypto1 = OwnedRegister(address: 0x6338, mask: 0x08, expected: 0x00, problem: "MIFARE Crypto1 on (CIU_Status2)")
    /// CIU_BitFraming bits 0-2, TxLastBits, and 4-6, RxAlign: whole bytes both ways.
    public static let bitFraming = OwnedRegister(address: 0x633D, mask: 0x77, expected: 0x00, problem: "bit-oriented framing (CIU_BitFraming)")

    /// Every register field start-up checks, in one ReadRegister.
    public static let all: [OwnedRegister] = [transmitCRC, receiveCRC, parity, crypto1, bitFraming]

    /// CIU_TxControl: bits 0-1 (Tx1RFEn, Tx2RFEn) are set while the RF field is on.
    public static let transmitControl: UInt16 = 0x6304

    /// `value` with the owned bits set as expected, the others kept.
    public func corrected(_ value: UInt8) -> UInt8 {
        value & ~mask | expected
    }

    /// True when `value` holds the expected bits.
    public func holds(_ value: UInt8) -> Bool {
        value & mask == expected
    }
}
