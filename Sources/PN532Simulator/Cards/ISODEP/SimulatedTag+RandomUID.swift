/// A phone's random UID: `08` (the random-UID marker of ISO/IEC 14443-3) and 3 bytes from a
/// SplitMix64 generator, so that a run is repeatable.
extension SimulatedTag {
    /// The next random UID.
    mutating func nextRandomUID() -> [UInt8] {
        let value = Self.splitMix64(&randomState)
        return [0x08, UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value >> 16)]
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
