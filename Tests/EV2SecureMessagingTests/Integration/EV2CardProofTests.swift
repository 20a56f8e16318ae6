import Credentials
import DESFire
@testable import EV2SecureMessaging
import NFCCore
import PN532
import PN532Simulator
import TestSupport
import Testing

/// The door's challenge (`EV2CardProof`) against the simulated NTAG 424 DNA, and against a
/// card that replays a recorded authentication.
@Suite("EV2 card proof: the door's challenge of a keyed card")
struct EV2CardProofTests {
    typealias Field = SimulatedNTAG424Tests.Field

    /// The keyed card's key 2 for any UID (its test keys are not diversified).
    static let request = EV2ProofRequest(keyNumber: 2, asksKeyVersion: false) { _, _ in SimulatedNTAG424Tests.testKey(2) }
    static let challengeA: [UInt8] = (0..<16).map { UInt8($0) }
    static let challengeB: [UInt8] = (0..<16).map { UInt8(0xF0 - $0) }

    /// A fresh field with the keyed card (the SELECT `Field` sends is not part of the proof's).
    static func exchange(_ tag: SimulatedTag = .ntag424Keyed()) throws -> (TargetExchange, [UInt8]) {
        let field = try SimulatedSession([tag])
        let target = try field.firstTarget(.typeA106)
        return (TargetExchange(session: field.session, target: target), target.passiveTarget?.uid ?? [])
    }

    @Test("the keyed card proves key 2: its UID, its signature, in four commands")
    func keyedCardProves() throws {
        let (exchange, uid) = try Self.exchange()
        let recorder = Recorder(exchange)
        let card = try EV2CardProof.prove(over: recorder, listedUID: uid, request: Self.request)
        #expect(card.uid == uid)
        #expect(card.signature.count == 56)
        #expect(card.keyVersion == nil)
        #expect(recorder.answers.count == 4, "SELECT, authentication parts 1 and 2, Read_Sig")
    }

    @Test("a wrong key is an authentication failure")
    func wrongKey() throws {
        let (exchange, uid) = try Self.exchange()
        let wrong = EV2ProofRequest(keyNumber: 2, asksKeyVersion: false) { _, _ in SimulatedNTAG424Tests.testKey(3) }
        #expect(throws: EV2ProofFailure.authenticationFailed(.status(.authenticationError, step: "AuthenticateEV2First key 2"))) {
            try EV2CardProof.prove(over: exchange, listedUID: uid, request: wrong)
        }
    }

    @Test("a recorded authentication replayed against a new challenge fails; against the recorded one it would pass")
    func replayedAuthenticationFails() throws {
        let (exchange, uid) = try Self.exchange()
        let recorder = Recorder(exchange)
        _ = try EV2CardProof.prove(over: recorder, listedUID: uid, request: Self.request, challenge: { Self.challengeA })
        let replayedSame = Replayer(recorder.answers)
        #expect(try EV2CardProof.prove(over: replayedSame, listedUID: uid, request: Self.request, challenge: { Self.challengeA }).uid == uid)
        let replayed = Replayer(recorder.answers)
        #expect(throws: EV2ProofFailure.authenticationFailed(.cardNotAuthenticated(step: "AuthenticateEV2First key 2"))) {
            try EV2CardProof.prove(over: replayed, listedUID: uid, request: Self.request, challenge: { Self.challengeB })
        }
        #expect(replayed.answered == 3, "nothing is sent after the failed proof")
        #expect(replayed.commands.count == 3)
    }

    @Test("a random-ID card: the UID key reads the real UID, the card's own key then proves it")
    func randomIDCard() throws {
        let field = try Field(.ntag424Keyed())
        let realUID = field.listedUID
        try field.card.authenticateFirst(keyNumber: 0, key: SimulatedNTAG424Tests.testKey(0))
        try field.card.setConfiguration(randomID: true)
        let configured = try #require(field.field.chip.field.first)
        let (exchange, listed) = try Self.exchange(configured)
        #expect(listed.first == 0x08)
        #expect(throws: EV2ProofFailure.randomUIDWithoutUIDKey(listed)) {
            try EV2CardProof.prove(over: exchange, listedUID: listed, request: Self.request)
        }
        let withUIDKey = EV2ProofRequest(keyNumber: 2, asksKeyVersion: false, uidKey: (1, SimulatedNTAG424Tests.testKey(1))) { uid, _ in
            uid == realUID ? SimulatedNTAG424Tests.testKey(2) : nil
        }
        let (again, listedAgain) = try Self.exchange(configured)
        #expect(try EV2CardProof.prove(over: again, listedUID: listedAgain, request: withUIDKey).uid == realUID)
    }
}

extension EV2CardProofTests {
    @Test("a DESFire application is selected with the native SelectApplication; a card without it is not the card it claims")
    func desfireApplicationSelect() throws {
        let request = EV2ProofRequest(application: .desfire(DESFireApplicationID(0xF51234)), keyNumber: 1, asksKeyVersion: false) { _, _ in
            SimulatedNTAG424Tests.testKey(1)
        }
        let missing = Replayer([[0x91, 0xA0]])
        #expect(throws: EV2ProofFailure.noApplication("SelectApplication F51234: the card answered 91 A0 (application not found)")) {
            try EV2CardProof.prove(over: missing, listedUID: [0x04, 1, 2, 3, 4, 5, 6], request: request)
        }
        #expect(missing.commands == [[0x90, 0x5A, 0x00, 0x00, 0x03, 0x34, 0x12, 0xF5, 0x00]])
    }
}

/// Passes commands on and keeps every answer.
final class Recorder: TagExchange {
    let inner: any TagExchange
    private(set) var answers: [[UInt8]] = []
    init(_ inner: any TagExchange) { self.inner = inner }
    var maximumCommandLength: Int { inner.maximumCommandLength }
    var maximumAnswerLength: Int { inner.maximumAnswerLength }
    func exchange(_ command: [UInt8], answer: TagAnswer) throws(TagExchangeError) -> [UInt8] {
        let bytes = try inner.exchange(command, answer: answer)
        answers.append(bytes)
        return bytes
    }
    func reselect() throws(TagExchangeError) { try inner.reselect() }
}

/// A card that answers a recorded transcript, whatever it is asked: a replay attacker.
final class Replayer: TagExchange {
    private let answers: [[UInt8]]
    private(set) var answered = 0
    private(set) var commands: [[UInt8]] = []
    init(_ answers: [[UInt8]]) { self.answers = answers }
    let maximumCommandLength = 252
    let maximumAnswerLength = 252
    func exchange(_ command: [UInt8], answer: TagAnswer) throws(TagExchangeError) -> [UInt8] {
        commands.append(command)
        guard answered < answers.count else { throw .noAnswer }
        defer { answered += 1 }
        return answers[answered]
    }
    func reselect() throws(TagExchangeError) {}
}
