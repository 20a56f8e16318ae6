/// The Jewel commands a PN532's firmware does not pass through InDataExchange, and the CIU
/// register writes that send them instead (reference §1.3, after nfcpy's pn532.py): READ8,
/// WRITE-E8 and WRITE-NE8 (not implemented by the firmware) and RSEG of a segment other than
/// 0 (refused), which is sent as the 16 READ8 of its blocks.
///
/// The host appends CRC_B, sends the code alone as a 7-bit short frame and each further byte
/// as a frame of its own with parity off, then starts Receive: the answer comes into the FIFO
/// with each byte's parity bit after it (``JewelFIFOStream``).
public enum JewelCIUBypass {
    /// CIU_Command: 04 Transmit, 07 NoCmdChange, 08 Receive, 00 Idle.
    static let command: UInt16 = 0x6331
    /// CIU_FIFOData.
    static let fifoData: UInt16 = 0x6339
    /// CIU_FIFOLevel: bit 7 written flushes the FIFO.
    static let fifoLevel: UInt16 = 0x633A

    static let transmit: UInt8 = 0x04
    static let noCommandChange: UInt8 = 0x07
    static let receive: UInt8 = 0x08
    static let idle: UInt8 = 0x00

    static let readSegment: UInt8 = 0x10
    static let read8: UInt8 = 0x02
    static let writeErase8: UInt8 = 0x54
    static let writeNoErase8: UInt8 = 0x1B

    /// A 14-byte command (code, ADD8, 8 bytes, UID0–UID3) without CRC.
    static let longCommandLength = 14
    /// The answer to READ8, WRITE-E8 and WRITE-NE8: ADD8 and 8 bytes, without CRC.
    static let answerLength = 9

    /// How long a write takes before the FIFO is worth reading: 6 ms after WRITE-E8 and 3 ms
    /// after WRITE-NE8, nfcpy's waits (reference §1.2); none after READ8. FIFOLevel is read
    /// until the answer is there anyway.
    static func answerWait(code: UInt8) -> Duration {
        switch code {
        case writeErase8: .milliseconds(6)
        case writeNoErase8: .milliseconds(3)
        default: .zero
        }
    }

    /// True when the firmware does not pass `command` (code first) through InDataExchange.
    public static func isRefusedByFirmware(_ command: [UInt8]) -> Bool {
        guard let code = command.first else { return false }
        if code == readSegment { return command.count > 1 && command[1] >> 4 != 0 }
        return [read8, writeErase8, writeNoErase8].contains(code)
    }

    /// `command` as the tag takes it: 14 bytes, ending with UID0–UID3. A shorter one (code and
    /// arguments, as libnfc gives them) is padded and given `uid`'s first 4 bytes, as the
    /// firmware does; nil when that cannot be done.
    static func completed(_ command: [UInt8], uid: [UInt8]?) -> [UInt8]? {
        if command.count == longCommandLength { return command }
        guard command.count <= longCommandLength - 4, let uid, uid.count >= 4 else { return nil }
        return command + [UInt8](repeating: 0, count: longCommandLength - 4 - command.count) + uid.prefix(4)
    }

    /// The CIU registers the bypass changes, as they were before it.
    struct Baseline {
        /// CIU_ManualRCV, parity on.
        var manualReceive: UInt8
        /// CIU_TxMode, CRC on.
        var transmitMode: UInt8
        /// CIU_RxMode, CRC on.
        var receiveMode: UInt8

        /// The registers to read: ManualRCV, TxMode, RxMode.
        static let registers = [OwnedRegister.parity, .transmitCRC, .receiveCRC]

        /// The baseline from the values of `registers` in order (a missing one taken as
        /// reset), the bits the session owns put right.
        init(_ values: [UInt8]) {
            let corrected = Self.registers.enumerated().map { index, register in
                register.corrected(index < values.count ? values[index] : register.expected)
            }
            (manualReceive, transmitMode, receiveMode) = (corrected[0], corrected[1], corrected[2])
        }

        /// The writes that put the registers back, with BitFraming at 00 and the CIU idle.
        var restoringWrites: [(address: UInt16, value: UInt8)] {
            [
                (OwnedRegister.parity.address, manualReceive), (OwnedRegister.bitFraming.address, 0x00),
                (OwnedRegister.transmitCRC.address, transmitMode), (OwnedRegister.receiveCRC.address, receiveMode),
                (command, idle),
            ]
        }
    }

    /// One WriteRegister that sends `frame` (command and CRC_B) and starts Receive: the FIFO
    /// flushed and CRC off both ways; the code as a 7-bit frame (BitFraming 07); then parity
    /// off (ManualRCV bit 4) and each further byte as a frame of its own (Transmit, then
    /// NoCmdChange); then Receive.
    static func sendingWrites(_ frame: [UInt8], baseline: Baseline) -> [(address: UInt16, value: UInt8)] {
        guard let code = frame.first else { return [] }
        var writes: [(address: UInt16, value: UInt8)] = [
            (fifoLevel, 0x80), (OwnedRegister.transmitCRC.address, baseline.transmitMode & 0x7F),
            (OwnedRegister.receiveCRC.address, baseline.receiveMode & 0x7F),
            (fifoData, code), (OwnedRegister.bitFraming.address, 0x07), (command, transmit), (OwnedRegister.bitFraming.address, 0x00),
            (OwnedRegister.parity.address, baseline.manualReceive | 0x10),
        ]
        for byte in frame.dropFirst() {
            writes += [(fifoData, byte), (command, transmit), (command, noCommandChange)]
        }
        writes.append((command, receive))
        return writes
    }
}
