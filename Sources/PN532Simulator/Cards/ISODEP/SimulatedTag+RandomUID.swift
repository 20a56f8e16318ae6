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
            let value = Self.splitMix64(&randomState)
            bytes += (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        }
        return Array(bytes.prefix(count))
    }

    /// The next value of the SplitMix64 generator whose state is `state` (the simulated cards'
    /// repeatable randomness).
    static func splitMix64(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
