/// Four access conditions, one nibble each: a key number 0 … 4 (13 on DESFire), `E` free,
/// `F` never. Sent as two bytes LSB first ([DS] §8.2.3.3).
public struct EV2AccessRights: Hashable, Sendable {
    /// The 16-bit value: bits 15..12, 11..8, 7..4, 3..0.
    public var rawValue: UInt16

    /// The access rights `rawValue`.
    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// The access rights of the two bytes a command carries (LSB first).
    public init(bytes low: UInt8, _ high: UInt8) {
        rawValue = UInt16(high) << 8 | UInt16(low)
    }

    /// The two bytes, LSB first.
    public var bytes: [UInt8] { [UInt8(rawValue & 0xFF), UInt8(rawValue >> 8)] }

    /// The nibble at bits `shift + 3 … shift`.
    public func nibble(at shift: Int) -> UInt8 {
        UInt8((rawValue >> UInt16(shift)) & 0x0F)
    }

    /// A free access condition: no key needed.
    public static let free: UInt8 = 0x0E
    /// An access condition no key grants.
    public static let never: UInt8 = 0x0F
}

extension EV2AccessRights {
    /// A file's rights: read, write, read-and-write, change (each a key, `E` or `F`).
    public init(read: UInt8, write: UInt8, readWrite: UInt8, change: UInt8) {
        rawValue = UInt16(read & 0x0F) << 12 | UInt16(write & 0x0F) << 8 | UInt16(readWrite & 0x0F) << 4 | UInt16(change & 0x0F)
    }

    /// The read condition (bits 15..12) of a file's rights.
    public var read: UInt8 { nibble(at: 12) }
    /// The write condition (bits 11..8).
    public var write: UInt8 { nibble(at: 8) }
    /// The read-and-write condition (bits 7..4).
    public var readWrite: UInt8 { nibble(at: 4) }
    /// The change condition (bits 3..0): who may change the file's settings.
    public var change: UInt8 { nibble(at: 0) }
}
