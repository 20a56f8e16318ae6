import NDEF
import TagProtocols

/// NDEF on a Type 3 tag: the attribute information block (block 0), then the message in
/// blocks 1 … Nmaxb, read Nbr blocks per Check and written Nbw blocks per Update.
extension Type3Tag {
    /// The attribute information block, checked field by field, and on a Lite-S against its
    /// memory (Nmaxb at most its 13 NDEF blocks).
    ///
    /// - Throws: `.invalidAttributeBlock` naming the field that is wrong; the exchange's errors.
    public func readAttributeBlock() throws(Type3Error) -> Type3AttributeBlock {
        let blocks = try check([0])
        let attribute = try Type3AttributeBlock(decoding: blocks.first ?? [])
        guard !isLiteS || attribute.maximumBlocks <= Self.liteSNDEFBlocks else {
            throw .invalidAttributeBlock(
                "Nmaxb (NDEF blocks) is \(attribute.maximumBlocks), beyond the \(Self.liteSNDEFBlocks) a FeliCa Lite-S has after its attribute block")
        }
        return attribute
    }

    /// Whether the card holds NDEF and may be written, and its capacity (Nmaxb × 16). A card
    /// whose attribute block is invalid, or that refuses the Check of it (a FeliCa without
    /// system 12FC has no service 000B), is `notSupported`; one whose last write was torn
    /// (WriteFlag 0F) reports `hasNDEFTLV` false: it holds no message to read until written.
    public func queryNDEFStatus() throws(Type3Error) -> NDEFStatusReport {
        let attribute: Type3AttributeBlock
        do throws(Type3Error) { attribute = try readAttributeBlock() } catch {
            switch error {
            // Invalid: not formatted. Refused: the card's system has no service 000B (no 12FC).
            case .invalidAttributeBlock, .status: return NDEFStatusReport(status: .notSupported, capacity: 0)
            default: throw error
            }
        }
        let writable = attribute.isWritable && attribute.blocksPerUpdate > 0
        return NDEFStatusReport(status: writable ? .readWrite : .readOnly, capacity: attribute.capacity, hasNDEFTLV: !attribute.writeInProgress)
    }

    /// The message's bytes (Ln of them).
    ///
    /// - Throws: `.tornWrite` when WriteFlag is 0F (the bytes are not returned: they may be
    ///   half old, half new), `.invalidAttributeBlock`, the exchange's errors.
    public func readNDEFBytes() throws(Type3Error) -> [UInt8] {
        let attribute = try readAttributeBlock()
        guard !attribute.writeInProgress else { throw .tornWrite }
        return Array(try readData(attribute, blocks: attribute.messageBlocks).prefix(attribute.length))
    }

    /// The message, decoded in `mode`; the empty message when Ln is 0.
    ///
    /// - Throws: as ``readNDEFBytes()``, and `.invalidNDEF`.
    public func readNDEF(mode: DecodingMode = .strict) throws(Type3Error) -> NDEFMessage {
        let bytes = try readNDEFBytes()
        guard !bytes.isEmpty else { return .empty }
        do throws(NDEFError) { return try NDEFMessage(decoding: bytes, mode: mode) } catch { throw .invalidNDEF(error) }
    }

    /// Writes `message` by the WriteFlag procedure: the attribute block with WriteFlag 0F
    /// (the old Ln kept), the data blocks Nbw at a time, the attribute block with WriteFlag 00
    /// and the new Ln; with `verify`, everything is read back and compared.
    ///
    /// - Throws: `.readOnly`, `.messageTooLong` (nothing is written then),
    ///   `.leftDuringWrite` when the card left after WriteFlag 0F was written (it reads as
    ///   torn), `.verificationFailed`, `.invalidAttributeBlock`, the exchange's errors.
    public func writeNDEF(_ message: NDEFMessage, verify: Bool = true) throws(Type3Error) {
        try writeNDEFBytes(message.encoded(), verify: verify)
    }

    /// Writes `bytes` as the message: ``writeNDEF(_:verify:)``.
    public func writeNDEFBytes(_ bytes: [UInt8], verify: Bool = true) throws(Type3Error) {
        let before = try readAttributeBlock()
        guard before.isWritable, before.blocksPerUpdate > 0 else { throw .readOnly }
        guard bytes.count <= before.capacity else { throw .messageTooLong(length: bytes.count, capacity: before.capacity) }
        var started = before
        started.writeInProgress = true
        try update([0], data: [started.bytes])
        var finished = before
        finished.writeInProgress = false
        finished.length = bytes.count
        let blocks = Self.blocks(of: bytes)
        do throws(Type3Error) {
            try writeData(blocks, attribute: before)
            try update([0], data: [finished.bytes])
        } catch {
            if case let .exchange(failure, step) = error { throw .leftDuringWrite(failure, step: step) }
            throw error
        }
        guard verify else { return }
        let attribute = try check([0]).first ?? []
        guard attribute == finished.bytes else { throw .verificationFailed(block: 0) }
        let read = try readData(finished, blocks: blocks.count)
        for (index, block) in blocks.enumerated() where Array(read.dropFirst(index * 16).prefix(16)) != block {
            throw .verificationFailed(block: index + 1)
        }
    }

    /// Makes the NDEF read-only: RWFlag 00 in the attribute block and, on a Lite-S, the MC
    /// block's S_PAD write bits cleared (S_PAD0–13 read-only for good; REG and MC keep theirs),
    /// as Android's hard lock does. Irreversible on a Lite-S: the caller confirms first. A
    /// Lite-S whose RWFlag is 00 but whose MC still lets S_PADs be written (a lock cut short)
    /// gets its MC written.
    ///
    /// - Throws: `.alreadyLocked` (nothing written), `.tornWrite` (a torn message is not
    ///   locked), `.verificationFailed` when the MC block does not read back as written.
    public func lock() throws(Type3Error) {
        var attribute = try readAttributeBlock()
        let block = Self.memoryConfigurationBlock
        let configuration = isLiteS ? try check([block]).first : nil
        let spadsWritable = configuration.map { $0.count == 16 && ($0[0] != 0 || $0[1] & 0x3F != 0) } ?? false
        guard attribute.isWritable || spadsWritable else { throw .alreadyLocked }
        if attribute.isWritable {
            guard !attribute.writeInProgress else { throw .tornWrite }
            attribute.isWritable = false
            try update([0], data: [attribute.bytes])
        }
        guard spadsWritable, var locked = configuration else { return }
        locked[0] = 0x00
        locked[1] &= 0xC0
        try update([block], data: [locked])
        guard try check([block]).first == locked else { throw .verificationFailed(block: block) }
    }

    /// Reads `blocks` data blocks from block 1, Nbr (and what the link takes) per Check.
    func readData(_ attribute: Type3AttributeBlock, blocks: Int) throws(Type3Error) -> [UInt8] {
        var bytes: [UInt8] = []
        let batch = blocksPerCheck(attribute)
        var next = 1
        while next <= blocks {
            let numbers = Array(next...min(blocks, next + batch - 1))
            for block in try check(numbers) { bytes += block }
            next += numbers.count
        }
        return bytes
    }

    /// Writes `blocks` from block 1, Nbw (and what the link takes) per Update.
    private func writeData(_ blocks: [[UInt8]], attribute: Type3AttributeBlock) throws(Type3Error) {
        let batch = blocksPerUpdate(attribute, highestBlock: blocks.count)
        var next = 0
        while next < blocks.count {
            let end = min(blocks.count, next + batch)
            try update(Array(next + 1...end), data: Array(blocks[next..<end]))
            next = end
        }
    }

    /// `bytes` in 16-byte blocks, the last one padded with zeros.
    static func blocks(of bytes: [UInt8]) -> [[UInt8]] {
        stride(from: 0, to: bytes.count, by: 16).map { start in
            let block = Array(bytes[start..<min(start + 16, bytes.count)])
            return block + [UInt8](repeating: 0, count: 16 - block.count)
        }
    }
}
