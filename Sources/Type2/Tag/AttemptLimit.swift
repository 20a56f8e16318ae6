/// NTAG21x's and Ultralight EV1's limit on failed PWD_AUTH attempts, stored as the 3-bit
/// AUTHLIM in the ACCESS byte: 0 means no limit, n (1-7) allows 2^n failed attempts, after
/// which PWD_AUTH is refused for good, even with the right password. The tag counts the
/// failures but never tells how many are used; a right password resets the count.
public enum AttemptLimit {
    /// The limits AUTHLIM can store, in failed attempts: 2, 4, 8, 16, 32, 64 and 128.
    public static let attemptCounts: [Int] = (1...7).map { 1 << $0 }

    /// AUTHLIM for `attempts` failed attempts (0: no limit), or nil for a number AUTHLIM
    /// cannot store (anything but 0 and ``attemptCounts``).
    public static func authenticationLimit(attempts: Int) -> UInt8? {
        if attempts == 0 { return 0 }
        guard let exponent = (1...7).first(where: { 1 << $0 == attempts }) else { return nil }
        return UInt8(exponent)
    }

    /// The failed attempts AUTHLIM `value` allows (its low 3 bits); 0 when there is no limit.
    public static func attempts(authenticationLimit value: UInt8) -> Int {
        let exponent = Int(value & 0x07)
        return exponent == 0 ? 0 : 1 << exponent
    }
}
