/// The Capability Container in page 3: `E1 10 SZ AC`.
public struct CapabilityContainer: Hashable, Sendable {
    /// The four bytes.
    public var bytes: [UInt8]

    /// The CC in `page` (4 bytes).
    public init(page: [UInt8]) {
        bytes = Array(page.prefix(4))
    }

    /// The CC a factory-formatted `product` carries: `E1 10 SZ 00`.
    public init(formatting product: Type2Product) {
        bytes = [0xE1, 0x10, product.capabilityContainerSize, 0x00]
    }

    /// True when byte 0 is the NDEF magic number E1.
    public var hasNDEFMagic: Bool { bytes.count == 4 && bytes[0] == 0xE1 }
    /// The mapping version's major number (1 for every tag this layer writes).
    public var majorVersion: UInt8 { bytes.count == 4 ? bytes[1] >> 4 : 0 }
    /// The data area's size in bytes: SZ × 8.
    public var dataAreaSize: Int { bytes.count == 4 ? Int(bytes[2]) * 8 : 0 }
    /// The read access nibble: 0 = read without security.
    public var readAccess: UInt8 { bytes.count == 4 ? bytes[3] >> 4 : 0xF }
    /// The write access nibble: 0 = write without security, F = read-only.
    public var writeAccess: UInt8 { bytes.count == 4 ? bytes[3] & 0x0F : 0xF }

    /// True when the tag is formatted for NDEF in a version this layer reads.
    public var supportsNDEF: Bool { hasNDEFMagic && majorVersion == 1 && readAccess == 0 }
    /// True when the CC allows writing.
    public var allowsWriting: Bool { writeAccess == 0 }
}
