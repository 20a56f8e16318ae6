/// FeliCa commands as the card sees them: a length byte (counting itself), the command code,
/// then its parameters, CRC left to the PN532. Polling (`00`), Request Service (`02`), Request
/// Response (`04`), Read Without Encryption (`06`), Write Without Encryption (`08`) and Request
/// System Code (`0C`); a command for another IDm, a malformed one, or one the card does not
/// know, gets no answer.
extension SimulatedTag {
    /// Status flag 2 values of the Lite-S (status flag 1 is `FF` with any of them; block-list
    /// errors name the element in flag 1 on other FeliCa cards, assumed `FF` here).
    enum FeliCaStatus {
        static let serviceCount: UInt8 = 0xA1
        static let blockCount: UInt8 = 0xA2
        static let serviceCode: UInt8 = 0xA6
        static let blockNumber: UInt8 = 0xA8
    }

    /// The Polling answer (`len 01 IDm PMm [system code]`) to a Polling frame
    /// (`06 00 SC SC RC TSN`), or nil when the system code is not the card's. `FF` in either
    /// byte of the requested code matches anything. With request code 01 the card adds the
    /// system code: 12FC when that was asked for, else its first (a Lite-S its own 88B4).
    func feliCaPollingAnswer(_ frame: [UInt8]) -> [UInt8]? {
        guard product.family == .felica, frame.count == 6, frame[0] == 6, frame[1] == 0x00 else { return nil }
        let requested = Array(frame[2..<4])
        let matches = { (code: [UInt8]) in zip(requested, code).allSatisfy { $0 == 0xFF || $0 == $1 } }
        let systemCodes = feliCaSystemCodes
        guard systemCodes.contains(where: matches), let first = systemCodes.first else { return nil }
        let systemCode: [UInt8] =
            frame[4] != 0x01 ? [] : requested == Self.nfcForumSystemCode ? Self.nfcForumSystemCode : first
        let body = [0x01] + identifier + feliCaPMm + systemCode
        return [UInt8(body.count + 1)] + body
    }

    /// The answer of a FeliCa card.
    mutating func feliCaAnswer(_ frame: [UInt8]) -> TagResponse {
        guard frame.count >= 2, Int(frame[0]) == frame.count else { return .silent }
        if frame[1] == 0x00 { return feliCaPollingAnswer(frame).map { .data($0) } ?? .silent }
        guard frame.count >= 10, frame[2..<10].elementsEqual(identifier) else { return .silent }
        let parameters = Array(frame[10...])
        switch frame[1] {
        case 0x02:
            return feliCaRequestService(parameters).map { .data($0) } ?? .silent
        case 0x04 where parameters.isEmpty:
            return .data(feliCaFrame(0x05, [0x00]))
        case 0x0C where parameters.isEmpty:
            let systemCodes = feliCaSystemCodes
            return .data(feliCaFrame(0x0D, [UInt8(systemCodes.count)] + systemCodes.flatMap { $0 }))
        case 0x06:
            return .data(feliCaRead(parameters))
        case 0x08:
            return feliCaWrite(parameters)
        default:
            return .silent
        }
    }

    /// A response frame: length, `code`, IDm, `body`.
    func feliCaFrame(_ code: UInt8, _ body: [UInt8]) -> [UInt8] {
        [UInt8(10 + body.count), code] + identifier + body
    }

    /// Request Service: `n node…` (1 … 32 node codes, little-endian) → `03 IDm n version…`: key
    /// version `00 00` for the root area 0000 and the two services (no key), `FF FF` for a node
    /// the card does not have; nil (no answer) for a malformed list.
    private func feliCaRequestService(_ parameters: [UInt8]) -> [UInt8]? {
        guard let count = parameters.first.map(Int.init), (1...32).contains(count), parameters.count == 1 + 2 * count else { return nil }
        let versions = (0..<count).flatMap { index -> [UInt8] in
            let node = UInt16(parameters[1 + index * 2]) | UInt16(parameters[2 + index * 2]) << 8
            return node == 0x0000 || Self.liteSServices.contains(node) ? [0x00, 0x00] : [0xFF, 0xFF]
        }
        return feliCaFrame(0x03, [UInt8(count)] + versions)
    }

    /// Read Without Encryption: `n SC… m BL…` → `07 IDm 00 00 m data`, or an error status.
    private func feliCaRead(_ parameters: [UInt8]) -> [UInt8] {
        switch feliCaBlocks(parameters, writing: false) {
        case .failure(let error):
            return feliCaFrame(0x07, [0xFF, error.status])
        case .success(let (blocks, _)):
            let data = blocks.compactMap(feliCaBlock)
            guard data.count == blocks.count else { return feliCaFrame(0x07, [0xFF, FeliCaStatus.blockNumber]) }
            return feliCaFrame(0x07, [0x00, 0x00, UInt8(blocks.count)] + data.flatMap { $0 })
        }
    }

    /// Write Without Encryption: `n SC… m BL… data(16·m)` → `09 IDm 00 00`, through the
    /// read/write service 0009 only, up to the card's block limit; every block is checked
    /// before any is written (a Lite-S writes S_PADs its MC leaves writable, and MC).
    private mutating func feliCaWrite(_ parameters: [UInt8]) -> TagResponse {
        switch feliCaBlocks(parameters, writing: true) {
        case .failure(let error):
            return .data(feliCaFrame(0x09, [0xFF, error.status]))
        case .success(let (blocks, data)):
            guard data.count == 16 * blocks.count else { return .data(feliCaFrame(0x09, [0xFF, FeliCaStatus.blockCount])) }
            var written = self
            for (index, block) in blocks.enumerated() where !written.feliCaStore(block, Array(data[index * 16..<index * 16 + 16])) {
                return .data(feliCaFrame(0x09, [0xFF, FeliCaStatus.blockNumber]))
            }
            self = written
            return TagResponse(kind: .data(feliCaFrame(0x09, [0x00, 0x00])), pagesWritten: blocks.count)
        }
    }
}
