import Basics
import NFCCore
import PN532

/// Random damage to bytes on the wire: each byte may be corrupted (one bit flipped), dropped,
/// or followed by an inserted byte, each at its own rate. Seeded, so a failing run repeats.
public struct ByteFaults: Sendable {
    /// Probability that a byte has one bit flipped.
    public var corruptRate: Double
    /// Probability that a byte is lost.
    public var dropRate: Double
    /// Probability that a random byte is inserted after a byte.
    public var insertRate: Double
    private var random: SplitMix64

    /// Faults at the given rates (0 = never), drawn from `seed`.
    public init(corruptRate: Double = 0, dropRate: Double = 0, insertRate: Double = 0, seed: UInt64 = 1) {
        self.corruptRate = corruptRate
        self.dropRate = dropRate
        self.insertRate = insertRate
        random = SplitMix64(seed: seed)
    }

    /// No faults.
    public static let none = ByteFaults()

    /// True when no fault can happen.
    public var isNone: Bool { corruptRate == 0 && dropRate == 0 && insertRate == 0 }

    /// The bytes as they arrive after the faults.
    public mutating func apply(_ bytes: [UInt8]) -> [UInt8] {
        applyReporting(bytes).bytes
    }

    /// The bytes as they arrive after the faults, and what was done to them ("byte 3 (55)
    /// dropped"), for a trace.
    public mutating func applyReporting(_ bytes: [UInt8]) -> (bytes: [UInt8], faults: [String]) {
        guard !isNone else { return (bytes, []) }
        var out: [UInt8] = []
        var faults: [String] = []
        out.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() {
            if chance(dropRate) {
                faults.append("byte \(index) (\(hexText([byte]))) dropped")
                continue
            }
            if chance(corruptRate) {
                let damaged = byte ^ (1 << UInt8(random.next() % 8))
                faults.append("byte \(index) (\(hexText([byte]))) corrupted to \(hexText([damaged]))")
                out.append(damaged)
            } else {
                out.append(byte)
            }
            if chance(insertRate) {
                let inserted = UInt8(truncatingIfNeeded: random.next())
                faults.append("byte \(hexText([inserted])) inserted after byte \(index)")
                out.append(inserted)
            }
        }
        return (out, faults)
    }

    private mutating func chance(_ rate: Double) -> Bool {
        rate > 0 && Double(random.next() >> 11) / Double(1 << 53) < rate
    }
}

/// A small deterministic random number generator.
struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
