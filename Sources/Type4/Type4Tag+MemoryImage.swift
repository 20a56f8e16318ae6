import Basics
import TagProtocols

/// A Type 4 tag's dump: the Capability Container file (E103) and the NDEF file it names, each
/// read whole with READ BINARY. The file is the CC file's CCLEN bytes (at most
/// ``capabilityContainerDumpLimit``), then the NDEF file's bytes (its size from the CC, at most
/// the 32768 that READ BINARY addresses). A read-protected NDEF file is left out and named.
extension Type4Tag: MemoryImageTag {
    /// The most CC file bytes a dump reads, whatever CCLEN says.
    public static let capabilityContainerDumpLimit = 512

    public func readMemoryImage() throws(TagFailure) -> TagMemoryImage {
        do throws(Type4Error) { return try memoryImage() } catch { throw error.tagFailure }
    }

    private func memoryImage() throws(Type4Error) -> TagMemoryImage {
        let mapping = try selectApplication()
        try selectFile(Self.capabilityContainerFile, mapping: mapping)
        let head = try read(offset: 0, count: 2, chunk: 2)
        let stated = Int(head[0]) << 8 | Int(head[1])
        guard stated >= Type4CapabilityContainer.minimumLength else {
            throw .invalidCapabilityContainer("CCLEN \(stated) is shorter than the \(Type4CapabilityContainer.minimumLength) bytes of its own fields")
        }
        var limits: [String] = []
        let ccLength = min(stated, Self.capabilityContainerDumpLimit)
        if stated > ccLength { limits.append("CCLEN is \(stated), beyond the \(ccLength) bytes a dump reads of the CC file: its first \(ccLength) were read") }
        let ccBytes = head + (try read(offset: 2, count: ccLength - 2, chunk: Type4CapabilityContainer.minimumReadLength))
        let cc = try Type4CapabilityContainer(bytes: ccBytes)
        var ndef: [UInt8] = []
        let name = Self.fileName(cc.fileID)
        if cc.isReadable {
            try selectFile(cc.fileID, mapping: mapping)
            ndef = try read(offset: 0, count: cc.addressableSize, chunk: min(cc.maximumReadLength, maximumReadLength))
            if cc.fileSize > cc.addressableSize {
                limits.append("the NDEF file is \(cc.fileSize) bytes; READ BINARY reaches its first \(cc.addressableSize), which were read")
            }
        } else {
            limits.append("the NDEF file \(name) is read-protected (read access \(Hex.encode([cc.readAccess]))): left out")
        }
        let length = ndef.prefix(cc.lengthFieldSize).reduce(0) { $0 << 8 | Int($1) }
        let blocks = Self.rows(Self.fileName(Self.capabilityContainerFile), ccBytes) { $0 == 0 ? "CCLEN, version \(cc.majorVersion).\(cc.version & 0x0F), MLe \(cc.maximumReadLength), MLc \(cc.maximumUpdateLength), NDEF file \(name), \(cc.fileSize) bytes" : "" }
            + Self.rows(name, ndef) { row in
                if row == 0 { return "\(cc.lengthFieldSize == 2 ? "NLEN" : "ENLEN") \(length)" }
                return row * 16 < cc.lengthFieldSize + length ? "NDEF message" : ""
            }
        return TagMemoryImage(blocks: blocks, file: ccBytes + ndef, limit: limits.isEmpty ? nil : limits.joined(separator: "; "))
    }

    /// `bytes` of the file `file` in rows of 16, each with its `note`.
    private static func rows(_ file: String, _ bytes: [UInt8], note: (Int) -> String) -> [TagMemoryImage.Block] {
        stride(from: 0, to: bytes.count, by: 16).map { offset in
            TagMemoryImage.Block(area: file, number: offset / 16, offset: offset, bytes: Array(bytes[offset..<min(bytes.count, offset + 16)]), note: note(offset / 16),
                addressing: .fileOffset)
        }
    }
}
