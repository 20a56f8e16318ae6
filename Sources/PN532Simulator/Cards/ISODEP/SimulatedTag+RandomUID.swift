/// The card's random numbers: a phone's random UID, `08` (the random-UID marker of ISO/IEC
/// 14443-3) and 3 bytes, and card challenges, all from a SplitMix64 generator, so that a run
/// is repeatable.
extension SimulatedTag {
    /// The next random UID.
    mutating func nextRandomUID() -> [UInt8] {
        [0x08] + nextRandomBytes(3)
    }

    /// `count` bytes from the card's SplitMix64 generator, so that a run is repeatable.
    mutating func nextRandomBytes(_ count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        while bytes.count < count {
            randomState &+= 0x9E37_79B9_7F4A_7C15
            var value = randomState
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            value ^= value >> 31
            bytes += (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        }
        return Array(bytes.prefix(count))
    }
}
