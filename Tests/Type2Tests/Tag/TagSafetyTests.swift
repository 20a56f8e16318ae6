import NDEF
import PN532Simulator
import TagProtocols
import Testing
import TestSupport
@testable import Type2

/// Operations that could harm a tag check everything before their first write (issue 14).
@Suite("Tag safety: one-time-programmable pages, erasing, locks, protection")
struct TagSafetyTests {
    /// CC `E2 10 12 00` can never become `E1 10 12 00` (bits can only be set): format refuses
    /// and the tag's memory is unchanged.
    @Test func formatRefusesACapabilityContainerItCannotReach() throws {
        let field = try SimulatedField([try SimulatedTag(product: .ntag213, mfd: try CraftedTagImage.ccE2.bytes())])
        let before = field.memory
        #expect(throws: Type2Error.oneTimeProgrammable(page: 3, holds: [0xE2, 0x10, 0x12, 0x00], wanted: [0xE1, 0x10, 0x12, 0x00])) {
            try field.tag().format()
        }
        #expect(field.memory == before)
    }

    @Test func capabilityContainerReachability() {
        let target = CapabilityContainer(page: [0xE1, 0x10, 0x12, 0x00])
        #expect(CapabilityContainer(page: [0, 0, 0, 0]).canBecome(target))
        #expect(CapabilityContainer(page: [0xE1, 0x00, 0x02, 0x00]).canBecome(target))
        #expect(!CapabilityContainer(page: [0xE2, 0x10, 0x12, 0x00]).canBecome(target))
        #expect(!CapabilityContainer(page: [0xE1, 0x10, 0x3E, 0x00]).canBecome(target))
    }

    /// A tag holding a message is erased only when the caller confirms; the empty message and
    /// a blank tag need no confirmation.
    @Test func formatErasesAMessageOnlyWhenConfirmed() throws {
        let field = try SimulatedField(.ntag213)
        try field.tag().writeNDEF(NDEFMessage(records: [.uri("https://a.example")]))
        let before = field.memory
        #expect(throws: Type2Error.wouldErase("an NDEF message of 14 bytes")) { try field.tag().format() }
        #expect(field.memory == before)
        try field.tag().format(erasing: true)
        #expect(try field.tag().readNDEF() == .empty)
        try field.tag().format()
        var blank = SimulatedTag(product: .ntag213)
        blank.memory.replaceSubrange(12..<16, with: [0, 0, 0, 0])
        try SimulatedField([blank]).tag().format()
    }

    @Test func lockingTwiceSaysAlreadyLocked() throws {
        let field = try SimulatedField(.ntag213)
        #expect(try field.tag().lock().pagesWritten == 3)
        let locked = field.memory
        #expect(throws: Type2Error.alreadyLocked) { try field.tag().lock() }
        #expect(field.memory == locked)
    }

    /// A formatted tag whose data area is erased (all FF) or zeroed has no NDEF TLV: the status
    /// says so, and a write puts the TLV first.
    @Test(arguments: [UInt8(0x00), 0xFF])
    func blankDataAreaHasNoTLVAndTakesAWrite(_ fill: UInt8) throws {
        var tag = SimulatedTag(product: .ntag213)
        tag.memory.replaceSubrange(16..<16 + 144, with: [UInt8](repeating: fill, count: 144))
        let field = try SimulatedField([tag])
        let status = try field.tag().queryNDEFStatus()
        #expect(status == NDEFStatusReport(status: .readWrite, capacity: 142, hasNDEFTLV: false))
        let message = NDEFMessage(records: [.uri("https://a.example")])
        try field.tag().writeNDEF(message)
        #expect(try field.tag().readNDEF() == message)
    }

    /// An area that only begins with FF is an undefined TLV, not erased memory: lenient mode
    /// skips it by its length and finds the NDEF TLV behind it, as `Type2DataArea` does
    /// (found by FuzzType2Layout: the reader took it for an erased area).
    @Test func undefinedFFTLVIsSkippedNotTakenForErasedMemory() throws {
        var tag = SimulatedTag(product: .ntag213)
        let message = NDEFMessage(records: [.uri("https://a.example")])
        let area = [0xFF, 0x02, 0x00, 0x00] + (try Type2DataArea.ndefTLV(for: message.encoded()))
        tag.memory.replaceSubrange(16..<16 + area.count, with: area)
        let field = try SimulatedField([tag])
        #expect(try field.tag().readNDEF(mode: .lenient) == message)
        #expect(try Type2DataArea.ndefMessage(in: area, mode: .lenient).message == message.encoded())
        #expect(throws: Type2Error.self) { try field.tag().readNDEF(mode: .strict) }
    }

    /// Without the password: AUTH0, PROT and AUTHLIM from the configuration pages when reads
    /// are open; AUTH0 found by refused reads when they are not.
    @Test func protectionIsReadWithoutThePassword() throws {
        let writes = try SimulatedField(.ntag215)
        try writes.tag().protect(PasswordProtection(password: [1, 2, 3, 4], acknowledge: [0, 0], firstProtectedPage: 16, attemptLimit: 3))
        #expect(try writes.tag().readProtection() == ProtectionState(firstProtectedPage: 16, protectsReads: false, attemptLimit: 3))
        let reads = try SimulatedField(.ntag213)
        try reads.tag().writeNDEF(NDEFMessage(records: [.uri("https://" + String(repeating: "a", count: 60))]))
        try reads.tag().protect(PasswordProtection(password: [1, 2, 3, 4], acknowledge: [0, 0], firstProtectedPage: 9, protectsReads: true, attemptLimit: 1))
        let tag = try reads.tag()
        #expect(try tag.readProtection() == ProtectionState(firstProtectedPage: 9, protectsReads: true, attemptLimit: nil))
        let refused = try #require(throws: Type2Error.self) {
            do throws(Type2Error) { _ = try tag.readNDEF() } catch { throw tag.explainingProtection(error) }
        }
        guard case .passwordProtected(firstProtectedPage: 9, _) = refused else {
            Issue.record("not explained by the protection: \(refused)")
            return
        }
        #expect(try SimulatedField(.ntag213).tag().readProtection().firstProtectedPage == nil)
    }

    @Test func aWrongPasswordIsSaidSo() throws {
        let field = try SimulatedField(.ntag213)
        try field.tag().protect(PasswordProtection(password: [1, 2, 3, 4], acknowledge: [0, 0]))
        #expect(throws: Type2Error.wrongPassword) { try field.tag().authenticate(password: [9, 9, 9, 9]) }
    }
}
