import NFCCore
import NDEF

/// What a write did.
public struct WriteResult: Hashable, Sendable {
    /// Pages written (WRITE commands that the tag acknowledged).
    public var pagesWritten: Int
    /// Pages read back and compared; 0 without verification.
    public var pagesVerified: Int
}

extension Type2Tag {
    /// Writes `message` as the tag's NDEF message, as Core NFC's `writeNDEF`.
    ///
    /// Nothing is written unless the tag is formatted, writable and large enough. Then, in the
    /// NFC Forum's tear-safe order: the NDEF TLV's length set to 0, the message and terminator
    /// pages, and the real length last, so that a tag pulled away at any moment holds the old
    /// message, an empty one or the new one. Only pages whose bytes change are written. With
    /// `verify` the written pages are read back and compared.
    @discardableResult
    public func writeNDEF(_ message: NDEFMessage, verify: Bool = true) throws(Type2Error) -> WriteResult {
        var layout = try readNDEFLayout()
        guard layout.capabilityContainer.supportsNDEF else { throw .notFormatted(layout.capabilityContainer) }
        guard layout.isWritable else { throw .readOnly }
        let bytes = message.encoded()
        guard bytes.count <= layout.capacity else { throw .messageTooLong(length: bytes.count, capacity: layout.capacity) }

        let start = layout.tlvOffset
        let headerLength = bytes.count < 0xFF ? 2 : 4
        let withTerminator = start + headerLength + bytes.count < layout.areaSize
        let tlv: [UInt8]
        do throws(NDEFError) { tlv = try Type2DataArea.ndefTLV(for: bytes, terminator: withTerminator) } catch {
            throw .messageTooLong(length: bytes.count, capacity: layout.capacity)
        }
        let firstPage = start / 4
        let endPage = (start + tlv.count + 3) / 4
        if layout.area.count < endPage * 4 {
            layout.area += try read(pages: 4 + layout.area.count / 4..<4 + endPage)
        }
        let current = Array(layout.area[firstPage * 4..<endPage * 4])
        var target = current
        target.replaceSubrange(start - firstPage * 4..<start - firstPage * 4 + tlv.count, with: tlv)
        guard target != current else { return WriteResult(pagesWritten: 0, pagesVerified: 0) }

        var empty = target
        empty[start - firstPage * 4 + 1] = 0x00
        let lengthPages = Array(Set((start + 1..<start + headerLength).map { $0 / 4 })).sorted()
        var writer = PageWriter(tag: self, firstPage: firstPage, current: current)
        for page in lengthPages { try writer.write(page: page, from: empty) }
        for page in firstPage..<endPage where !lengthPages.contains(page) { try writer.write(page: page, from: target) }
        for page in lengthPages.reversed() { try writer.write(page: page, from: target) }

        guard verify else { return WriteResult(pagesWritten: writer.pagesWritten, pagesVerified: 0) }
        let back = try read(pages: 4 + firstPage..<4 + endPage)
        if let mismatch = back.indices.first(where: { back[$0] != target[$0] }) {
            throw .verificationFailed(page: 4 + firstPage + mismatch / 4)
        }
        return WriteResult(pagesWritten: writer.pagesWritten, pagesVerified: endPage - firstPage)
    }

    /// Writes one page (4 bytes) with WRITE; `page` counts from 0.
    func write(page: Int, _ bytes: [UInt8], step: String) throws(Type2Error) {
        guard (0..<Self.pageAddressLimit).contains(page), bytes.count == 4 else {
            throw .unsupported(.pageWrite(byteCount: bytes.count, page: page))
        }
        let answer = try send([0xA2, UInt8(page)] + bytes, step: step, answer: .acknowledgement)
        guard answer == [0x0A] else { throw .exchange(.negativeAcknowledgement(answer.first), step: step) }
    }
}

/// Writes data-area pages that differ from what the tag holds, counting them, and turns a tag
/// that leaves mid-write into `tornWrite`.
struct PageWriter {
    let tag: Type2Tag
    /// The data-area page (0 = tag page 4) `current` starts at.
    let firstPage: Int
    /// What the tag holds now, from `firstPage`.
    var current: [UInt8]
    private(set) var pagesWritten = 0

    init(tag: Type2Tag, firstPage: Int, current: [UInt8]) {
        self.tag = tag
        self.firstPage = firstPage
        self.current = current
    }

    /// Writes data-area page `page` with its bytes in `image` (which starts at `firstPage`),
    /// unless the tag already holds them.
    mutating func write(page: Int, from image: [UInt8]) throws(Type2Error) {
        let range = (page - firstPage) * 4..<(page - firstPage) * 4 + 4
        let bytes = Array(image[range])
        guard bytes != Array(current[range]) else { return }
        do throws(Type2Error) {
            try tag.write(page: 4 + page, bytes, step: "WRITE page \(4 + page)")
        } catch {
            if case .exchange(.noAnswer, _) = error, pagesWritten > 0 { throw .tornWrite(pagesWritten: pagesWritten) }
            throw error
        }
        current.replaceSubrange(range, with: bytes)
        pagesWritten += 1
    }
}
