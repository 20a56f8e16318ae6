/// Static and dynamic lock bits: which pages they make read-only, and how a WRITE to the lock
/// bytes merges into them (bits can only be set, and block-locking bits freeze lock bits).
extension SimulatedTag {
    /// Whether page `number` is read-only: the UID pages always, pages 3–15 by the static lock
    /// bits, higher user pages by the dynamic lock bits, CFG0/CFG1 by CFGLCK. The lock bytes
    /// themselves, PWD and PACK stay writable.
    func isWriteLocked(page number: Int) -> Bool {
        switch number {
        case 0, 1:
            return true
        case 2:
            return false
        case 3...15:
            return staticLockWord & 1 << number != 0
        default:
            break
        }
        if let lockPage = product.dynamicLockPage, number < lockPage {
            let lockBit = (number - 16) / product.pagesPerDynamicLockBit
            return dynamicLockWord & 1 << lockBit != 0
        }
        if let configurationPage = product.configurationPage,
            number == configurationPage || number == configurationPage + 1
        {
            return accessHas(AccessBit.configurationLock)
        }
        return false
    }

    /// Static lock bytes 0 and 1 (page 2 bytes 2–3) as one word: bit n locks page n for
    /// n = 3…15; bits 0, 1, 2 are the block-locking bits for page 3, pages 4–9, pages 10–15.
    var staticLockWord: UInt16 {
        let bytes = page(2)
        return UInt16(bytes[2]) | UInt16(bytes[3]) << 8
    }

    /// Dynamic lock bytes 0 and 1 as one word: bit n locks the n-th group of
    /// ``TagProduct/pagesPerDynamicLockBit`` pages from page 16. Zero without dynamic locks.
    var dynamicLockWord: UInt16 {
        guard let lockPage = product.dynamicLockPage else { return 0 }
        let bytes = page(lockPage)
        return UInt16(bytes[0]) | UInt16(bytes[1]) << 8
    }

    /// Page 2 after writing `data` to it: bytes 0–1 are kept, lock bits are OR-ed in except
    /// those frozen by a block-locking bit already set.
    func mergingStaticLocks(_ data: [UInt8]) -> [UInt8] {
        let current = staticLockWord
        var frozen: UInt16 = 0
        if current & 0b001 != 0 { frozen |= 0x0008 }
        if current & 0b010 != 0 { frozen |= 0x03F0 }
        if current & 0b100 != 0 { frozen |= 0xFC00 }
        let written = UInt16(data[2]) | UInt16(data[3]) << 8
        let merged = current | written & ~frozen
        let page2 = page(2)
        return [page2[0], page2[1], UInt8(merged & 0xFF), UInt8(merged >> 8)]
    }

    /// The dynamic lock page after writing `data` to it: lock bits and block-locking bits are
    /// OR-ed in, except lock bits frozen by a block-locking bit already set (block-locking bit
    /// k freezes lock bits 2k and 2k+1); byte 3 (RFUI) is kept.
    func mergingDynamicLocks(_ data: [UInt8], lockPage: Int) -> [UInt8] {
        let current = page(lockPage)
        var frozen: UInt16 = 0
        for blockBit in 0..<8 where current[2] & 1 << blockBit != 0 {
            frozen |= 0b11 << (2 * blockBit)
        }
        let written = UInt16(data[0]) | UInt16(data[1]) << 8
        let merged = dynamicLockWord | written & ~frozen
        return [UInt8(merged & 0xFF), UInt8(merged >> 8), current[2] | data[2], current[3]]
    }
}
