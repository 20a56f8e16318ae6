import DoorControl
import Originality
import Testing
import TestSupport

@Suite("Door policy: require_genuine")
struct DoorPolicyGenuineTests {
    typealias F = PolicyFixtures

    static let signature = hex("7AA03F5E437B434C2547B1DEBA0FCAE831D4DEAAFF9B29FDEED7375BFD8D5FD4")
    static let users = [User(name: "alice", credentials: [.uid(F.aliceUID), .uid(hex("04A1B2C3D4E5F6")), .uid(hex("04000000000001")), .uid(hex("04112233445567"))])]

    static func policy(_ key: SecurityConfig.OriginalityKeyChoice) -> DoorPolicy {
        F.policy(users, security: SecurityConfig(requireGenuine: true, originalityKey: key, lockout: nil))
    }

    static func signed(_ uid: [UInt8], _ signature: [UInt8]?) -> Presentation {
        Presentation(uid: uid, product: "NTAG215", signature: signature)
    }

    @Test func goodTestKeySignaturesAreAccepted() {
        let policy = Self.policy(.test)
        #expect(F.decide(policy, Self.signed(F.aliceUID, Self.signature)).granted)
        #expect(F.decide(policy, Self.signed(hex("04A1B2C3D4E5F6"), hex("00659AE5D4FB2BE0B2F00A19044EBB2E9129ED965D8B4EA7A284FD677BF9B449"))).granted, "r with a leading 00")
        #expect(F.decide(policy, Self.signed(hex("04000000000001"), hex("162E1AE7CC280C9D78A417AE7730FE53F3A6D5BD44E9AF9CCA1BC18DDBF1CAF7"))).granted, "high S")
    }

    @Test func aMissingSignatureIsDenied() {
        let decision = F.decide(Self.policy(.test), Self.signed(F.aliceUID, nil))
        #expect(decision == Decision(granted: false, user: nil, rule: "security.require_genuine", reason: "no originality signature was read: genuine tags are required"))
    }

    @Test func badSignaturesAreDenied() {
        var tamperedS = Self.signature
        tamperedS[31] ^= 0x01
        var tamperedR = Self.signature
        tamperedR[0] ^= 0x80
        let cases: [([UInt8], [UInt8])] = [
            (hex("04112233445567"), Self.signature),
            (F.aliceUID, tamperedS),
            (F.aliceUID, tamperedR),
            (F.aliceUID, [UInt8](repeating: 0, count: 32)),
            (F.aliceUID, Array(Self.signature.prefix(16))),
        ]
        for (uid, signature) in cases {
            let decision = F.decide(Self.policy(.test), Self.signed(uid, signature))
            #expect(!decision.granted)
            #expect(decision.rule == "security.require_genuine")
            #expect(decision.reason == "the originality signature does not verify against the pn532ctl test key: not a genuine tag")
        }
    }

    @Test func theTestKeysSignatureIsNotNXPs() {
        let decision = F.decide(Self.policy(.nxp), Self.signed(F.aliceUID, Self.signature))
        #expect(!decision.granted)
        #expect(decision.reason == "the originality signature does not verify against the NXP NTAG21x key: not a genuine tag")
        #expect(SecurityConfig.OriginalityKeyChoice.nxp.publicKey == .nxpNTAG21x)
    }

    @Test func withoutRequireGenuineTheSignatureIsNotChecked() {
        #expect(F.decide(F.policy(Self.users), Self.signed(F.aliceUID, nil)).granted)
        #expect(F.decide(F.policy(Self.users), Self.signed(F.aliceUID, [UInt8](repeating: 0, count: 32))).granted)
    }
}
