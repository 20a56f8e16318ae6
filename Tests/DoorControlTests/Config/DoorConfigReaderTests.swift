import DoorControl
import Testing

/// What the configuration asks of the reader.
struct DoorConfigReaderTests {
    static func config(_ credentials: [Credential], dispatch: [DispatchRule] = []) -> DoorConfig {
        DoorConfig(
            reader: ReaderConfig(device: "sim", healthCheckInterval: .seconds(7)), relay: RelayConfig(output: LineConfig(line: "GPIO17")),
            users: [User(name: "a", credentials: credentials)], dispatch: dispatch)
    }

    @Test func uidCredentialsAloneSkipTheMessage() {
        #expect(!Self.config([.uid([1, 2, 3, 4])]).needsMessage)
    }

    @Test(arguments: [Credential.textEquals("x"), .uriPrefix("https://"), .signedToken, .mime(type: "a/b", payload: [])])
    func contentCredentialsNeedTheMessage(credential: Credential) {
        #expect(Self.config([.uid([1, 2, 3, 4]), credential]).needsMessage)
    }

    @Test func aDispatchRuleNeedsTheMessage() {
        let rule = DispatchRule(match: .uriPrefix("https://"), command: ["/bin/true"], timeout: .seconds(1))
        #expect(Self.config([.uid([1, 2, 3, 4])], dispatch: [rule]).needsMessage)
    }

    @Test func theHealthCheckIntervalComesFromTheReaderSection() {
        #expect(Self.config([]).readerTiming.healthInterval == .seconds(7))
    }
}
