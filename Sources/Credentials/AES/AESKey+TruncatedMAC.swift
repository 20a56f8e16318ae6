extension AESKey {
    /// NXP's MACt: the AES-CMAC of `message` truncated to the 8 bytes at odd indices (1, 3, …,
    /// 15), as EV2 secure messaging and SUN's SDMMAC use it (not the first 8 bytes).
    public func truncatedCMAC(_ message: [UInt8]) -> [UInt8] {
        let full = cmac(message)
        return stride(from: 1, to: full.count, by: 2).map { full[$0] }
    }
}
