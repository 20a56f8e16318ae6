@testable import PN532Simulator
import Testing
import TestSupport

/// The simulated Ultralight AES at the card's edge: the authentication's state between its two
/// parts, AUTHLIM, the key lock bits, and the simulator's own AN10922 against the published
/// vector (reference §9.8).
struct UltralightAESCardTests {
    /// A selected card.
    static func active(_ tag: SimulatedTag = SimulatedTag(product: .ultralightAES)) -> SimulatedTag {
        var tag = tag
        tag.activate()
        return tag
    }

    /// Part 1 with key 0, and the part-2 command a reader holding `key` sends for RndA 00…0F.
    static func part2(_ tag: inout SimulatedTag, key: [UInt8]) -> [UInt8]? {
        guard case .data(let answer) = tag.respond(to: [0x1A, 0x00]).kind, answer.count == 17, answer[0] == 0xAF else { return nil }
        let cipher = SimulatorAES(key: key)
        let rndB = cipher.decryptCBC(Array(answer.dropFirst()))
        return [0xAF] + cipher.encryptCBC((0..<16).map { UInt8($0) } + Array(rndB.dropFirst()) + [rndB[0]])
    }

    @Test func theRightKeyAnswersRndAPrimeAndOpensTheProtectedPages() throws {
        var tag = Self.active(.ultralightAESKeyed())
        #expect(tag.respond(to: [0x30, 0x04]).kind == .nak(0))
        tag.activate()
        let commandBytes = Self.part2(&tag, key: SimulatedTag.ultralightAESTestDataKey)
        let command = try #require(commandBytes)
        guard case .data(let answer) = tag.respond(to: command).kind else { Issue.record("no answer"); return }
        #expect(answer.first == 0x00)
        #expect(SimulatorAES(key: SimulatedTag.ultralightAESTestDataKey).decryptCBC(Array(answer.dropFirst())) == (1..<16).map { UInt8($0) } + [0])
        #expect(tag.isAuthenticated)
        #expect(tag.respond(to: [0x30, 0x04]).kind == .data([0x03, 0x00, 0xFE, 0x00] + [UInt8](repeating: 0, count: 12)))
    }

    @Test func part2WithoutPart1OrAfterAnotherCommandIsRefused() throws {
        var tag = Self.active()
        #expect(tag.respond(to: [0xAF] + [UInt8](repeating: 0, count: 32)).kind == .nak(0))
        tag.activate()
        let commandBytes = Self.part2(&tag, key: [UInt8](repeating: 0, count: 16))
        let command = try #require(commandBytes)
        _ = tag.respond(to: [0x30, 0x00])
        #expect(tag.respond(to: command).kind == .nak(0))
        #expect(!tag.isAuthenticated)
    }

    @Test func failuresCountAgainstAUTHLIMAndThenEvenTheRightKeyIsRefused() throws {
        var tag = SimulatedTag(product: .ultralightAES)
        let cfg1 = 0x2A * 4
        tag.memory[cfg1 + 2] = 0x02
        tag.activate()
        for _ in 0..<2 {
            let wrongBytes = Self.part2(&tag, key: [UInt8](repeating: 0x77, count: 16))
        let wrong = try #require(wrongBytes)
            #expect(tag.respond(to: wrong).kind == .nak(0))
            tag.activate()
        }
        #expect(tag.respond(to: [0x1A, 0x00]).kind == .nak(4))
    }

    @Test func aLockedKeyCannotBeWritten() {
        var tag = Self.active()
        #expect(tag.respond(to: [0xA2, 0x30, 1, 2, 3, 4]).kind == .ack)
        #expect(tag.respond(to: [0xA2, 0x2D, 0x01, 0, 0, 0]).kind == .ack)
        #expect(tag.respond(to: [0xA2, 0x31, 1, 2, 3, 4]).kind == .nak(0))
        tag.activate()
        #expect(tag.respond(to: [0xA2, 0x34, 1, 2, 3, 4]).kind == .ack)
        #expect(tag.respond(to: [0x30, 0x30]).kind == .data([UInt8](repeating: 0, count: 16)), "key pages read as 00")
    }

    @Test func theSimulatorsAN10922GivesThePublishedKey() {
        let key = SimulatorAES(key: hex("00112233445566778899AABBCCDDEEFF")).diversified(hex("04782E21801D80 3042F5 4E585020416275"))
        #expect(key == hex("A8DD63A3B89D54B37CA802473FDA9175"))
    }

    @Test func theCloneKeepsUIDPagesAndSignatureButNotTheKeys() throws {
        var keyed = SimulatedTag.ultralightAESKeyed(master: hex("000102030405060708090A0B0C0D0E0F"))
        let copied = keyed.ultralightAESClone()
        let clone = try #require(copied)
        #expect(clone.uid == keyed.uid && clone.signature == keyed.signature && clone.signature.count == 48)
        #expect(clone.memory.prefix(0x30 * 4) == keyed.memory.prefix(0x30 * 4))
        #expect(clone.ultralightAESKey(0) != keyed.ultralightAESKey(0) && clone.ultralightAESKey(1) != keyed.ultralightAESKey(1))
        var ntag = SimulatedTag(product: .ntag213)
        #expect(ntag.ultralightAESClone() == nil)
    }
}
