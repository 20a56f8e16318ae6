import NDEF

extension Type2Tag {
    /// Writes `message` over the tag's message in place when its encoding has the same length:
    /// only the pages whose bytes change are written, and the NDEF TLV's length is left as it
    /// is, so a tag pulled away mid-write holds every unchanged byte. Meant for messages whose
    /// changing records check themselves (a MAC), such as a door token's slot: a torn write
    /// spoils that record only. A message of another length is written as `writeNDEF` does.
    /// The written pages are read back and compared.
    @discardableResult
    public func updateNDEF(_ message: NDEFMessage) throws(Type2Error) -> WriteResult {
        var layout = try readNDEFLayout()
        let bytes = message.encoded()
        guard layout.capabilityContainer.supportsNDEF, layout.isWritable, let value = layout.ndefValue,
              value.count == bytes.count, let current = layout.messageBytes, current.count == bytes.count
        else { return try writeNDEF(message, verify: true) }
        let start = value.lowerBound
        let firstPage = start / 4
        let endPage = (start + bytes.count + 3) / 4
        if layout.area.count < endPage * 4 {
            layout.area += try read(pages: 4 + layout.area.count / 4..<4 + endPage)
        }
        let before = Array(layout.area[firstPage * 4..<endPage * 4])
        let offset = start - firstPage * 4
        var target = before
        target.replaceSubrange(offset..<offset + bytes.count, with: bytes)
        guard target != before else { return WriteResult(pagesWritten: 0, pagesVerified: 0) }
        var writer = PageWriter(tag: self, firstPage: firstPage, current: before)
        for page in firstPage..<endPage { try writer.write(page: page, from: target) }
        let back = try read(pages: 4 + firstPage..<4 + endPage)
        if let mismatch = back.indices.first(where: { back[$0] != target[$0] }) {
            throw .verificationFailed(page: 4 + firstPage + mismatch / 4)
        }
        return WriteResult(pagesWritten: writer.pagesWritten, pagesVerified: endPage - firstPage)
    }
}
