/// The byte that makes `bytes` sum to zero modulo 256: the LCS of a length, the DCS of TFI and data.
func checksum(of bytes: some Sequence<UInt8>) -> UInt8 {
    0 &- bytes.reduce(0, &+)
}

/// True when `bytes`, checksum included, sum to zero modulo 256.
func sumsToZero(_ bytes: some Sequence<UInt8>) -> Bool {
    bytes.reduce(0, &+) == 0
}
