import Basics
import NFCCore
import PN532

extension PN532Session {
    /// The families polled after Type A, in order: FeliCa at 212 then 424 kbps, Type B, Jewel.
    public static let otherModulations: [PassiveModulation] = [.felica212, .felica424, .typeB106, .jewel106]

    /// How long the chip waits for a Type A tag in one round of ``pollEveryFamily(wait:)``
    /// before the other families get their turn.
    public static let typeAWaitSlice: Duration = .milliseconds(250)

    /// The targets in the field of every family the PN532 polls for (at most two).
    ///
    /// Type A first, exactly as ``pollField(wait:)`` polls it, so a Type A tag costs what it
    /// always did. Only when no Type A target answered are FeliCa 212, FeliCa 424, Type B and
    /// Jewel polled, each once with a single activation attempt (one RFConfiguration sets
    /// it); the first family that answers ends the poll. With `wait`, rounds follow until a
    /// target answers or `wait` has passed: in each the chip waits for a Type A tag for up to
    /// ``typeAWaitSlice``, then the other families are polled once.
    public func pollEveryFamily(wait: Duration?) throws(PN532Error) -> [ListedTarget] {
        guard let wait else { return try pollEveryFamilyOnce(typeAWait: nil) }
        let deadline = link.now + wait
        while true {
            let left = deadline - link.now
            let found = try pollEveryFamilyOnce(typeAWait: min(left, Self.typeAWaitSlice))
            if !found.isEmpty || link.now >= deadline { return found }
        }
    }

    private func pollEveryFamilyOnce(typeAWait: Duration?) throws(PN532Error) -> [ListedTarget] {
        let typeA = try pollField(wait: typeAWait.flatMap { $0 > .zero ? $0 : nil })
        guard typeA.isEmpty else { return typeA.map(\.listed) }
        try setPassiveActivationRetries(0x00)
        for modulation in Self.otherModulations {
            let found = try listTargets(modulation)
            if !found.isEmpty { return found }
        }
        return []
    }
}
