import PN532Simulator

/// Bytes from hex text in tests; white space ignored. Stops on bad test data, which is a bug
/// in the test itself.
func tagBytes(_ text: String) -> [UInt8] {
    let characters = text.filter { !$0.isWhitespace }
    let digits = characters.compactMap(\.hexDigitValue)
    precondition(digits.count == characters.count && digits.count % 2 == 0, "bad hex: \(text)")
    return stride(from: 0, to: digits.count, by: 2).map { UInt8(digits[$0] << 4 | digits[$0 + 1]) }
}

/// A factory-fresh tag, already selected.
func activeTag(_ product: TagProduct, uid: [UInt8]? = nil) -> SimulatedTag {
    var tag = SimulatedTag(product: product, uid: uid)
    tag.activate()
    return tag
}

/// WRITE `A2 pp 00 00 00 00`.
func zeroWrite(page: Int) -> [UInt8] {
    [0xA2, UInt8(page), 0, 0, 0, 0]
}

extension SimulatedTag {
    /// Sends a command written in hex.
    mutating func send(_ hex: String) -> TagResponse {
        respond(to: tagBytes(hex))
    }

    /// Sends a command, re-selecting the tag first (a NAK leaves it idle).
    mutating func sendAfterSelect(_ hex: String) -> TagResponse {
        activate()
        return send(hex)
    }

    /// The bytes stored at `page`.
    func storedPage(_ page: Int) -> [UInt8] {
        Array(memory[page * 4..<page * 4 + 4])
    }
}
