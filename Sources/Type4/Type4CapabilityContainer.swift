import Basics

/// The Capability Container file (E103) of an NFC Forum Type 4 tag, decoded from the card's
/// bytes: `CCLEN(2) version MLe(2) MLc(2)` and the NDEF file's control TLV, `04 06 FID(2)
/// size(2) read write` (mapping 2.0) or `06 08 FID(2) size(4) read write` (ENDEF, mapping 3.0).
///
/// Every value comes from the card and is checked: a CCLEN shorter than its own fields or
/// longer than the bytes read, MLe under 15 or MLc 0, a version this layer does not read, an
/// NDEF file the CC cannot name (E102, E103, 0000, 3F00, 3FFF, FFFF), whose size cannot even
/// hold its length field or is beyond 7FFF in a mapping 2.0 TLV is refused with the reason.
public struct Type4CapabilityContainer: Hashable, Sendable {
    /// CCLEN: the CC's length as the card states it.
    public var length: Int
    /// The mapping version byte: major version in the high nibble (`20` = 2.0, `30` = 3.0).
    public var version: UInt8
    /// MLe: the most bytes one READ BINARY returns.
    public var maximumReadLength: Int
    /// MLc: the most bytes one UPDATE BINARY takes.
    public var maximumUpdateLength: Int
    /// The NDEF file's identifier.
    public var fileID: UInt16
    /// The NDEF file's size in bytes, its length field included.
    public var fileSize: Int
    /// Read access: `00` free; anything else needs a key this layer does not have.
    public var readAccess: UInt8
    /// Write access: `00` free, `FF` never (read-only); others need a key.
    public var writeAccess: UInt8
    /// The length field's size in bytes: 2 (NLEN) with TLV `04`, 4 (ENLEN) with TLV `06`.
    public var lengthFieldSize: Int

    /// The fewest bytes a CC has: CCLEN to the end of a mapping 2.0 NDEF file control TLV.
    public static let minimumLength = 15
    /// The bytes this layer reads of the CC: up to the end of an ENDEF control TLV.
    public static let readLength = 17
    /// The largest NDEF file the NDEF file control TLV (`04 06`) may announce.
    public static let mapping2SizeLimit = 0x7FFF
    /// The smallest MLe the NFC Forum allows.
    public static let minimumReadLength = 0x0F
    /// File identifiers that cannot be the NDEF file's.
    public static let reservedFileIDs: Set<UInt16> = [0x0000, 0xE102, 0xE103, 0x3F00, 0x3FFF, 0xFFFF]

    /// Decodes the CC from its first bytes, as read from offset 0 (at least 15; more are
    /// ignored past CCLEN and past the NDEF file control TLV).
    ///
    /// - Throws: ``Type4Error/invalidCapabilityContainer(_:)`` naming the field that is wrong.
    public init(bytes: [UInt8]) throws(Type4Error) {
        func field(_ offset: Int, _ count: Int) -> Int {
            (offset..<offset + count).reduce(0) { $0 << 8 | Int(bytes[$1]) }
        }
        guard bytes.count >= Self.minimumLength else {
            throw .invalidCapabilityContainer("\(bytes.count) bytes, at least \(Self.minimumLength) are needed")
        }
        length = field(0, 2)
        guard length >= Self.minimumLength else {
            throw .invalidCapabilityContainer("CCLEN \(length) is shorter than the \(Self.minimumLength) bytes of its own fields")
        }
        version = bytes[2]
        guard (1...3).contains(version >> 4) else {
            throw .invalidCapabilityContainer("mapping version \(version >> 4).\(version & 0x0F): only 1.x, 2.x and 3.x are read")
        }
        maximumReadLength = field(3, 2)
        guard maximumReadLength >= Self.minimumReadLength else {
            throw .invalidCapabilityContainer("MLe \(maximumReadLength): at least \(Self.minimumReadLength)")
        }
        maximumUpdateLength = field(5, 2)
        guard maximumUpdateLength >= 1 else { throw .invalidCapabilityContainer("MLc 0: the card takes no data") }
        switch (bytes[7], bytes[8]) {
        case (0x04, 0x06):
            lengthFieldSize = 2
            fileSize = field(11, 2)
            readAccess = bytes[13]
            writeAccess = bytes[14]
        case (0x06, 0x08):
            guard length >= Self.readLength, bytes.count >= Self.readLength else {
                throw .invalidCapabilityContainer("the ENDEF file control TLV needs \(Self.readLength) bytes, CCLEN is \(length)")
            }
            lengthFieldSize = 4
            fileSize = field(11, 4)
            readAccess = bytes[15]
            writeAccess = bytes[16]
        case let (tag, tlvLength):
            throw .invalidCapabilityContainer("TLV \(Hex.encode([tag, tlvLength])) where the NDEF file control TLV (04 06 or 06 08) belongs")
        }
        guard length >= 7 + 2 + (lengthFieldSize == 2 ? 6 : 8) else {
            throw .invalidCapabilityContainer("CCLEN \(length) ends inside the NDEF file control TLV")
        }
        fileID = UInt16(field(9, 2))
        guard !Self.reservedFileIDs.contains(fileID) else {
            throw .invalidCapabilityContainer("the NDEF file's identifier \(Hex.encode([UInt8(fileID >> 8), UInt8(fileID & 0xFF)])) is reserved")
        }
        guard lengthFieldSize == 4 || fileSize <= Self.mapping2SizeLimit else {
            throw .invalidCapabilityContainer("an NDEF file of \(fileSize) bytes is beyond 7FFF, the most the NDEF file control TLV allows")
        }
        guard fileSize >= lengthFieldSize + 3 else {
            throw .invalidCapabilityContainer("an NDEF file of \(fileSize) bytes cannot hold a length field and a record")
        }
    }

    /// The major mapping version (2 for `20`).
    public var majorVersion: Int { Int(version >> 4) }

    /// True when the NDEF file may be read without a key.
    public var isReadable: Bool { readAccess == 0x00 }

    /// True when the NDEF file may be written without a key.
    public var isWritable: Bool { writeAccess == 0x00 }

    /// The largest file offset READ BINARY and UPDATE BINARY (`B0`, `D6`) address: 15 bits.
    public static let offsetLimit = 0x8000

    /// The bytes of the NDEF file this layer can address: the file size, at most 32768 (the
    /// offset data objects of `B1`/`D7` that reach further are not used).
    public var addressableSize: Int { min(fileSize, Self.offsetLimit) }

    /// The largest NDEF message the file holds: its addressable size less the length field.
    public var capacity: Int { addressableSize - lengthFieldSize }
}
