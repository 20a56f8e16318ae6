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
        #expect(warnings.count == 6)
        for key in ["security.key_file", "accept_v1_tokens", "rolling_counter", "require_genuine", "require_synchronised_clock", "lockout"] {
            #expect(warnings.contains { $0.contains(key) }, "\(key)")
        }
    }

    @Test func countersAndGenuineTagsMatterOnlyWithTokenUsers() {
        let plain = SecurityConfig(keyFile: "/k")
        #expect(Self.config(plain, users: [User(name: "bob", credentials: [.uid([1, 2, 3, 4])])]).securityWarnings(key: Self.randomKey).isEmpty)
    }
}
