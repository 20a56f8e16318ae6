import TagProtocols

/// A Type 3 tag's dump: the 16-byte blocks of service 000B. A plain FeliCa gives block 0 (the
/// attribute information block) and the Nmaxb blocks it names, at most ``dumpBlockLimit``; a
/// FeliCa Lite-S its whole user area, blocks 00-0E (S_PAD0-13 and REG), then the system blocks
/// it lets be read without MAC. The file is blocks 0 … N in order, 16 bytes each (the system
/// blocks are in the text and JSON only).
extension Type3Tag: MemoryImageTag {
    /// The most blocks after block 0 a dump reads (32 KB), whatever Nmaxb says.
    public static let dumpBlockLimit = 2048
    /// A Lite-S's last user block: REG.
    static let liteSLastUserBlock = 0x0E
    /// The Lite-S system blocks a dump asks for, one Check each, and their names.
    static let liteSSystemBlocks: [(block: Int, name: String)] = [
        (0x82, "ID"), (0x83, "D_ID"), (0x84, "SER_C"), (0x85, "SYS_C"), (0x86, "CKV"), (0x88, "MC"),
        (0x90, "WCNT"), (0x92, "STATE"), (0xA0, "CRC_CHECK"),
    ]

    public func readMemoryImage() throws(TagFailure) -> TagMemoryImage {
        do throws(Type3Error) { return try memoryImage() } catch { throw error.tagFailure }
    }

    private func memoryImage() throws(Type3Error) -> TagMemoryImage {
        let first = try check([0]).first ?? []
        let attribute: Type3AttributeBlock?
        var limits: [String] = []
        do throws(Type3Error) { attribute = try Type3AttributeBlock(decoding: first) } catch {
            attribute = nil
            if !isLiteS { limits.append("block 0 is not an attribute information block (\(error)): only it was read") }
        }
        var last = 0
        if isLiteS {
            last = Self.liteSLastUserBlock
        } else if let attribute {
            last = min(attribute.maximumBlocks, Self.dumpBlockLimit)
            if attribute.maximumBlocks > Self.dumpBlockLimit {
                limits.append("Nmaxb is \(attribute.maximumBlocks) blocks, beyond the \(Self.dumpBlockLimit) a dump reads: blocks 1-\(Self.dumpBlockLimit) were read")
            }
        }
        let batch = attribute.map(blocksPerCheck) ?? 1
        var data = [first]
        var next = 1
        while next <= last {
            let numbers = Array(next...min(last, next + batch - 1))
            data += try check(numbers)
            next += numbers.count
        }
        var blocks = data.enumerated().map { number, bytes in
            TagMemoryImage.Block(area: "000B", number: number, offset: number * 16, bytes: bytes, note: note(block: number, attribute: attribute))
        }
        if isLiteS {
            var unreadable: [String] = []
            for (number, name) in Self.liteSSystemBlocks {
                do throws(Type3Error) {
                    let bytes = try check([number]).first ?? []
                    blocks.append(TagMemoryImage.Block(area: "000B", number: number, offset: number * 16, bytes: bytes, note: name))
                } catch {
                    guard case .status = error else { throw error }
                    unreadable.append(name)
                }
            }
            if !unreadable.isEmpty { limits.append("system blocks \(unreadable.joined(separator: ", ")) are not readable without MAC: left out") }
        }
        return TagMemoryImage(blocks: blocks, file: data.flatMap { $0 }, limit: limits.isEmpty ? nil : limits.joined(separator: "; "))
    }

    /// What block `number` holds.
    private func note(block number: Int, attribute: Type3AttributeBlock?) -> String {
        if number == 0 {
            guard let attribute else { return "attribute information block (invalid)" }
            return "attribute information block: Nbr \(attribute.blocksPerCheck), Nbw \(attribute.blocksPerUpdate), Nmaxb \(attribute.maximumBlocks), Ln \(attribute.length)"
                + (attribute.writeInProgress ? ", WriteFlag 0F (torn)" : "") + (attribute.isWritable ? "" : ", read-only")
        }
        if isLiteS, number == Self.liteSLastUserBlock { return "REG" }
        let prefix = isLiteS ? "S_PAD\(number)" : ""
        guard let attribute, number <= attribute.messageBlocks else { return prefix }
        return prefix + (prefix.isEmpty ? "" : ", ") + "NDEF message"
    }
}
