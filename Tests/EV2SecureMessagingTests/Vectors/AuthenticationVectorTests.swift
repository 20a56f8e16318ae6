import Credentials
@testable import EV2SecureMessaging
import TestSupport
import Testing

/// AuthenticateEV2First and NonFirst on AN12196's vectors (reference type4-ntag424.md §9.1–9.3):
/// every byte the host sends is the vector's, and the session keys and TI are its.
@Suite("EV2 authentication vectors")
struct AuthenticationVectorTests {
    @Test("§9.1 AuthenticateEV2First with key 0")
    func firstKey0() throws {
        let script = ScriptedExchange([
            ("90 71 00 00 02 00 00 00", "A04C124213C186F22399D33AC2A30215 91AF"),
            ("90AF000020 35C3E05A752E0144BAC0DE51C1F22C56B34408A23D8AEA266CAB947EA8E0118D 00",
             "3FA64DB5446D1F34CD6EA311167F5E4985B89690C04A05F17FA7AB2F08120663 9100"),
        ])
        let card = card(script)
        try card.authenticateFirst(keyNumber: 0, key: zeroKey, challenge: hex("13C5DB8A5930439FC3DEF9A4C675360F"))
        #expect(script.isDone, "\(script.unexpected)")
        let session = try #require(card.session)
        #expect(session.transactionIdentifier == hex("9D00C4DF"))
        #expect(session.encryptionKey.bytes == hex("1309C877509E5A215007FF0ED19CA564"))
        #expect(session.macKey.bytes == hex("4C6626F5E72EA694202139295C7A7FC7"))
        #expect(session.commandCounter == 0 && session.keyNumber == 0)
    }

    @Test("§9.2 AuthenticateEV2First with key 3, then §9.3 NonFirst with key 0 keeps TI and counter")
    func firstKey3ThenNonFirst() throws {
        let script = ScriptedExchange([
            ("90 71 00 00 02 03 00 00", "B875CEB0E66A6C5CD00898DC371F92D1 91AF"),
            ("90AF000020FF0306E47DFBC50087C4D8A78E88E62DE1E8BE457AA477C707E2F0874916A8B100",
             "0CC9A8094A8EEA683ECAAC5C7BF20584206D0608D477110FC6B3D5D3F65C3A6A 9100"),
            ("90 77 00 00 01 00 00", "A6A2B3C572D06C097BB8DB70463E22DC 91AF"),
            ("90AF000020 BE7D45753F2CAB85F34BC60CE58B940763FE969658A532DF6D95EA2773F6E991 00", "B888349C24B315EAB5B589E279C8263E 9100"),
        ])
        let card = card(script)
        try card.authenticateFirst(keyNumber: 3, key: zeroKey, challenge: hex("B98F4C50CF1C2E084FD150E33992B048"))
        let first = try #require(card.session)
        #expect(first.transactionIdentifier == hex("7614281A") && first.keyNumber == 3)
        #expect(first.encryptionKey.bytes == hex("7A93D6571E4B180FCA6AC90C9A7488D4"))
        #expect(first.macKey.bytes == hex("FC4AF159B62E549B5812394CAB1918CC"))
        card.session?.advance()
        try card.authenticateNonFirst(keyNumber: 0, key: zeroKey, challenge: hex("60BE759EDA560250AC57CDDC11743CF6"))
        #expect(script.isDone, "\(script.unexpected)")
        let second = try #require(card.session)
        #expect(second.transactionIdentifier == hex("7614281A") && second.keyNumber == 0)
        #expect(second.encryptionKey.bytes == hex("4CF3CB41A22583A61E89B158D252FC53"))
        #expect(second.macKey.bytes == hex("5529860B2FC5FB6154B7F28361D30BF9"))
        #expect(second.commandCounter == 1)
    }

    @Test("NonFirst without a session sends nothing")
    func nonFirstNeedsASession() {
        let script = ScriptedExchange([])
        #expect(throws: EV2Error.notAuthenticated(step: "AuthenticateEV2NonFirst key 0")) {
            try card(script).authenticateNonFirst(keyNumber: 0, key: zeroKey)
        }
        #expect(script.sent.isEmpty)
    }

    @Test("a fresh challenge is 16 bytes and not the last one")
    func freshChallenges() {
        let a = EV2Card.freshChallenge(), b = EV2Card.freshChallenge()
        #expect(a.count == 16 && b.count == 16 && a != b)
    }
}
