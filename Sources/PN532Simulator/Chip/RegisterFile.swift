/// The PN532's registers as ReadRegister and WriteRegister see them: the CIU registers at
/// 0x6301-0x633F and SFRs at 0xFFxx. The ones that change what the simulated chip does are
/// named; the others keep what was written, starting from their reset values.
struct RegisterFile {
    /// CIU_TxMode: bit 7 TxCRCEn, the chip appends CRC_A to what it sends.
    static let transmitMode: UInt16 = 0x6302
    /// CIU_RxMode: bit 7 RxCRCEn, the chip checks and removes CRC_A from what it receives.
    static let receiveMode: UInt16 = 0x6303
    /// CIU_TxControl: bits 0-1 drive the antenna (the RF field).
    static let transmitControl: UInt16 = 0x6304
    /// CIU_ManualRCV: bit 4 ParityDisable.
    static let manualReceive: UInt16 = 0x630D
    /// CIU_Status2: bit 3 MFCrypto1On.
    static let status2: UInt16 = 0x6338
    /// CIU_BitFraming: bits 0-2 TxLastBits, 4-6 RxAlign.
    static let bitFraming: UInt16 = 0x633D

    private var values: [UInt16: UInt8] = RegisterFile.resetValues

    /// The values after a reset: the CIU's own reset values (the PN512 family's CIU register
    /// map, which the PN532 shares), with TxMode and RxMode at 0x80 (CRC on) as the firmware
    /// leaves them (UM0701 §8.6).
    private static let resetValues: [UInt16: UInt8] = [
        0x6301: 0x3F, 0x6302: 0x80, 0x6303: 0x80, 0x6304: 0x80, 0x6305: 0x00, 0x6306: 0x10,
        0x6307: 0x84, 0x6308: 0x84, 0x6309: 0x4D, 0x630A: 0x00, 0x630B: 0x00, 0x630C: 0x62,
        0x630D: 0x00, 0x630E: 0x00, 0x6311: 0xFF, 0x6312: 0xFF, 0x6313: 0x88, 0x6314: 0x26,
        0x6315: 0x87, 0x6316: 0x48, 0x6317: 0x88, 0x6318: 0x20, 0x6319: 0x20, 0x6331: 0x20,
        0x6332: 0x80, 0x6333: 0x00, 0x6334: 0x14, 0x6335: 0x00, 0x6336: 0x00, 0x6337: 0x21,
        0x6338: 0x00, 0x6339: 0x00, 0x633A: 0x00, 0x633B: 0x08, 0x633C: 0x10, 0x633D: 0x00,
        0x633E: 0x80, 0x633F: 0x00,
    ]

    subscript(address: UInt16) -> UInt8 {
        get { values[address] ?? 0 }
        set { values[address] = newValue }
    }

    /// True when the chip adds CRC_A to InCommunicateThru data it sends.
    var transmitsCRC: Bool { self[Self.transmitMode] & 0x80 != 0 }
    /// True when the chip checks and strips CRC_A from what a tag answers.
    var receivesCRC: Bool { self[Self.receiveMode] & 0x80 != 0 }
    /// True when frames carry parity bits (ParityDisable clear).
    var usesParity: Bool { self[Self.manualReceive] & 0x10 == 0 }
    /// True when MIFARE Classic encryption is on (a Type 2 tag understands nothing).
    var encrypts: Bool { self[Self.status2] & 0x08 != 0 }
    /// True when the last byte sent or the first received is not a whole byte.
    var framesBits: Bool { self[Self.bitFraming] & 0x77 != 0 }

    /// Back to the reset values.
    mutating func reset() {
        values = Self.resetValues
    }
}
