import Basics
import Credentials
import DESFire
@testable import EV2SecureMessaging
import ISO7816
import NFCCore
import TestSupport
import Testing

/// Answers a card or an attacker may give: each is a named error, never a crash, and each ends
/// the session (the card ends it on any error; this layer on any answer it cannot trust).
@Suite("EV2 hostile answers")
struct HostileAnswerTests {
    static let part1 = ("90 71 00 00 02 00 00 00", "A04C124213C186F22399D33AC2A30215 91AF")
    static let part2 = "90AF000020 35C3E05A752E0144BAC0DE51C1F22C56B34408A23D8AEA266CAB947EA8E0118D 00"
    static let rndA = hex("13C5DB8A5930439FC3DEF9A4C675360F")
    static let macSession = session(enc: "1309C877509E5A215007FF0ED19CA564", mac: "8248134A386E86EB7FAF54A52E536CB6", ti: "7A21085E", counter: 0)
    static let settingsCommand = "90F5000009 02 6597A457C8CD442C 00"
    static let settingsAnswer = "0040EEEE000100D1FE001F00004400004400002000006A0000"

    @Test("a wrong key: 91 AE on part 2 is the named authentication error")
    func wrongKey() {
        let card = card(ScriptedExchange([Self.part1, (Self.part2, "91AE")]))
        #expect(throws: EV2Error.status(.authenticationError, step: "AuthenticateEV2First key 0")) {
            try card.authenticateFirst(keyNumber: 0, key: zeroKey, challenge: Self.rndA)
        }
        #expect(card.session == nil)
        let error = EV2Error.status(.authenticationError, step: "AuthenticateEV2First key 0")
        #expect("\(error)".contains("91 AE (authentication error): a wrong key"))
    }

    @Test("a card that answers part 1 and then stalls is an exchange error")
    func stallAfterPart1() {
        let card = card(ScriptedExchange([Self.part1, (Self.part2, nil)]))
        #expect(throws: EV2Error.exchange(.exchange(.noAnswer), step: "AuthenticateEV2First key 0")) {
            try card.authenticateFirst(keyNumber: 0, key: zeroKey, challenge: Self.rndA)
        }
        #expect(card.session == nil)
    }

    @Test("a recorded part 2 that does not prove our challenge is refused")
    func wrongProof() {
        var forged = hex("3FA64DB5446D1F34CD6EA311167F5E4985B89690C04A05F17FA7AB2F08120663")
        forged[5] ^= 0x01
        let card = card(ScriptedExchange([Self.part1, (Self.part2, Hex.encode(forged) + "9100")]))
        #expect(throws: EV2Error.cardNotAuthenticated(step: "AuthenticateEV2First key 0")) {
            try card.authenticateFirst(keyNumber: 0, key: zeroKey, challenge: Self.rndA)
        }
        #expect(card.session == nil)
    }

    @Test("part 1 of the wrong length, or 91 00 instead of 91 AF, is malformed", arguments: [
        "A04C124213C186F22399D33AC2A302 91AF", "A04C124213C186F22399D33AC2A3021500 91AF", "A04C124213C186F22399D33AC2A30215 9100",
    ])
    func badPart1(answer: String) {
        let card = card(ScriptedExchange([(Self.part1.0, answer)]))
        #expect { try card.authenticateFirst(keyNumber: 0, key: zeroKey, challenge: Self.rndA) } throws: { error in
            guard case .malformedAnswer(_, "AuthenticateEV2First key 0") = error as? EV2Error else { return false }
            return true
        }
    }

    @Test("an ISO status word is not native; 91 AD is the named delay")
    func statusWords() {
        #expect(throws: EV2Error.notNative(.instructionNotSupported, step: "AuthenticateEV2First key 0")) {
            try card(ScriptedExchange([(Self.part1.0, "6D00")])).authenticateFirst(keyNumber: 0, key: zeroKey, challenge: Self.rndA)
        }
        #expect(throws: EV2Error.status(.authenticationDelay, step: "AuthenticateEV2First key 0")) {
            try card(ScriptedExchange([(Self.part1.0, "91AD")])).authenticateFirst(keyNumber: 0, key: zeroKey, challenge: Self.rndA)
        }
        #expect(DESFireStatus.authenticationDelay.description == "91 AD (authentication delay: too many failed authentications, retry later)")
    }

    @Test("a wrong MAC in an answer ends the session", arguments: [0, 7, 20, 32])
    func wrongMAC(flipped index: Int) {
        var answer = hex(Self.settingsAnswer + "2A474282E7A47986")
        answer[index] ^= 0x80
        let card = card(ScriptedExchange([(Self.settingsCommand, Hex.encode(answer) + "9100")]), in: Self.macSession)
        #expect(throws: EV2Error.wrongMAC(step: "GetFileSettings 02")) { try card.fileSettings(0x02) }
        #expect(card.session == nil)
    }

    @Test("an answer too short for its MAC is malformed; an error status ends the session")
    func shortAnswerAndErrorStatus() {
        let short = card(ScriptedExchange([(Self.settingsCommand, "2A4742 9100")]), in: Self.macSession)
        #expect(throws: EV2Error.malformedAnswer("3 bytes, too few for its 8-byte MAC", step: "GetFileSettings 02")) { try short.fileSettings(0x02) }
        #expect(short.session == nil)
        let refused = card(ScriptedExchange([(Self.settingsCommand, "919D")]), in: Self.macSession)
        #expect(throws: EV2Error.status(.permissionDenied, step: "GetFileSettings 02")) { try refused.fileSettings(0x02) }
        #expect(refused.session == nil)
    }

    @Test("a full answer that is not whole blocks, or whose padding is wrong, is malformed though its MAC is right")
    func badPadding() throws {
        let session = session(enc: "2B4D963C014DC36F24F69A50A394F875", mac: "379D32130CE61705DD5FD8C36B95D764", ti: "DF055522", counter: 0)
        for (plain, problem) in [
            (hex("04958CAA5C5E81 000000000000000000"), "the decrypted answer does not end in 80 00… padding"),
            (hex("04958CAA5C5E80 800000000000000001"), "the decrypted answer does not end in 80 00… padding"),
        ] {
            let cipher = try #require(session.encryptionKey.cbcEncrypt(plain, iv: session.iv(response: true)))
            let mac = session.truncatedMAC([0x00, 0x01, 0x00] + session.transactionIdentifier + cipher)
            let card = card(ScriptedExchange([("9051000008 8E2C155ADDA99BE3 00", Hex.encode(cipher + mac) + "9100")]), in: session)
            #expect(throws: EV2Error.malformedAnswer(problem, step: "GetCardUID")) { try card.cardUID() }
            #expect(card.session == nil)
        }
        let partial = hex("70756055688505B52A5E26E59E32")
        let mac = session.truncatedMAC([0x00, 0x01, 0x00] + session.transactionIdentifier + partial)
        let card = card(ScriptedExchange([("9051000008 8E2C155ADDA99BE3 00", Hex.encode(partial + mac) + "9100")]), in: session)
        #expect(throws: EV2Error.malformedAnswer("14 encrypted bytes, not whole 16-byte blocks", step: "GetCardUID")) { try card.cardUID() }
    }

    @Test("an authentic answer of the wrong format (a 6-byte UID) is malformed and ends the session")
    func authenticButMalformed() throws {
        let session = session(enc: "2B4D963C014DC36F24F69A50A394F875", mac: "379D32130CE61705DD5FD8C36B95D764", ti: "DF055522", counter: 0)
        let cipher = try #require(session.encryptionKey.cbcEncrypt(hex("04958CAA5C5E80 000000000000000000"), iv: session.iv(response: true)))
        let mac = session.truncatedMAC([0x00, 0x01, 0x00] + session.transactionIdentifier + cipher)
        let card = card(ScriptedExchange([("9051000008 8E2C155ADDA99BE3 00", Hex.encode(cipher + mac) + "9100")]), in: session)
        #expect(throws: EV2Error.malformedAnswer("a UID of 6 bytes", step: "GetCardUID")) { try card.cardUID() }
        #expect(card.session == nil)
    }

    @Test("padding is found only in the last block, after the data")
    func paddingStart() {
        #expect(EV2Session.paddingStart(hex("01 80 00")) == 1)
        #expect(EV2Session.paddingStart(hex("80")) == 0)
        #expect(EV2Session.paddingStart([0x80] + [UInt8](repeating: 0, count: 16)) == nil)
        #expect(EV2Session.paddingStart([]) == nil)
        #expect(EV2Session.paddingStart(hex("80 01")) == nil)
    }

    @Test("a spent counter sends nothing and ends the session")
    func spentCounter() {
        let script = ScriptedExchange([])
        let card = card(script, in: session(enc: "1309C877509E5A215007FF0ED19CA564", mac: "8248134A386E86EB7FAF54A52E536CB6", ti: "7A21085E", counter: .max))
        #expect(throws: EV2Error.counterExhausted(step: "GetFileSettings 02")) { try card.fileSettings(0x02) }
        #expect(script.sent.isEmpty && card.session == nil)
    }

    @Test("MAC and full commands need a session; nothing is sent without one")
    func needsSession() {
        let script = ScriptedExchange([])
        let card = card(script)
        #expect(throws: EV2Error.notAuthenticated(step: "GetCardUID")) { try card.cardUID() }
        #expect(throws: EV2Error.notAuthenticated(step: "SetConfiguration PICC")) { try card.setConfiguration(randomID: true) }
        #expect(throws: EV2Error.notAuthenticated(step: "ReadData 03")) { try card.readData(0x03, offset: 0, length: 4, mode: .full) }
        #expect(script.sent.isEmpty)
    }
}
