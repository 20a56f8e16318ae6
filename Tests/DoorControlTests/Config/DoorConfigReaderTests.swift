import DoorControl
import Testing

/// What the configuration asks of the reader.
struct DoorConfigReaderTests {
    static func config(_ credentials: [Credential], hooks: HooksConfig = HooksConfig()) -> DoorConfig {
        DoorConfig(
            reader: ReaderConfig(device: "sim", healthCheckInterval: .seconds(7)), relay: RelayConfig(output: LineConfig(line: "GPIO17")),
            users: [User(name: "a", credentials: credentials)], hooks: hooks)
    }

    @Test func uidCredentialsAloneSkipTheMessage() {
        #expect(!Self.config([.uid([1, 2, 3, 4])]).needsMessage)
    }

    @Test(arguments: [Credential.textEquals("x"), .uriPrefix("https://"), .signedToken, .mime(type: "a/b", payload: [])])
    func contentCredentialsNeedTheMessage(credential: Credential) {
        #expect(Self.config([.uid([1, 2, 3, 4]), credential]).needsMessage)
    }

    @Test func hookEventsNeedTheMessage() {
        #expect(Self.config([.uid([1, 2, 3, 4])], hooks: HooksConfig(socket: "/run/h")).needsMessage)
    }

    @Test func theHealthCheckIntervalComesFromTheReaderSection() {
        #expect(Self.config([]).readerTiming.healthInterval == .seconds(7))
    }
}
