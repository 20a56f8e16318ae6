/// MIFARE Classic commands after the PN532 has run Crypto1: READ `30 bb`, WRITE `A0 bb` and
/// its 16 bytes, HALT `50 00`; the authentication itself is ``classicAuthenticate(keyB:block:key:uid:)``.
extension SimulatedTag {
    /// Checks an AUTH (`60`/`61`) as the card and the PN532's Crypto1 unit together do: the
    /// block exists, the UID the host gave is the card's and the key is the sector's key A or
    /// B. On success the sector is open until the next authentication; on failure the card
    /// leaves the active state (idle, or halted if it was woken from there) and answers
    /// nothing until it is selected again.
    public mutating func classicAuthenticate(keyB: Bool, block: Int, key: [UInt8], uid: [UInt8]) -> Bool {
        guard state == .active, product.family == .mifareClassic else { return false }
        let trailer = TagProduct.classicTrailer(of: block)
        let stored = trailer < product.classicBlockCount ? classicBlock(trailer) : []
        let expected = keyB ? stored.suffix(6) : stored.prefix(6)
        guard !stored.isEmpty, uid == self.uid, key.elementsEqual(expected) else {
            state = stateAfterError
            session = CardSession()
            return false
        }
        session.classicSector = TagProduct.classicSector(of: block)
        session.classicKeyB = keyB
        return true
    }

    /// The answer of a MIFARE Classic in the active state.
    mutating func classicAnswer(_ command: [UInt8]) -> TagResponse {
        if let block = session.pendingClassicWriteBlock {
            session.pendingClassicWriteBlock = nil
            guard command.count == 16 else { return .nak(TagResponse.NAK.invalidArgument) }
            return classicWrite(command, toBlock: block)
        }
        switch command.first {
        case TagCommandCode.read where command.count == 2:
            return classicRead(Int(command[1]))
        case TagCommandCode.compatibilityWrite where command.count == 2:
            guard access(to: Int(command[1])) != nil else { return .nak(TagResponse.NAK.invalidArgument) }
            session.pendingClassicWriteBlock = Int(command[1])
            return .ack()
        case TagCommandCode.halt where command == [TagCommandCode.halt, 0x00]:
            halt()
            return .silent
        default:
            return .silent
        }
    }

    /// The access conditions that govern `block`, when it exists and lies in the sector the
    /// last authentication opened; nil otherwise (and when the access bits are corrupt).
    private func access(to block: Int) -> ClassicAccessConditions? {
        guard block < product.classicBlockCount, session.classicSector == TagProduct.classicSector(of: block) else { return nil }
        return ClassicAccessConditions(Array(classicBlock(TagProduct.classicTrailer(of: block))[6..<9]))
    }

    /// READ: a data block when its access condition admits the key used; a trailer with key A
    /// always read as 00, and the access bits and key B as 00 where they may not be read.
    private func classicRead(_ block: Int) -> TagResponse {
        guard let access = access(to: block) else { return .nak(TagResponse.NAK.invalidArgument) }
        let keyB = session.classicKeyB
        if keyB, access.keyBReadable { return .nak(TagResponse.NAK.invalidArgument) }
        let stored = classicBlock(block)
        guard block == TagProduct.classicTrailer(of: block) else {
            return access.dataRead(group: TagProduct.classicAccessGroup(of: block)).admit(keyB: keyB)
                ? .data(stored) : .nak(TagResponse.NAK.invalidArgument)
        }
        let accessBits = access.accessBitsRead.admit(keyB: keyB) ? Array(stored[6..<10]) : [0, 0, 0, 0]
        let keyBBytes = access.keyBRead.admit(keyB: keyB) ? Array(stored[10..<16]) : [UInt8](repeating: 0, count: 6)
        return .data([UInt8](repeating: 0, count: 6) + accessBits + keyBBytes)
    }

    /// WRITE's second part: 16 bytes to a data block, or the parts of a trailer the access
    /// conditions let the key write. Block 0 (manufacturer data) is read-only.
    private mutating func classicWrite(_ data: [UInt8], toBlock block: Int) -> TagResponse {
        guard block != 0, let access = access(to: block) else { return .nak(TagResponse.NAK.invalidArgument) }
        let keyB = session.classicKeyB
        if keyB, access.keyBReadable { return .nak(TagResponse.NAK.invalidArgument) }
        var stored = classicBlock(block)
        if block == TagProduct.classicTrailer(of: block) {
            let parts: [(ClassicAccessConditions.Keys, Range<Int>)] =
                [(access.keyAWrite, 0..<6), (access.accessBitsWrite, 6..<10), (access.keyBWrite, 10..<16)]
            let writable = parts.filter { $0.0.admit(keyB: keyB) }
            guard !writable.isEmpty else { return .nak(TagResponse.NAK.invalidArgument) }
            for (_, range) in writable { stored.replaceSubrange(range, with: data[range]) }
        } else {
            guard access.dataWrite(group: TagProduct.classicAccessGroup(of: block)).admit(keyB: keyB) else {
                return .nak(TagResponse.NAK.invalidArgument)
            }
            stored = data
        }
        memory.replaceSubrange(block * 16..<block * 16 + 16, with: stored)
        return .ack(pagesWritten: 1)
    }
}
