import TestSupport
import PN532Simulator
import Testing

struct SimulatedTagPasswordTests {
    /// An NTAG213 whose pages from `auth0` on are protected by password `11223344`,
    /// PACK `ABCD`, with `access` in CFG1, written in the safe order (AUTH0 last).
    static func protectedNTAG213(auth0: UInt8 = 0x04, access: UInt8 = 0x00) -> SimulatedTag {
        var tag = activeTag(.ntag213)
        let writes: [[UInt8]] = [
            hex("A2 2B 11223344"),
            hex("A2 2C ABCD0000"),
            [0xA2, 0x2A, access, 0x05, 0x00, 0x00],
            [0xA2, 0x29, 0x04, 0x00, 0x00, auth0],
        ]
        for write in writes {
            precondition(tag.respond(to: write) == .ack(pagesWritten: 1), "setting up the password failed")
        }
        tag.activate()
        return tag
    }

    @Test func factoryPasswordIsFFFFFFFFWithPack0000() {
        var tag = activeTag(.ntag215)
        #expect(tag.send("1B FFFFFFFF") == .data([0x00, 0x00]))
        #expect(tag.isAuthenticated)
    }

    @Test func writesFromAUTH0OnNeedThePassword() {
        var tag = Self.protectedNTAG213()
        #expect(tag.send("A2 03 00000000") == .ack(pagesWritten: 1))
        #expect(tag.send("A2 04 DEADBEEF") == .nak(0x0))
        #expect(tag.sendAfterSelect("30 04") == .data(hex("0103A00C 340300FE 00000000 00000000")))
        #expect(tag.send("1B 11223344") == .data([0xAB, 0xCD]))
        #expect(tag.send("A2 04 DEADBEEF") == .ack(pagesWritten: 1))
        #expect(tag.storedPage(4) == hex("DEADBEEF"))
    }

    @Test func wrongPasswordIsRefusedAndLeavesTheTagIdle() {
        var tag = Self.protectedNTAG213()
        #expect(tag.send("1B 11223345") == .nak(0x0))
        #expect(!tag.isAuthenticated)
        #expect(tag.state == .idle)
        #expect(tag.send("30 00") == .silent)
        #expect(tag.failedPasswordAttempts == 0)
    }

    @Test func authlimBlocksEvenTheRightPasswordOnceReached() {
        var tag = Self.protectedNTAG213(access: 0x01)
        #expect(tag.send("1B 00000000") == .nak(0x0))
        #expect(tag.sendAfterSelect("1B 00000001") == .nak(0x0))
        #expect(tag.failedPasswordAttempts == 2)
        #expect(tag.sendAfterSelect("1B 11223344") == .nak(0x4))
        #expect(!tag.isAuthenticated)
        #expect(tag.sendAfterSelect("A2 04 DEADBEEF") == .nak(0x0))
    }

    @Test func attemptCountSurvivesActivation() {
        var tag = Self.protectedNTAG213(access: 0x01)
        _ = tag.send("1B 00000000")
        tag.activate()
        _ = tag.send("1B 00000000")
        tag.activate()
        #expect(tag.failedPasswordAttempts == 2)
        #expect(tag.send("1B 11223344") == .nak(0x4))
    }

    @Test func rightPasswordBeforeTheLimitResetsTheCount() {
        var tag = Self.protectedNTAG213(access: 0x02)
        _ = tag.send("1B 00000000")
        #expect(tag.sendAfterSelect("1B 11223344") == .data([0xAB, 0xCD]))
        #expect(tag.failedPasswordAttempts == 0)
    }

    @Test func authlimZeroMeansUnlimitedAttempts() {
        var tag = Self.protectedNTAG213(access: 0x00)
        for _ in 0..<20 {
            #expect(tag.sendAfterSelect("1B 00000000") == .nak(0x0))
        }
        #expect(tag.sendAfterSelect("1B 11223344") == .data([0xAB, 0xCD]))
    }

    @Test func readProtectionRefusesReadsFromAUTH0() {
        var tag = Self.protectedNTAG213(access: 0x80)
        #expect(tag.send("30 04") == .nak(0x0))
        #expect(tag.sendAfterSelect("3A 00 04") == .nak(0x0))
        #expect(tag.sendAfterSelect("3A 00 03") == .data(Array(tag.memory[0..<16])))
    }

    @Test func readCrossingAUTH0RollsOverToPageZero() {
        var tag = Self.protectedNTAG213(access: 0x80)
        let page0to3 = Array(tag.memory[0..<16])
        #expect(tag.send("30 02") == .data(Array(page0to3[8..<16]) + Array(page0to3[0..<8])))
    }

    @Test func readProtectionIsLiftedByThePassword() {
        var tag = Self.protectedNTAG213(access: 0x80)
        #expect(tag.send("1B 11223344") == .data([0xAB, 0xCD]))
        #expect(tag.send("30 02") == .data(Array(tag.memory[8..<24])))
        #expect(tag.send("3A 29 2C") == .data(hex("04000004 80050000 00000000 00000000")))
    }

    @Test func writeOnlyProtectionLeavesReadsOpen() {
        var tag = Self.protectedNTAG213(auth0: 0x10, access: 0x00)
        #expect(tag.send("3A 00 2C").pagesWritten == 0)
        #expect(tag.state == .active)
        #expect(tag.send("A2 10 00000000") == .nak(0x0))
    }

    @Test func protectedConfigurationNeedsThePasswordToChange() {
        var tag = Self.protectedNTAG213(auth0: 0x29)
        #expect(tag.send("A2 29 040000FF") == .nak(0x0))
        #expect(tag.sendAfterSelect("1B 11223344") == .data([0xAB, 0xCD]))
        #expect(tag.send("A2 29 040000FF") == .ack(pagesWritten: 1))
        tag.activate()
        #expect(tag.send("A2 04 00000000") == .ack(pagesWritten: 1))
    }

    @Test func passwordReadsAsZeroButIsStored() {
        var tag = Self.protectedNTAG213()
        #expect(tag.send("30 2B") == .data([UInt8](repeating: 0, count: 8) + Array(tag.memory[0..<8])))
        #expect(tag.storedPage(0x2B) == hex("11223344"))
        #expect(tag.mfdImage[0x2B * 4..<0x2B * 4 + 4] == [0x11, 0x22, 0x33, 0x44])
    }

    @Test func activationForgetsTheAuthentication() {
        var tag = Self.protectedNTAG213()
        #expect(tag.send("1B 11223344") == .data([0xAB, 0xCD]))
        tag.activate()
        #expect(!tag.isAuthenticated)
        #expect(tag.send("A2 04 DEADBEEF") == .nak(0x0))
    }

    @Test func ultralightEV1PasswordPages() {
        var tag = activeTag(.ultralightEV1MF0UL11)
        #expect(tag.send("A2 12 CAFEF00D") == .ack(pagesWritten: 1))
        #expect(tag.send("A2 13 12340000") == .ack(pagesWritten: 1))
        #expect(tag.send("A2 10 00000004") == .ack(pagesWritten: 1))
        tag.activate()
        #expect(tag.send("A2 04 00000000") == .nak(0x0))
        #expect(tag.sendAfterSelect("1B CAFEF00D") == .data([0x12, 0x34]))
        #expect(tag.send("A2 04 00000000") == .ack(pagesWritten: 1))
    }

    @Test func plainUltralightIgnoresPasswordAuthentication() {
        var tag = activeTag(.ultralight)
        #expect(tag.send("1B FFFFFFFF") == .silent)
    }

    @Test func passwordAuthenticationOfTheWrongLengthIsRefused() {
        var tag = activeTag(.ntag213)
        #expect(tag.send("1B FFFFFF") == .nak(0x0))
    }
}
