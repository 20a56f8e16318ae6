/// A status flag 2 value that ends a FeliCa command with status flag 1 `FF`.
struct FeliCaError: Error {
    let status: UInt8
}

extension SimulatedTag {
    /// The Lite-S services: 000B read-only, 0009 read/write (both over the whole memory).
    static let liteSServices: Set<UInt16> = [0x000B, 0x0009]

    /// Parses `n SC(2, little-endian)… m BL…` and returns the block numbers and the bytes that
    /// follow the block list (a write's data). Up to the card's limit of blocks (``feliCaBlockLimit(writing:)``); a block-list element is 2 bytes
    /// (`8s bb`) or 3 (`0s bb bb`, little-endian), s the index of its service in the list.
    func feliCaBlocks(_ parameters: [UInt8], writing: Bool) -> Result<([Int], [UInt8]), FeliCaError> {
        guard let serviceCount = parameters.first.map(Int.init), (1...4).contains(serviceCount),
              parameters.count >= 2 + serviceCount * 2 else { return .failure(FeliCaError(status: FeliCaStatus.serviceCount)) }
        let services = (0..<serviceCount).map { UInt16(parameters[1 + $0 * 2]) | UInt16(parameters[2 + $0 * 2]) << 8 }
        guard services.allSatisfy({ Self.liteSServices.contains($0) && (!writing || $0 == 0x0009) }) else {
            return .failure(FeliCaError(status: FeliCaStatus.serviceCode))
        }
        var index = 1 + serviceCount * 2
        let blockCount = Int(parameters[index])
        guard (1...feliCaBlockLimit(writing: writing)).contains(blockCount) else { return .failure(FeliCaError(status: FeliCaStatus.blockCount)) }
        index += 1
        var blocks: [Int] = []
        for _ in 0..<blockCount {
            guard index + 1 < parameters.count else { return .failure(FeliCaError(status: FeliCaStatus.blockCount)) }
            let head = parameters[index]
            guard Int(head & 0x0F) < serviceCount else { return .failure(FeliCaError(status: FeliCaStatus.serviceCode)) }
            if head & 0x80 != 0 {
                blocks.append(Int(parameters[index + 1]))
                index += 2
            } else {
                guard index + 2 < parameters.count else { return .failure(FeliCaError(status: FeliCaStatus.blockCount)) }
                blocks.append(Int(parameters[index + 1]) | Int(parameters[index + 2]) << 8)
                index += 3
            }
        }
        return .success((blocks, Array(parameters[index...])))
    }
}
