import Basics
import NFCCore
import PN532

/// The chip waiting for a card of every watched family by itself (InAutoPoll), so that the
/// host sleeps on the link until a card comes.
extension PN532Session {
    /// InAutoPoll's Period for the field watcher: 1, the shortest (150 ms per type).
    ///
    /// The chip polls one type at a time for Period × 150 ms, so the Period sets how long a
    /// card waits for its family's turn; the RF field is on for the whole polling whatever the
    /// Period (UM0701 gives no pause between windows), so a longer Period would save no radio
    /// time, only add latency. The cost against the old host-driven rounds (the chip waiting
    /// for type A, with FeliCa 212/424, type B and Jewel polled once every 0.25 s): with
    /// ``autoPollTypes(watching:)`` a type A card waits at most one 150 ms window (it was seen
    /// at once), a card of another family at most 7 windows, 1.05 s (it was 0.25 s and a
    /// round); in exchange the host sends nothing between health checks.
    public static let autoPollPeriod: UInt8 = 0x01

    /// The InAutoPoll types that watch type A and `otherFamilies`: type A between each other
    /// family and the next, so that the family of most credentials (and of phones) comes
    /// every other window: `[A, F212, A, F424, A, B, A, Jewel]` for every family.
    public static func autoPollTypes(watching otherFamilies: [PassiveModulation]) -> [AutoPollType] {
        let typeA = PassiveModulation.typeA106.autoPollType
        let others = otherFamilies.filter { $0 != .typeA106 }
        return others.isEmpty ? [typeA] : others.flatMap { [typeA, $0.autoPollType] }
    }

    /// How long the chip takes to poll every type once while watching `otherFamilies`: the
    /// longest a card waits for its family's turn, and the shortest wait between two health
    /// checks (one that cancelled the polling sooner would keep the last families from ever
    /// having their turn).
    public static func autoPollCycle(watching otherFamilies: [PassiveModulation]) -> Duration {
        autoPollWindow * autoPollTypes(watching: otherFamilies).count
    }

    /// One type's turn: Period × 150 ms.
    static let autoPollWindow: Duration = .milliseconds(150) * Int(autoPollPeriod)

    /// Has the chip poll for `otherFamilies` and type A until a card comes (PollNr FF); the
    /// reply is collected with `responseIfReady(until:)` and read by ``waitedTargets(_:)``, or
    /// the polling cancelled with `cancel()`.
    public func beginAutoPoll(watching otherFamilies: [PassiveModulation]) throws(PN532Error) {
        try begin(.inAutoPoll(pollCount: 0xFF, period: Self.autoPollPeriod, types: Self.autoPollTypes(watching: otherFamilies)))
    }

    /// The targets in the reply to the command that waited for a card: InAutoPoll's, or
    /// InListPassiveTarget's for type A.
    ///
    /// - Throws: `PN532Error` with the reply error when the reply is malformed.
    public func waitedTargets(_ payload: [UInt8]) throws(PN532Error) -> [ListedTarget] {
        let isAutoPoll = payload.first == CommandCode.inAutoPoll.responseCode
        do throws(ReplyError) {
            if isAutoPoll { return try TargetList(autoPollPayload: payload).targets }
            return try TargetList(payload: payload, modulation: .typeA106).targets.compactMap(\.passiveTarget).map(\.listed)
        } catch {
            throw PN532Error(.reply(error), command: isAutoPoll ? .inAutoPoll : .inListPassiveTarget, device: link.name)
        }
    }
}
