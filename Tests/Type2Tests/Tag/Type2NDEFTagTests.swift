import NDEF
import PN532Simulator
import TagProtocols
import Testing
@testable import Type2

/// A Type 2 tag seen as `any NDEFTag`, as the door, the sessions and flash see it: the same
/// operations as its own methods, their errors as `TagFailure`s with the same words.
@Suite("Type 2 tags as NDEFTag: status, read, write, update, lock, originality signature, failures")
struct Type2NDEFTagTests {
    static let written = NDEFMessage(records: [.uri("https://example.com/door")])

    @Test(arguments: Transport.allCases)
    func statusReadAndWriteAreTheTagsOwn(_ transport: Transport) throws {
        let field = try SimulatedField(.ntag213, transport: transport)
        let tag: any NDEFTag = try field.tag()
        #expect(try tag.ndefStatus() == NDEFStatusReport(status: .readWrite, capacity: 137))
        #expect(try tag.readNDEFMessage() == .empty)
        try tag.writeNDEFMessage(Self.written)
        #expect(try tag.readNDEFMessage(mode: .strict) == Self.written)
        #expect(try field.tag().readNDEF() == Self.written)
    }

    @Test func updateWritesOnlyTheChangedPagesInPlace() throws {
        let field = try SimulatedField(.ntag215)
        let tag: any NDEFTag = try field.tag()
        try tag.writeNDEFMessage(Self.written, verify: true)
        let before = field.memory
        let changed = NDEFMessage(records: [.uri("https://example.com/dooR")])
        try tag.updateNDEFMessage(changed)
        let differing = zip(before, field.memory).enumerated().filter { $0.element.0 != $0.element.1 }.map { $0.offset / 4 }
        #expect(Set(differing).count == 1)
        #expect(try tag.readNDEFMessage() == changed)
    }

    @Test func writeLockMakesTheTagReadOnlyAndASecondLockIsAlreadyLocked() throws {
        let field = try SimulatedField(.ntag213)
        let tag: any NDEFTag = try field.tag()
        try tag.writeLock()
        #expect(try tag.ndefStatus().status == .readOnly)
        let failure = #expect(throws: TagFailure.self) { try tag.writeLock() }
        #expect(failure?.kind == .alreadyLocked)
        #expect(failure?.message == Type2Error.alreadyLocked.description)
        let refused = #expect(throws: TagFailure.self) { try tag.writeNDEFMessage(Self.written) }
        #expect(refused?.kind == .readOnly)
    }

    @Test func aMessageTooLongIsTheFailureWithTheTagsWordsAndItsError() throws {
        let field = try SimulatedField(.ntag213)
        let tag: any NDEFTag = try field.tag()
        let before = field.memory
        let failure = #expect(throws: TagFailure.self) { try tag.writeNDEFMessage(message(ofLength: 138)) }
        let expected = Type2Error.messageTooLong(length: 138, capacity: 137)
        #expect(failure?.kind == .messageTooLong(length: 138, capacity: 137))
        #expect(failure?.message == expected.description)
        #expect(failure?.underlying as? Type2Error == expected)
        #expect(field.memory == before)
    }

    @Test func aBlankTagIsNotSupportedAndNotFormatted() throws {
        let field = try SimulatedField([SimulatedTag.blank()])
        let tag: any NDEFTag = try field.tag()
        #expect(try tag.ndefStatus() == NDEFStatusReport(status: .notSupported, capacity: 0))
        let read = #expect(throws: TagFailure.self) { try tag.readNDEFMessage() }
        #expect(read?.kind == .notFormatted)
        let write = #expect(throws: TagFailure.self) { try tag.writeNDEFMessage(Self.written) }
        #expect(write?.kind == .notFormatted)
    }

    @Test func aTagThatLeavesIsNoAnswer() throws {
        let field = try SimulatedField(.ntag213)
        let tag: any NDEFTag = try field.tag()
        field.chip.removeTagAfterCommands = 0
        let failure = #expect(throws: TagFailure.self) { try tag.readNDEFMessage() }
        #expect(failure?.kind == .exchange(.noAnswer))
        #expect(failure?.tagLeft == true)
    }

    @Test func theOriginalitySignatureIsREADSIGAndAnUltralightHasNone() throws {
        let signed: any OriginalitySignedTag = try SimulatedField(.ntag215).tag()
        #expect(try signed.readOriginalitySignature() == SimulatedField(.ntag215).tag().readSignature())
        let plain: any OriginalitySignedTag = try SimulatedField(.ultralight).tag()
        let failure = #expect(throws: TagFailure.self) { try plain.readOriginalitySignature() }
        #expect(failure?.kind == .unsupported)
        #expect(failure?.message == "not supported by this tag: READ_SIG on MIFARE Ultralight")
    }

    @Test(arguments: [
        (Type2Error.readOnly, TagFailure.Kind.readOnly),
        (.tornWrite(pagesWritten: 3), .tornWrite),
        (.verificationFailed(page: 5), .verificationFailed),
        (.exchange(.negativeAcknowledgement(0), step: "WRITE page 4"), .exchange(.negativeAcknowledgement(0))),
        (.unknownProduct(version: [0x00, 0x04]), .unknownProduct),
        (.unsupported(.command(.readSignature, product: .ntag215)), .unsupported),
        (.wrongPassword, .wrongPassword),
        (.unexpectedAcknowledgement(answered: [0x12, 0x34], expected: [0x56, 0x78]), .wrongPassword),
        (.passwordProtected(firstProtectedPage: 16, step: "READ page 16"), .passwordProtected),
        (.wouldErase("an NDEF message of 14 bytes"), .wouldErase),
        (.oneTimeProgrammable(page: 3, holds: [0xE1, 0x10, 0x12, 0x00], wanted: [0, 0, 0, 0]), .oneTimeProgrammable),
    ])
    func everyType2ErrorHasItsTagFailure(_ error: Type2Error, _ kind: TagFailure.Kind) {
        #expect(error.tagFailure.kind == kind)
        #expect(error.tagFailure.description == error.description)
        #expect(error.tagFailure.underlying as? Type2Error == error)
        #expect(error.tagFailure.tagLeft == (kind == .tornWrite))
    }
}
