import DoorControl
import Testing

@Suite("Door configuration: warnings about weak setups")
struct DoorConfigWarningsTests {
    static let randomKey: [UInt8] = (0..<32).map { UInt8(truncatingIfNeeded: $0 * 37 + 11) }

    static func config(_ security: SecurityConfig, users: [User] = [User(name: "alice", credentials: [.signedToken])]) -> DoorConfig {
        DoorConfig(reader: ReaderConfig(device: "/dev/serial0"), relay: RelayConfig(output: LineConfig(line: "GPIO17")), security: security, users: users)
    }

    @Test func theSecureExampleHasNoWarning() {
        let secure = SecurityConfig(keyFile: "/k", rollingCounter: true, requireGenuine: true)
        #expect(Self.config(secure).securityWarnings(key: Self.randomKey).isEmpty)
    }

    @Test func eachWeakSettingIsNamed() {
        let weak = SecurityConfig(keyFile: "/k", lockout: nil, acceptV1Tokens: true, requireSynchronisedClock: false)
        let users = [
            User(name: "alice", credentials: [.signedToken]),
            User(name: "shift", credentials: [.uid([1, 2, 3, 4])], validUntil: CivilDate(year: 2027, month: 1, day: 1)),
        ]
        let warnings = Self.config(weak, users: users).securityWarnings(key: Array("correct horse battery staple 123".utf8))
        #expect(warnings.count == 7)
        for key in ["security.key_file", "accept_v1_tokens", "rolling_counter", "require_genuine", "require_synchronised_clock", "lockout", "a UID is copyable"] {
            #expect(warnings.contains { $0.contains(key) }, "\(key)")
        }
    }

    @Test func countersAndGenuineTagsMatterOnlyWithTokenUsers() {
        let plain = SecurityConfig(keyFile: "/k")
        #expect(Self.config(plain, users: [User(name: "bob", credentials: [.uid([1, 2, 3, 4])])]).securityWarnings(key: Self.randomKey) == [
            Self.copyable("bob", "01:02:03:04")
        ])
    }

    /// The warning every UID credential gets.
    static func copyable(_ user: String, _ uid: String) -> String {
        "user \"\(user)\" has uid \(uid): a UID is copyable (anyone who reads it can write it onto a UID-changeable tag or emulate it); give the user an NTAG 424 DNA (ntag424) instead"
    }

    @Test func everyUIDCredentialIsCopyableAndAnNTAG424IsNot() {
        let plain = SecurityConfig(keyFile: "/k")
        var config = Self.config(plain, users: [
            User(name: "carol", credentials: [.uid([4, 1, 2, 3, 4, 5, 6]), .uid([4, 1, 2, 3, 4, 5, 7])]),
            User(name: "erin", credentials: [.ntag424([4, 1, 2, 3, 4, 5, 8])]),
        ])
        config.ntag424 = KeyedCardConfig(keyNumber: 2, masterKeys: [KeyedCardConfig.MasterKey(version: nil, path: "/m")])
        #expect(config.securityWarnings(key: Self.randomKey) == [
            Self.copyable("carol", "04:01:02:03:04:05:06"), Self.copyable("carol", "04:01:02:03:04:05:07"),
        ])
        config.ntag424?.requireGenuine = false
        #expect(config.securityWarnings(key: Self.randomKey).last?.hasPrefix("credentials.ntag424.require_genuine = false") == true)
    }

    @Test func aDESFireCredentialIsNotCopyableAndItsRequireGenuineOffIsNamed() {
        var config = Self.config(SecurityConfig(keyFile: "/k"), users: [User(name: "frank", credentials: [.desfire([4, 1, 2, 3, 4, 5, 9])])])
        config.desfire = KeyedCardConfig(family: .desfire, application: [0xF5, 0x42, 0x01], keyNumber: 1, masterKeys: [KeyedCardConfig.MasterKey(version: nil, path: "/m")])
        #expect(config.securityWarnings(key: Self.randomKey).isEmpty)
        config.desfire?.requireGenuine = false
        #expect(config.securityWarnings(key: Self.randomKey) == [
            "credentials.desfire.require_genuine = false: cards whose originality signature is not NXP's are let in when they prove their key",
        ])
    }

    @Test func aFeliCaIDmOnADoorThatPollsTypeAOnlyIsNamed() {
        let plain = SecurityConfig(keyFile: "/k")
        let users = [User(name: "dave", credentials: [.uid([0x01, 0x2E, 0x4C, 0xF1, 0, 0, 0, 1])]), User(name: "bob", credentials: [.uid([1, 2, 3, 4])])]
        var config = Self.config(plain, users: users)
        let copyable = [Self.copyable("dave", "01:2E:4C:F1:00:00:00:01"), Self.copyable("bob", "01:02:03:04")]
        #expect(config.securityWarnings(key: Self.randomKey) == copyable)
        config.reader.pollsOtherFamilies = false
        #expect(config.securityWarnings(key: Self.randomKey) == copyable + [
            "user \"dave\" has the 8-byte uid 01:2E:4C:F1:00:00:00:01, a FeliCa IDm, but reader.other_families = false: the reader never polls FeliCa, so it never matches; turn other_families on"
        ])
    }
}
