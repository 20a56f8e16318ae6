/// The Capability Container of a Type 1 tag: bytes 8–11 (block 1), NMN, VNo, TMS and RWA.
public struct Type1CapabilityContainer: Hashable, Sendable {
    /// The NDEF magic number that marks a valid NDEF message.
    public static let ndefMagic: UInt8 = 0xE1
    /// The magic number of a tag whose NDEF write is in progress (or was torn).
    public static let invalidatedMagic: UInt8 = 0x00
    /// The byte offset of NMN in the tag's memory.
    public static let offset = 8

    /// NMN: `E1` for NDEF, `00` while a write is in progress.
    public var magic: UInt8
    /// VNo: major version in the high nibble (1 is supported), minor in the low.
    public var version: UInt8
    /// TMS: the tag's memory size is (TMS + 1) × 8 bytes.
    public var sizeByte: UInt8
    /// RWA: read access in the high nibble, write access in the low (0 free, F none).
    public var access: UInt8

    /// The CC from its four bytes (missing bytes read as 00).
    public init(_ bytes: some Collection<UInt8>) {
        let b = Array(bytes.prefix(4)) + [UInt8](repeating: 0, count: max(0, 4 - bytes.count))
        (magic, version, sizeByte, access) = (b[0], b[1], b[2], b[3])
    }

    /// The memory size the CC declares, in bytes: (TMS + 1) × 8, 8 to 2048.
    public var memorySize: Int { (Int(sizeByte) + 1) * 8 }
    /// True when the major version is 1, the one this layer reads.
    public var isSupportedVersion: Bool { version >> 4 == 1 }
    /// True when the read access nibble is 0.
    public var isReadable: Bool { access >> 4 == 0 }
    /// True when the write access nibble is 0.
    public var isWritable: Bool { access & 0x0F == 0 }
    /// True when NMN is 00: an NDEF write was started and not finished.
    public var isInvalidated: Bool { magic == Self.invalidatedMagic }

    /// The four bytes.
    public var bytes: [UInt8] { [magic, version, sizeByte, access] }
}
