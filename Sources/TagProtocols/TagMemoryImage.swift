/// A tag's memory as `dump` shows it, in its family's natural units: a Topaz's 8-byte blocks,
/// a FeliCa's 16-byte blocks, a Type 4 card's files in 16-byte rows. Every block carries where
/// it is (`area`, `number`) and what it holds (`note`); `file` is the image in memory order,
/// what `dump --out` writes.
public struct TagMemoryImage: Hashable, Sendable {
    /// One block (or row) of the image.
    public struct Block: Hashable, Sendable {
        /// How a block is named in a listing.
        public enum Addressing: Hashable, Sendable {
            /// By its number: `block 0E` (Type 1 and 3).
            case blockNumber
            /// By its file and offset: `E104 0010` (Type 4).
            case fileOffset
        }

        /// Where the block is: `memory` (Type 1), `blocks` (Type 3 NDEF service 000B), `system`
        /// (a FeliCa Lite-S's system blocks), a file's identifier (`E103`, `E104`).
        public var area: String
        /// The block's number in its area (Type 1, Type 3), or the row's offset in its file
        /// divided by 16 (Type 4).
        public var number: Int
        /// The byte offset in its area: number × the block size.
        public var offset: Int
        /// The block's bytes.
        public var bytes: [UInt8]
        /// What it holds: `UID`, `CC`, `attribute information block`, `MC` …; empty when nothing is known.
        public var note: String
        /// How a listing names it.
        public var addressing: Addressing

        /// A block of the image.
        public init(area: String, number: Int, offset: Int, bytes: [UInt8], note: String, addressing: Addressing = .blockNumber) {
            self.area = area
            self.number = number
            self.offset = offset
            self.bytes = bytes
            self.note = note
            self.addressing = addressing
        }

        /// `block 0E` (4 digits past block FF), or `E104 0010`: the block as a listing names it.
        public var label: String {
            switch addressing {
            case .blockNumber: "block \(Self.hex(number, digits: number > 0xFF ? 4 : 2))"
            case .fileOffset: "\(area) \(Self.hex(offset, digits: 4))"
            }
        }

        private static func hex(_ value: Int, digits: Int) -> String {
            let text = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, digits - text.count)) + text
        }
    }

    /// The blocks in the order they are shown.
    public var blocks: [Block]
    /// The image as `dump --out` writes it, the bytes in memory order (the layout per family is
    /// the tag layer's to document).
    public var file: [UInt8]
    /// What the dump left out and why (a size from the card beyond what is read, a file the
    /// card does not let be read); nil when it is complete.
    public var limit: String?

    /// An image of `blocks` with the file `file`.
    public init(blocks: [Block], file: [UInt8], limit: String? = nil) {
        self.blocks = blocks
        self.file = file
        self.limit = limit
    }
}

/// A tag whose memory a dump can read in its family's natural image.
public protocol MemoryImageTag: AnyObject {
    /// The tag's memory image: every byte its family's read commands reach without a key,
    /// bounded (a size from the card beyond the bound is cut and named in `limit`).
    func readMemoryImage() throws(TagFailure) -> TagMemoryImage
}
