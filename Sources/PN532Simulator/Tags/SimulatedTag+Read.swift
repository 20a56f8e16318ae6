/// READ and FAST_READ.
extension SimulatedTag {
    /// READ `30 pp`: pages pp…pp+3 (16 bytes).
    ///
    /// Past the last page the read rolls over to page 0. With read protection (PROT = 1)
    /// and no PWD_AUTH, a start page at or above AUTH0 is refused, and a read that would
    /// cross AUTH0 rolls over to page 0 there instead. An address past the last page is
    /// refused with NAK 0.
    mutating func read(_ arguments: [UInt8]) -> TagResponse {
        guard arguments.count == 1 else { return .nak(TagResponse.NAK.invalidArgument) }
        let start = Int(arguments[0])
        guard start < product.pageCount, !readNeedsPassword(page: start) else {
            return .nak(TagResponse.NAK.invalidArgument)
        }
        let rollOver = readNeedsPassword(page: product.pageCount - 1)
            ? min(firstProtectedPage, product.pageCount) : product.pageCount
        let pages = (0..<4).map { (start + $0) % rollOver }
        countFirstRead()
        return .data(pages.flatMap(readablePage))
    }

    /// FAST_READ `3A ss ee`: pages ss…ee. Refused with NAK 0 when ee < ss, ee is past the last
    /// page, or (read protection, no PWD_AUTH) ee is at or above AUTH0.
    mutating func fastRead(_ arguments: [UInt8]) -> TagResponse {
        guard arguments.count == 2 else { return .nak(TagResponse.NAK.invalidArgument) }
        let start = Int(arguments[0])
        let end = Int(arguments[1])
        guard start <= end, end < product.pageCount, !readNeedsPassword(page: end) else {
            return .nak(TagResponse.NAK.invalidArgument)
        }
        countFirstRead()
        return .data((start...end).flatMap(readablePage))
    }

    /// Counts the first successful READ or FAST_READ since activation on the NFC counter,
    /// when NFC_CNT_EN is set; the counter stops at FFFFFF.
    private mutating func countFirstRead() {
        guard awaitsFirstRead else { return }
        awaitsFirstRead = false
        if product.supportsCounter, accessHas(AccessBit.counterEnabled) {
            nfcCounter = min(nfcCounter + 1, 0xFF_FFFF)
        }
    }
}
