/// The PN532's registers as ReadRegister and WriteRegister see them: CIU registers at
/// 0x6301-0x633F and SFRs at 0xFFxx. Only the ones that change the simulator's behaviour have
/// meaning here; others keep what was written.
struct RegisterFile {
    /// CIU_TxMode: bit 7 on = the chip appends CRC_A to what it sends (InCommunicateThru).
    static let transmitMode: UInt16 = 0x6302
    /// CIU_RxMode: bit 7 on = the chip checks and removes CRC_A from what it receives.
    static let receiveMode: UInt16 = 0x6303

    private var values: [UInt16: UInt8] = RegisterFile.resetValues

    /// The values after a reset (UM0701 §8.6: TxMode and RxMode 0x80, CRC on).
    private static let resetValues: [UInt16: UInt8] = [
        0x6301: 0x3F, 0x6302: 0x80, 0x6303: 0x80, 0x6304: 0x00, 0x6305: 0x00, 0x6306: 0x00,
        0x6307: 0x00, 0x6308: 0x00, 0x6309: 0x00, 0x630A: 0x00, 0x630B: 0x00, 0x630C: 0x00,
        0x630D: 0x00, 0x6331: 0x00, 0x6332: 0x00, 0x6333: 0x00, 0x6334: 0x00, 0x6335: 0x00,
        0x6336: 0x00, 0x6337: 0x00, 0x6338: 0x00, 0x6339: 0x00, 0x633A: 0x00, 0x633B: 0x00,
        0x633C: 0x10, 0x633D: 0x00, 0x633E: 0x00, 0x633F: 0x00,
    ]

    subscript(address: UInt16) -> UInt8 {
        get { values[address] ?? 0 }
        set { values[address] = newValue }
    }

    /// True when the chip adds CRC_A to InCommunicateThru data it sends.
    var transmitsCRC: Bool { self[Self.transmitMode] & 0x80 != 0 }
    /// True when the chip checks and strips CRC_A from what a tag answers.
    var receivesCRC: Bool { self[Self.receiveMode] & 0x80 != 0 }

    /// Back to the reset values.
    mutating func reset() {
        values = Self.resetValues
    }
}
