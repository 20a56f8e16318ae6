import Basics

/// The Attribute Information Block of an NFC Forum Type 3 Tag (block 0 of the NDEF services):
/// the mapping version, the blocks per Check and per Update, the NDEF area's size, the write
/// and access flags, the message length, and a checksum over them.
///
/// Every field comes from the card: ``init(decoding:)`` checks each before it is used.
public struct Type3AttributeBlock: Hashable, Sendable {
    /// The mapping version the layer reads and writes (major 1).
    public static let version: UInt8 = 0x10
    /// The most blocks of one Check answer (`13 + 16·n` bytes with its length byte) that fit a
    /// FeliCa frame's length byte; Android refuses more for the same reason.
    public static let maximumBlocksPerCheck = 15
    /// The most blocks of one Update (2-byte block-list elements) that fit a FeliCa frame.
    public static let maximumBlocksPerUpdate = 13

    /// Ver: the mapping version (major in the high nibble).
    public var version: UInt8
    /// Nbr: the most blocks one Check (Read Without Encryption) may ask for.
    public var blocksPerCheck: Int
    /// Nbw: the most blocks one Update (Write Without Encryption) may carry.
    public var blocksPerUpdate: Int
    /// Nmaxb: the blocks of the NDEF area (after this block); the capacity is 16 bytes each.
    public var maximumBlocks: Int
    /// WriteFlag `0F`: a write began and did not finish (a torn write); `00` otherwise.
    public var writeInProgress: Bool
    /// RWFlag `01`: the NDEF may be written; `00`: read-only.
    public var isWritable: Bool
    /// Ln: the NDEF message's length in bytes.
    public var length: Int

    /// The largest message in bytes: Nmaxb × 16.
    public var capacity: Int { maximumBlocks * 16 }

    /// The blocks the message of ``length`` bytes occupies.
    public var messageBlocks: Int { (length + 15) / 16 }

    /// An attribute block of these values.
    public init(
        version: UInt8 = Self.version, blocksPerCheck: Int, blocksPerUpdate: Int, maximumBlocks: Int,
        writeInProgress: Bool = false, isWritable: Bool = true, length: Int
    ) {
        self.version = version
        self.blocksPerCheck = blocksPerCheck
        self.blocksPerUpdate = blocksPerUpdate
        self.maximumBlocks = maximumBlocks
        self.writeInProgress = writeInProgress
        self.isWritable = isWritable
        self.length = length
    }

    /// The attribute block in `block`, a card's 16 bytes.
    ///
    /// - Throws: `.invalidAttributeBlock` naming the field that is wrong: not 16 bytes, a
    ///   checksum that is not the sum of bytes 0–13, a major version other than 1, Nbr 0 or
    ///   above 15, Nbw above 13, Nmaxb 0, a WriteFlag other than 00/0F, an RWFlag other than
    ///   00/01, Ln beyond Nmaxb × 16.
    public init(decoding block: [UInt8]) throws(Type3Error) {
        func invalid(_ problem: String) -> Type3Error { .invalidAttributeBlock(problem) }
        guard block.count == 16 else { throw invalid("it has \(block.count) bytes, not 16") }
        let sum = block[0..<14].reduce(0) { $0 + Int($1) }
        let checksum = Int(block[14]) << 8 | Int(block[15])
        guard sum == checksum else { throw invalid("its checksum is \(checksum), but bytes 0–13 sum to \(sum)") }
        guard block[0] >> 4 == Self.version >> 4 else {
            throw invalid("its mapping version is \(block[0] >> 4).\(block[0] & 0x0F); this reader knows 1.x")
        }
        let nbr = Int(block[1])
        let nbw = Int(block[2])
        guard (1...Self.maximumBlocksPerCheck).contains(nbr) else {
            throw invalid("Nbr (blocks per Check) is \(nbr); a card reads 1 … \(Self.maximumBlocksPerCheck) blocks per command")
        }
        guard nbw <= Self.maximumBlocksPerUpdate else {
            throw invalid("Nbw (blocks per Update) is \(nbw); a card writes at most \(Self.maximumBlocksPerUpdate) blocks per command")
        }
        let nmaxb = Int(block[3]) << 8 | Int(block[4])
        guard nmaxb >= 1 else { throw invalid("Nmaxb (NDEF blocks) is 0") }
        guard block[9] == 0x00 || block[9] == 0x0F else { throw invalid("WriteFlag is \(hexText([block[9]])), not 00 or 0F") }
        guard block[10] == 0x00 || block[10] == 0x01 else { throw invalid("RWFlag is \(hexText([block[10]])), not 00 or 01") }
        let ln = Int(block[11]) << 16 | Int(block[12]) << 8 | Int(block[13])
        guard ln <= nmaxb * 16 else { throw invalid("Ln (the message length) is \(ln), beyond the \(nmaxb * 16) bytes of Nmaxb \(nmaxb)") }
        self.init(
            version: block[0], blocksPerCheck: nbr, blocksPerUpdate: nbw, maximumBlocks: nmaxb,
            writeInProgress: block[9] == 0x0F, isWritable: block[10] == 0x01, length: ln)
    }

    /// The 16 bytes of the block, checksum included. Fields are cut to their widths.
    public var bytes: [UInt8] {
        var block: [UInt8] = [
            version, UInt8(truncatingIfNeeded: blocksPerCheck), UInt8(truncatingIfNeeded: blocksPerUpdate),
            UInt8(truncatingIfNeeded: maximumBlocks >> 8), UInt8(truncatingIfNeeded: maximumBlocks),
            0, 0, 0, 0, writeInProgress ? 0x0F : 0x00, isWritable ? 0x01 : 0x00,
            UInt8(truncatingIfNeeded: length >> 16), UInt8(truncatingIfNeeded: length >> 8), UInt8(truncatingIfNeeded: length),
        ]
        let sum = block.reduce(0) { $0 + Int($1) }
        block += [UInt8(truncatingIfNeeded: sum >> 8), UInt8(truncatingIfNeeded: sum)]
        return block
    }
}
