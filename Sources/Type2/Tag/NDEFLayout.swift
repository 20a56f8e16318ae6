import NDEF
import TagProtocols

/// Where NDEF lives on a tag: the CC, the static lock bytes, and the NDEF TLV in the data area,
/// with the data-area bytes read so far (from page 4).
struct NDEFLayout {
    /// The Capability Container.
    var capabilityContainer: CapabilityContainer
    /// Page 2's lock bytes (bytes 2 and 3).
    var staticLock: [UInt8]
    /// The data area's usable size: the CC's size within the product's user memory.
    var areaSize: Int
    /// Data-area bytes read so far, from page 4 on.
    var area: [UInt8]
    /// The offset of the NDEF TLV, or where one would go (after the last TLV that is not
    /// NULL padding).
    var tlvOffset: Int
    /// Where the NDEF TLV's value lies in the area; nil when there is no NDEF TLV.
    var ndefValue: Range<Int>?

    /// True when the CC and the lock bits allow writing.
    var isWritable: Bool {
        capabilityContainer.allowsWriting && staticLock != [0xFF, 0xFF]
    }

    /// The largest message that fits at the NDEF TLV's place.
    var capacity: Int {
        Type2DataArea.capacity(ofDataArea: max(0, areaSize - tlvOffset))
    }

    /// The message bytes (the NDEF TLV's value), when there is an NDEF TLV and it was read.
    var messageBytes: [UInt8]? {
        guard let ndefValue, ndefValue.lowerBound >= 0, ndefValue.upperBound <= area.count else { return nil }
        return Array(area[ndefValue])
    }
}

extension Type2Tag {
    /// The most bytes one read command returns: a FAST_READ of `fastReadPageLimit` pages, or
    /// a READ's 4 pages on plain Ultralight.
    var largestReadBytes: Int {
        product.hasExtendedCommands ? fastReadPageLimit * 4 : 16
    }

    /// Reads the lock bytes, the CC and as much of the data area as the NDEF TLV needs: one
    /// READ of page 2 (pages 2-5), then the TLVs are walked in memory.
    ///
    /// Only the area the CC declares (within the product's user memory) is read or walked.
    /// When the walk needs more of a TLV header, whole chunks of the largest size a read
    /// command carries are read (capped at the area's end); the NDEF TLV's value is read to
    /// its end. So every read but the last brings a whole chunk, and a data area of `n` bytes
    /// costs at most ⌈(n − 8) / 252⌉ FAST_READs over a PN532 whatever the tag holds (4 for an NTAG216 full
    /// of NULL TLVs, where a walk page by page took 217).
    ///
    /// - Throws: `.invalidNDEF` for a TLV that runs past the area (both modes), an invalid
    ///   length or, in strict mode, an undefined TLV tag; `.exchange` when a read fails.
    func readNDEFLayout(mode: DecodingMode = .lenient) throws(Type2Error) -> NDEFLayout {
        let head = try send([0x30, 0x02], step: "READ page 2", expecting: 16)
        let capabilityContainer = CapabilityContainer(page: Array(head[4..<8]))
        let userBytes = max(0, (product.userMemoryEnd - 4) * 4)
        let areaSize = min(capabilityContainer.dataAreaSize, userBytes)
        var layout = NDEFLayout(
            capabilityContainer: capabilityContainer, staticLock: Array(head[2..<4]), areaSize: areaSize,
            area: Array(head[8..<8 + min(8, areaSize)]), tlvOffset: 0, ndefValue: nil)
        guard capabilityContainer.supportsNDEF else { return layout }
        // Erased memory holds no TLVs: the NDEF TLV goes first. An area that begins FF FF FF FF
        // (or is all FF when shorter) is no TLV structure in either mode (a tag FF with the
        // 3-byte length FFFF, or cut short), so reading it as erased contradicts no parse; an
        // area that merely begins with FF is an undefined TLV, skipped by its length in
        // lenient mode.
        guard layout.area.isEmpty || !layout.area.prefix(4).allSatisfy({ $0 == 0xFF }) else { return layout }

        var position = 0
        var free = 0
        while true {
            let step: Type2TLVStep
            do throws(NDEFError) {
                step = try Type2DataArea.step(in: layout.area, areaSize: areaSize, at: position, mode: mode)
            } catch {
                throw .invalidNDEF(error)
            }
            switch step {
            case .end:
                layout.tlvOffset = free
                return layout
            case .needs(let end):
                let chunks = (end - layout.area.count + largestReadBytes - 1) / largestReadBytes
                try readArea(&layout, through: layout.area.count + max(1, chunks) * largestReadBytes)
            case .block(let block):
                switch block.tag {
                case .terminator:
                    layout.tlvOffset = free
                    return layout
                case .ndefMessage:
                    try readArea(&layout, through: block.value.upperBound)
                    layout.tlvOffset = block.offset
                    layout.ndefValue = block.value
                    return layout
                case .null:
                    position = block.value.upperBound
                default:
                    position = block.value.upperBound
                    free = position
                }
            }
        }
    }

    /// Reads the data area on from what `layout` holds, through byte `end` (capped at the area).
    private func readArea(_ layout: inout NDEFLayout, through end: Int) throws(Type2Error) {
        let wanted = min(end, layout.areaSize)
        guard layout.area.count < wanted else { return }
        let first = 4 + layout.area.count / 4
        let last = 4 + (wanted + 3) / 4
        layout.area += try read(pages: first..<last)
    }

    /// The NDEF status and capacity, as Core NFC's `queryNDEFStatus`.
    public func queryNDEFStatus() throws(Type2Error) -> NDEFStatusReport {
        let layout = try readNDEFLayout(mode: .lenient)
        guard layout.capabilityContainer.supportsNDEF else { return NDEFStatusReport(status: .notSupported, capacity: 0) }
        return NDEFStatusReport(
            status: layout.isWritable ? .readWrite : .readOnly, capacity: layout.capacity, hasNDEFTLV: layout.ndefValue != nil)
    }

    /// The NDEF message on the tag, as Core NFC's `readNDEF`; an empty NDEF TLV gives the
    /// empty message.
    public func readNDEF(mode: DecodingMode = .strict) throws(Type2Error) -> NDEFMessage {
        let bytes = try readNDEFBytes(mode: mode)
        if bytes.isEmpty { return .empty }
        do throws(NDEFError) { return try NDEFMessage(decoding: bytes, mode: mode) } catch { throw .invalidNDEF(error) }
    }

    /// The bytes of the tag's NDEF message as stored (its NDEF TLV's value), not decoded: a
    /// message that is not valid NDEF is returned as it is. `mode` is the TLV walk's.
    public func readNDEFBytes(mode: DecodingMode = .strict) throws(Type2Error) -> [UInt8] {
        let layout = try readNDEFLayout(mode: mode)
        guard layout.capabilityContainer.supportsNDEF else { throw .notFormatted(layout.capabilityContainer) }
        guard let bytes = layout.messageBytes else { throw .invalidNDEF(NDEFError(offset: 0, reason: .noNDEFMessageTLV)) }
        return bytes
    }
}
