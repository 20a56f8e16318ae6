import PN532Simulator
import Testing

/// Seeded byte faults: corrupt (one bit), drop, insert.
struct ByteFaultsTests {
    static let bytes = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) }

    @Test func noFaultsLeaveBytesAlone() {
        var faults = ByteFaults.none
        #expect(faults.isNone)
        #expect(faults.apply(Self.bytes) == Self.bytes)
    }

    @Test func theSameSeedGivesTheSameDamage() {
        var first = ByteFaults(corruptRate: 0.01, dropRate: 0.01, insertRate: 0.01, seed: 42)
        var second = ByteFaults(corruptRate: 0.01, dropRate: 0.01, insertRate: 0.01, seed: 42)
        var other = ByteFaults(corruptRate: 0.01, dropRate: 0.01, insertRate: 0.01, seed: 43)
        let damaged = first.apply(Self.bytes)
        #expect(damaged != Self.bytes)
        #expect(second.apply(Self.bytes) == damaged)
        #expect(other.apply(Self.bytes) != damaged)
    }

    @Test func corruptionFlipsOneBitOfEachByteItHits() {
        var faults = ByteFaults(corruptRate: 1, seed: 5)
        let damaged = faults.apply(Self.bytes)
        #expect(damaged.count == Self.bytes.count)
        #expect(zip(damaged, Self.bytes).allSatisfy { ($0 ^ $1).nonzeroBitCount == 1 })
    }

    @Test func dropsRemoveAndInsertionsAddBytes() {
        var drops = ByteFaults(dropRate: 1, seed: 5)
        #expect(drops.apply(Self.bytes) == [])
        var insertions = ByteFaults(insertRate: 1, seed: 5)
        let grown = insertions.apply(Self.bytes)
        #expect(grown.count == 2 * Self.bytes.count)
        #expect(stride(from: 0, to: grown.count, by: 2).map { grown[$0] } == Self.bytes)
    }

    @Test(arguments: [0.001, 0.01, 0.1])
    func faultsHappenAtAboutTheirRate(rate: Double) {
        var faults = ByteFaults(dropRate: rate, seed: 9)
        let count = 200_000
        let dropped = count - faults.apply([UInt8](repeating: 0xA5, count: count)).count
        let expected = rate * Double(count)
        #expect(Double(dropped) > expected * 0.8)
        #expect(Double(dropped) < expected * 1.2)
    }
}
