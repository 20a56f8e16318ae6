/// READ_CNT on the NTAG NFC counter.
extension SimulatedTag {
    /// READ_CNT `39 02`: the NFC counter, 3 bytes LSB first.
    ///
    /// Refused with NAK 0 for another counter number, while NFC_CNT_EN is clear, or when
    /// NFC_CNT_PWD_PROT is set and PWD_AUTH has not succeeded.
    func readCounter(_ arguments: [UInt8]) -> TagResponse {
        guard arguments == [0x02], accessHas(AccessBit.counterEnabled),
            isAuthenticated || !accessHas(AccessBit.counterPasswordProtected)
        else { return .nak(TagResponse.NAK.invalidArgument) }
        return .data([
            UInt8(truncatingIfNeeded: nfcCounter),
            UInt8(truncatingIfNeeded: nfcCounter >> 8),
            UInt8(truncatingIfNeeded: nfcCounter >> 16),
        ])
    }
}
