import DoorControl
import Testing

/// `deny_when_stale`: a user who may enter only while the fleet's users snapshot is fresh.
@Suite("Door policy: users denied while the users snapshot is stale")
struct DoorPolicyStaleSnapshotTests {
    typealias F = PolicyFixtures
    static let issued: Int64 = 1_764_205_200

    static func policy(denied: Bool) -> DoorPolicy {
        var contractor = User(name: "contractor", credentials: [.uid(F.aliceUID)])
        contractor.deniedWhenStale = denied
        var config = F.config([contractor])
        var fleet = FleetConfig(site: "hq", group: "front", publicKeyFile: "/k", snapshot: "/s", version: 9, digest: String(repeating: "0", count: 64))
        fleet.issued = UInt64(issued)
        fleet.staleAfter = .seconds(72 * 3600)
        config.fleet = fleet
        return DoorPolicy(config: config, tokenKey: nil, originalityKey: config.security.originalityKey.publicKey)
    }

    static func at(hoursAfterIssue hours: Int64, synchronised: Bool = true) -> LocalTime {
        var time = LocalTime(epochSeconds: issued + hours * 3600, utcOffset: 0)
        time.isSynchronised = synchronised
        return time
    }

    @Test func aFreshSnapshotGrantsAndAStaleOneDenies() {
        let policy = Self.policy(denied: true)
        #expect(F.decide(policy, F.tag(F.aliceUID), at: Self.at(hoursAfterIssue: 71)).granted)
        let stale = F.decide(policy, F.tag(F.aliceUID), at: Self.at(hoursAfterIssue: 73))
        #expect(!stale.granted)
        #expect(stale.user == "contractor")
        #expect(stale.reason.hasSuffix("but the users snapshot (version 9) is stale (deny_when_stale)"))
    }

    @Test func anUnsynchronisedClockDeniesBecauseTheAgeIsUnknown() {
        let decision = F.decide(Self.policy(denied: true), F.tag(F.aliceUID), at: Self.at(hoursAfterIssue: 1, synchronised: false))
        #expect(!decision.granted)
        #expect(decision.reason.contains("the users snapshot's age is unknown"))
    }

    @Test func otherUsersKeepDecidingWithAStaleSnapshot() {
        #expect(F.decide(Self.policy(denied: false), F.tag(F.aliceUID), at: Self.at(hoursAfterIssue: 500)).granted)
        #expect(F.decide(Self.policy(denied: false), F.tag(F.aliceUID), at: Self.at(hoursAfterIssue: 500, synchronised: false)).granted)
    }
}
