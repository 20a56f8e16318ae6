/// Type 1 command frames as they go on the air (without CRC): code, address, data, then
/// UID0–UID3, which the tag requires in every command but RID.
enum Type1Command {
    static let readIdentification: UInt8 = 0x78
    static let readAll: UInt8 = 0x00
    static let read: UInt8 = 0x01
    static let writeErase: UInt8 = 0x53
    static let writeNoErase: UInt8 = 0x1A
    static let readSegment: UInt8 = 0x10
    static let read8: UInt8 = 0x02
    static let writeErase8: UInt8 = 0x54
    static let writeNoErase8: UInt8 = 0x1B

    /// Bytes 0x00–0x77 (blocks 0–E) are reached by the 1-byte commands (ADD = block << 3 | byte).
    static let byteAddressable = 0..<0x78

    /// RID: `78 00 00 00 00 00 00`.
    static let rid: [UInt8] = [readIdentification, 0, 0, 0, 0, 0, 0]

    /// A 7-byte command: code, ADD (or 00), one data byte, UID0–UID3.
    static func short(_ code: UInt8, address: Int, data: UInt8 = 0, uid: [UInt8]) -> [UInt8] {
        [code, UInt8(truncatingIfNeeded: address), data] + uid
    }

    /// A 14-byte command: code, ADD8 or ADDS, eight data bytes, UID0–UID3.
    static func long(_ code: UInt8, address: Int, data: [UInt8] = [UInt8](repeating: 0, count: 8), uid: [UInt8]) -> [UInt8] {
        [code, UInt8(truncatingIfNeeded: address)] + data + uid
    }
}
