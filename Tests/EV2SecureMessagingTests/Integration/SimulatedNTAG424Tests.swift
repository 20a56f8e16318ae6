import Credentials
import DESFire
@testable import EV2SecureMessaging
import ISO7816
import PN532
import PN532Simulator
import TestSupport
import Testing

/// The host EV2 library against the simulated NTAG 424 DNA, both written from the reference
/// (type4-ntag424.md) and so far checked each only against its published vectors: every
/// command here runs the library's wrapping against the simulator's unwrapping and back.
@Suite("EV2 library against the simulated NTAG 424 DNA")
struct SimulatedNTAG424Tests {
    /// A card in the in-process simulated reader, listed and its NDEF application selected.
    final class Field {
        let field: SimulatedSession
        let exchange: TargetExchange
        let listedUID: [UInt8]
        let card: EV2Card

        init(_ tag: SimulatedTag) throws {
            field = try SimulatedSession([tag])
            let target = try field.firstTarget(.typeA106)
            listedUID = target.passiveTarget?.uid ?? []
            exchange = TargetExchange(session: field.session, target: target)
            card = EV2Card(exchange: exchange)
            let select = try exchange.exchange(
                CommandAPDU(class: 0x00, instruction: 0xA4, p1: 0x04, p2: 0x00, data: [0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01], expectedLength: 256))
            #expect(select.status == StatusWord(0x90, 0x00))
        }
    }

    /// The keyed card's key `number` (`11 × (number + 1)`).
    static func testKey(_ number: Int) -> AESKey {
        AESKey(SimulatedTag.ntag424TestKey(number))!
    }

    @Test("key 0 authenticates: all zero on the factory card, 11…11 on the keyed one; MAC commands then pass")
    func authenticatesKeyZero() throws {
        for (tag, key) in [(SimulatedTag(product: .ntag424), AESKey.factoryDefault), (.ntag424Keyed(), Self.testKey(0))] {
            let card = try Field(tag).card
            try card.authenticateFirst(keyNumber: 0, key: key)
            #expect(card.session?.keyNumber == 0)
            #expect(try card.keyVersion(0) == (key == .factoryDefault ? 0x00 : 0x01))
            #expect(card.session?.commandCounter == 1)
            try card.authenticateNonFirst(keyNumber: 0, key: key)
            #expect(try card.keyVersion(1) == (key == .factoryDefault ? 0x00 : 0x01))
            #expect(card.session?.commandCounter == 2)
        }
    }

    @Test("a wrong key is refused with 91 AE, and the session is gone")
    func wrongKeyRefused() throws {
        let card = try Field(.ntag424Keyed()).card
        #expect(throws: EV2Error.status(.authenticationError, step: "AuthenticateEV2First key 0")) {
            try card.authenticateFirst(keyNumber: 0, key: .factoryDefault)
        }
        #expect(card.session == nil)
        try card.authenticateFirst(keyNumber: 0, key: Self.testKey(0))
        #expect(throws: EV2Error.status(.authenticationError, step: "AuthenticateEV2NonFirst key 1")) {
            try card.authenticateNonFirst(keyNumber: 1, key: Self.testKey(0))
        }
        #expect(card.session == nil)
    }

    @Test("GetCardUID (full) answers the UID the reader listed")
    func cardUIDIsListedUID() throws {
        let field = try Field(.ntag424Keyed())
        try field.card.authenticateFirst(keyNumber: 0, key: Self.testKey(0))
        #expect(field.listedUID.count == 7)
        #expect(try field.card.cardUID() == field.listedUID)
    }

    @Test("GetFileSettings of file 02 parses, plain and in a session (MAC)")
    func ndefFileSettings() throws {
        let factory = try Field(SimulatedTag(product: .ntag424)).card
        let plain = try factory.fileSettings(0x02)
        #expect(plain.communicationMode == .plain)
        #expect(plain.accessRights == EV2AccessRights(read: 0xE, write: 0xE, readWrite: 0xE, change: 0x0))
        #expect(plain.size == 256)
        #expect(plain.sdm == nil)
        let keyed = try Field(.ntag424Keyed()).card
        try keyed.authenticateFirst(keyNumber: 0, key: Self.testKey(0))
        let settings = try keyed.fileSettings(0x02)
        #expect(settings.accessRights == EV2AccessRights(rawValue: 0xE000))
        #expect(settings.sdm != nil)
        #expect(try keyed.fileSettings(0x03).communicationMode == .full)
    }

    @Test("ReadData of the NDEF file in its mode (plain) gives the file's NLEN and record")
    func readNDEFFile() throws {
        let card = try Field(.ntag424Keyed()).card
        let mode = try card.fileSettings(0x02).communicationMode
        let head = try card.readData(0x02, offset: 0, length: 7, mode: mode)
        #expect(head == [0x00, UInt8(5 + 69), 0xD1, 0x01, 70, 0x55, 0x04])
        try card.authenticateFirst(keyNumber: 0, key: Self.testKey(0))
        #expect(try card.readData(0x02, offset: 2, length: 5, mode: mode) == Array(head[2...]))
    }

    @Test("WriteData then ReadData in full mode on file 03 with its read-write key", arguments: [false, true])
    func fullModeWriteAndRead(keyed: Bool) throws {
        let card = try Field(keyed ? .ntag424Keyed() : SimulatedTag(product: .ntag424)).card
        try card.authenticateFirst(keyNumber: 3, key: keyed ? Self.testKey(3) : .factoryDefault)
        let bytes = (0..<100).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
        try card.writeData(0x03, offset: 5, bytes, mode: .full)
        #expect(try card.readData(0x03, offset: 5, length: bytes.count, mode: .full) == bytes)
        #expect(try card.readData(0x03, offset: 0, length: 5, mode: .full) == [0, 0, 0, 0, 0])
    }

    @Test("ChangeKey of key 1 by key 0; key 1 then authenticates with its new key only")
    func changeNonZeroKey() throws {
        let card = try Field(.ntag424Keyed()).card
        let newKey = AESKey((0..<16).map { UInt8($0) &* 17 })!
        try card.authenticateFirst(keyNumber: 0, key: Self.testKey(0))
        try card.changeKey(1, to: newKey, version: 0x07, oldKey: Self.testKey(1))
        #expect(card.session != nil, "changing another key keeps the session")
        #expect(try card.keyVersion(1) == 0x07)
        try card.authenticateFirst(keyNumber: 1, key: newKey)
        #expect(throws: EV2Error.status(.authenticationError, step: "AuthenticateEV2First key 1")) {
            try card.authenticateFirst(keyNumber: 1, key: Self.testKey(1))
        }
    }

    @Test("ChangeKey of key 0 ends the session; key 0 then authenticates with its new key")
    func changeKeyZero() throws {
        let card = try Field(SimulatedTag(product: .ntag424)).card
        try card.authenticateFirst(keyNumber: 0, key: .factoryDefault)
        try card.changeKey(0, to: Self.testKey(0), version: 0x01)
        #expect(card.session == nil)
        try card.authenticateFirst(keyNumber: 0, key: Self.testKey(0))
        #expect(try card.keyVersion(0) == 0x01)
    }

    @Test("a perfect clone of the keyed card fails authentication with the keyed card's key")
    func cloneFailsAuthentication() throws {
        var original = SimulatedTag.ntag424Keyed()
        let copied = original.ntag424Clone()
        let clone = try #require(copied)
        let field = try Field(clone)
        #expect(try field.card.fileSettings(0x02).communicationMode == .plain)
        #expect(throws: EV2Error.status(.authenticationError, step: "AuthenticateEV2First key 0")) {
            try field.card.authenticateFirst(keyNumber: 0, key: Self.testKey(0))
        }
        #expect(try Field(original).card.keyVersion(0) == 0x01)
    }

    @Test("GetKeyVersion plain and in a session (MAC) agree")
    func keyVersions() throws {
        let card = try Field(.ntag424Keyed()).card
        let plain = try (0..<5).map { try card.keyVersion(UInt8($0)) }
        #expect(plain == [1, 1, 1, 1, 1])
        try card.authenticateFirst(keyNumber: 2, key: Self.testKey(2))
        #expect(try (0..<5).map { try card.keyVersion(UInt8($0)) } == plain)
    }

    @Test("Read_Sig answers the card's signature, plain and in a session (full)")
    func readSignature() throws {
        let tag = SimulatedTag.ntag424Keyed()
        let expected = try #require(tag.ntag424?.signature)
        let card = try Field(tag).card
        #expect(try card.originalitySignature() == expected)
        try card.authenticateFirst(keyNumber: 0, key: Self.testKey(0))
        #expect(try card.originalitySignature() == expected)
        #expect(card.session?.commandCounter == 1)
    }

    @Test("a SELECT and an ISO READ BINARY in a session: the read answers 69 82, the session goes on")
    func isoReadKeepsSession() throws {
        let field = try Field(.ntag424Keyed())
        try field.card.authenticateFirst(keyNumber: 0, key: Self.testKey(0))
        let select = try field.exchange.exchange(CommandAPDU(class: 0x00, instruction: 0xA4, p1: 0x00, p2: 0x0C, data: [0xE1, 0x04]))
        #expect(select.status == StatusWord(0x90, 0x00))
        let read = try field.exchange.exchange(CommandAPDU(class: 0x00, instruction: 0xB0, p1: 0x00, p2: 0x00, data: [], expectedLength: 2))
        #expect(read.status == StatusWord(0x69, 0x82))
        #expect(try field.card.keyVersion(0) == 0x01)
    }
    @Test("ChangeFileSettings (full) round-trips the SUN settings, then turns the NDEF file to MAC mode")
    func changeFileSettings() throws {
        let card = try Field(.ntag424Keyed()).card
        try card.authenticateFirst(keyNumber: 0, key: Self.testKey(0))
        let sun = try card.fileSettings(0x02)
        try card.changeFileSettings(0x02, to: sun)
        #expect(try card.fileSettings(0x02) == sun)
        let macMode = EV2FileSettings(
            communicationMode: .mac, accessRights: EV2AccessRights(read: 0xE, write: 0x0, readWrite: 0x0, change: 0x0), size: sun.size)
        try card.changeFileSettings(0x02, to: macMode)
        #expect(try card.fileSettings(0x02) == macMode)
        #expect(try card.readData(0x02, offset: 0, length: 2, mode: .mac) == [0x00, 74])
    }

    @Test("SetConfiguration random ID: the next activation lists a random 08… UID, GetCardUID still the real one")
    func randomID() throws {
        let field = try Field(.ntag424Keyed())
        let realUID = field.listedUID
        try field.card.authenticateFirst(keyNumber: 0, key: Self.testKey(0))
        try field.card.setConfiguration(randomID: true)
        let configured = try #require(field.field.chip.field.first)
        let again = try Field(configured)
        #expect(again.listedUID.count == 4)
        #expect(again.listedUID.first == 0x08)
        try again.card.authenticateFirst(keyNumber: 0, key: Self.testKey(0))
        #expect(try again.card.cardUID() == realUID)
    }
}
