import NDEF

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
    /// The offset of the NDEF TLV, or where one would go (after the control TLVs).
    var tlvOffset: Int
    /// The NDEF TLV's header length (2 or 4) and value length; nil when there is none.
    var ndef: (headerLength: Int, length: Int)?

    /// True when the CC and the lock bits allow writing.
    var isWritable: Bool {
        capabilityContainer.allowsWriting && staticLock != [0xFF, 0xFF]
    }

    /// The largest message that fits at the NDEF TLV's place.
    var capacity: Int {
        Type2DataArea.capacity(ofDataArea: max(0, areaSize - tlvOffset))
    }

    /// The message bytes (the NDEF TLV's value), when there is an NDEF TLV.
    var messageBytes: [UInt8]? {
        guard let ndef else { return nil }
        let start = tlvOffset + ndef.headerLength
        return Array(area[start..<min(area.count, start + ndef.length)])
    }
}

extension Type2Tag {
    /// Reads the lock bytes, the CC and the data area as far as the NDEF TLV's end: one READ
    /// of page 2 (pages 2-5), then only the pages the TLVs cover.
    func readNDEFLayout() throws(Type2Error) -> NDEFLayout {
        let head = try send([0x30, 0x02], step: "READ page 2", expecting: 16)
        let capabilityContainer = CapabilityContainer(page: Array(head[4..<8]))
        let userBytes = (product.userMemoryEnd - 4) * 4
        var layout = NDEFLayout(
            capabilityContainer: capabilityContainer, staticLock: Array(head[2..<4]),
            areaSize: min(capabilityContainer.dataAreaSize, userBytes), area: Array(head[8...]), tlvOffset: 0, ndef: nil)
        guard capabilityContainer.supportsNDEF else { return layout }

        var position = 0
        while position < layout.areaSize {
            try ensure(&layout, bytes: position + 1)
            let tag = layout.area[position]
            if tag == 0x00 { position += 1; continue }
            if tag == 0xFE { break }
            try ensure(&layout, bytes: position + 2)
            var length = Int(layout.area[position + 1])
            var header = 2
            if length == 0xFF {
                try ensure(&layout, bytes: position + 4)
                length = Int(layout.area[position + 2]) << 8 | Int(layout.area[position + 3])
                header = 4
            }
            if tag == 0x03 {
                try ensure(&layout, bytes: position + header + length)
                layout.tlvOffset = position
                layout.ndef = (header, length)
                return layout
            }
            position += header + length
        }
        layout.tlvOffset = min(position, layout.areaSize)
        return layout
    }

    /// Reads more of the data area until `bytes` of it (capped at the area) are known.
    private func ensure(_ layout: inout NDEFLayout, bytes: Int) throws(Type2Error) {
        let wanted = min(bytes, layout.areaSize)
        guard layout.area.count < wanted else { return }
        let first = 4 + layout.area.count / 4
        let end = 4 + (wanted + 3) / 4
        layout.area += try read(pages: first..<end)
    }

    /// The NDEF status and capacity, as Core NFC's `queryNDEFStatus`.
    public func queryNDEFStatus() throws(Type2Error) -> NDEFStatusReport {
        let layout = try readNDEFLayout()
        guard layout.capabilityContainer.supportsNDEF else { return NDEFStatusReport(status: .notSupported, capacity: 0) }
        return NDEFStatusReport(status: layout.isWritable ? .readWrite : .readOnly, capacity: layout.capacity)
    }

    /// The NDEF message on the tag, as Core NFC's `readNDEF`; an empty NDEF TLV gives the
    /// empty message.
    public func readNDEF(mode: DecodingMode = .strict) throws(Type2Error) -> NDEFMessage {
        let layout = try readNDEFLayout()
        guard layout.capabilityContainer.supportsNDEF else { throw .notFormatted(layout.capabilityContainer) }
        guard let bytes = layout.messageBytes else { throw .invalidNDEF(NDEFError(offset: 0, reason: .noNDEFMessageTLV)) }
        if bytes.isEmpty { return .empty }
        do throws(NDEFError) { return try NDEFMessage(decoding: bytes, mode: mode) } catch { throw .invalidNDEF(error) }
    }
}
