/// WRITE and COMPATIBILITY WRITE.
extension SimulatedTag {
    /// WRITE `A2 pp d0 d1 d2 d3`.
    mutating func write(_ arguments: [UInt8]) -> TagResponse {
        guard arguments.count == 5 else { return .nak(TagResponse.NAK.invalidArgument) }
        return write(Array(arguments.dropFirst()), toPage: Int(arguments[0]))
    }

    /// COMPATIBILITY WRITE part 1, `A0 pp`: ACK when the address exists; the 16 data bytes
    /// follow as the next command, and only their first 4 are written.
    mutating func startCompatibilityWrite(_ arguments: [UInt8]) -> TagResponse {
        guard arguments.count == 1, Int(arguments[0]) < product.pageCount else {
            return .nak(TagResponse.NAK.invalidArgument)
        }
        pendingCompatibilityWritePage = Int(arguments[0])
        return .ack()
    }

    /// Writes 4 bytes to `page` (one EEPROM page write) or refuses with NAK 0 when the page
    /// does not exist, is read-only or needs PWD_AUTH.
    ///
    /// Page 2 takes only its lock bytes, OR-ed in; page 3 (CC/OTP) and the dynamic lock bytes
    /// are OR-ed too: their bits can be set, never cleared.
    mutating func write(_ data: [UInt8], toPage page: Int) -> TagResponse {
        guard page < product.pageCount, !writeNeedsPassword(page: page), !isWriteLocked(page: page), !isAESKeyLocked(page: page) else {
            return .nak(TagResponse.NAK.invalidArgument)
        }
        let stored: [UInt8] =
            if page == 2 {
                mergingStaticLocks(data)
            } else if page == 3 {
                zip(self.page(3), data).map { $0 | $1 }
            } else if page == product.dynamicLockPage {
                mergingDynamicLocks(data, lockPage: page)
            } else {
                data
            }
        guard store(stored, atPage: page) else { return .nak(TagResponse.NAK.eepromWriteError) }
        return .ack(pagesWritten: 1)
    }
}
