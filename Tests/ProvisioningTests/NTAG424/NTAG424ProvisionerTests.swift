import Credentials
import DESFire
import EV2SecureMessaging
import NFCTags
import PN532
import PN532Simulator
import Testing
@testable import Provisioning

/// `ntag424 provision` against the simulated NTAG 424 DNA: a factory card keyed and verified
/// by the host library; cards that are not ours refused with nothing changed.
@Suite("NTAG 424 DNA provisioning")
struct NTAG424ProvisionerTests {
    @Test("a factory card gets every key, the SUN file and settings; the host library authenticates each key and a SUN verifies")
    func factoryCardIsKeyed() throws {
        let (outcome, tag) = try NTAG424Fixtures.present(SimulatedTag(product: .ntag424), to: try NTAG424Fixtures.provisioner())
        #expect(outcome.error == nil)
        #expect(outcome.product == "NTAG 424 DNA")
        let card = try #require(tag.ntag424)
        #expect(card.keyVersions == [1, 1, 1, 1, 1])
        let uid = card.uid
        for number in 0..<5 {
            let expected = NTAG424Fixtures.keys.key(UInt8(number), uid: uid)
            #expect(card.keys[number] == expected.bytes)
            #expect(!expected.isFactoryDefault)
        }
        #expect(card.keys[2] == NTAG424Fixtures.picc.bytes)
        #expect(Set(card.keys).count == 5, "each key is its own")
        #expect(tag.files[0].bytes[14] == 0x83, "the CC file says: NDEF written with key 3")
        try NTAG424Fixtures.expectKeyed(tag)
    }

    @Test("key K is AN10922(master, UID ‖ K ‖ system id): what `key derive --key-number K` prints")
    func diversificationInput() {
        let uid: [UInt8] = [0x04, 0x78, 0x2E, 0x21, 0x80, 0x1D, 0x80]
        let keys = NTAG424Fixtures.keys
        #expect(keys.diversificationInput(3, uid: uid) == uid + [0x03, 0x53, 0x49, 0x54, 0x45])
        #expect(keys.key(3, uid: uid) == KeyDiversification.aes128(master: NTAG424Fixtures.master, input: uid + [0x03, 0x53, 0x49, 0x54, 0x45]))
        #expect(keys.key(2, uid: uid) == NTAG424Fixtures.picc)
        #expect(NTAG424Keys(master: NTAG424Fixtures.master, piccKey: NTAG424Fixtures.picc, version: 0) == nil)
    }

    @Test("with {enc}, the encrypted file data decrypts to --file-data in the SUN read back")
    func encryptedFileData() throws {
        let provisioner = try NTAG424Fixtures.provisioner(NTAG424Fixtures.encURL, fileData: Array("door 7".utf8))
        let (outcome, tag) = try NTAG424Fixtures.present(SimulatedTag(product: .ntag424), to: provisioner)
        #expect(outcome.error == nil)
        let (card, uid, _) = try NTAG424Fixtures.card(tag)
        let image = try card.readData(0x02, offset: 0, length: provisioner.template.fileImage.count, mode: .plain)
        #expect(try NTAG424SUNCheck.verify(image, template: provisioner.template, uid: uid, keys: NTAG424Fixtures.keys) == 2)
        var tampered = image
        tampered[provisioner.template.encryptionOffset! + 3] ^= 0x01
        #expect(throws: NTAG424SUNCheck.Failure.self) {
            try NTAG424SUNCheck.verify(tampered, template: provisioner.template, uid: uid, keys: NTAG424Fixtures.keys)
        }
    }

    @Test("a card provisioned already is only verified again")
    func provisionedCardIsVerifiedAgain() throws {
        let provisioner = try NTAG424Fixtures.provisioner()
        let (_, keyed) = try NTAG424Fixtures.present(SimulatedTag(product: .ntag424), to: provisioner)
        let (card, uid, _) = try NTAG424Fixtures.card(keyed)
        let result = try provisioner.provision(card, uid: uid)
        #expect(result.alreadyKeyed)
        #expect(result.readCounter == 2)
    }

    @Test("another site's keyed card (test keys, version 01) is refused: keys, versions, settings and files unchanged")
    func anotherSitesCardIsRefused() throws {
        let tag = SimulatedTag.ntag424Keyed()
        let (outcome, after) = try NTAG424Fixtures.present(tag, to: try NTAG424Fixtures.provisioner())
        #expect(outcome.error?.hasPrefix("key 0 (version 01) does not authenticate with this site's key") == true)
        #expect(outcome.error?.hasSuffix("nothing was changed") == true)
        try Self.expectUnchanged(tag, after)
    }

    @Test("key versions of another plan, or a non-factory key 0 at version 00, are refused with nothing changed")
    func foreignVersionsAndKeysAreRefused() throws {
        var versionTwo = SimulatedTag(product: .ntag424)
        versionTwo.ntag424?.setKey(3, to: [UInt8](repeating: 0x33, count: 16), version: 0x02)
        let (first, afterFirst) = try NTAG424Fixtures.present(versionTwo, to: try NTAG424Fixtures.provisioner())
        #expect(first.error == "key versions 00 00 00 02 00 (keys 0-4) are neither the factory's (00) nor this run's (01): keyed by another site or plan; nothing was changed")
        try Self.expectUnchanged(versionTwo, afterFirst)
        var secretZero = SimulatedTag(product: .ntag424)
        secretZero.ntag424?.setKey(0, to: [UInt8](repeating: 0x77, count: 16), version: 0x00)
        let (second, afterSecond) = try NTAG424Fixtures.present(secretZero, to: try NTAG424Fixtures.provisioner())
        #expect(second.error == NTAG424ProvisioningError.keyZeroNotFactory.description)
        try Self.expectUnchanged(secretZero, afterSecond)
    }

    @Test("a card that is not an NTAG 424 DNA gets no EV2 command", arguments: [TagProduct.desfireNDEF, .ntag213])
    func otherFamiliesAreRefused(_ product: TagProduct) throws {
        let tag = SimulatedTag(product: product)
        let (outcome, after) = try NTAG424Fixtures.present(tag, to: try NTAG424Fixtures.provisioner())
        #expect(outcome.error?.hasPrefix("not an NTAG 424 DNA (") == true)
        #expect(after.memory == tag.memory)
        #expect(after.files == tag.files)
    }

    @Test("random ID goes on last: the next activation shows 08…, GetCardUID the real UID; presented again it is refused untouched")
    func randomIDIsLast() throws {
        let provisioner = try NTAG424Fixtures.provisioner(randomID: true)
        let (outcome, tag) = try NTAG424Fixtures.present(SimulatedTag(product: .ntag424), to: provisioner)
        #expect(outcome.error == nil)
        #expect(tag.ntag424?.randomID == true)
        let (card, listed, _) = try NTAG424Fixtures.card(tag)
        #expect(listed.count == 4 && listed.first == 0x08)
        let real = try #require(tag.ntag424?.uid)
        try card.authenticateFirst(keyNumber: 0, key: NTAG424Fixtures.keys.key(0, uid: real))
        #expect(try card.cardUID() == real)
        let (again, after) = try NTAG424Fixtures.present(tag, to: provisioner)
        #expect(again.error?.contains("not a fixed 7-byte UID (random ID is on, or a phone)") == true)
        try Self.expectUnchanged(tag, after)
    }

    /// The card's keys, versions, settings and files are as they were.
    static func expectUnchanged(_ before: SimulatedTag, _ after: SimulatedTag, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let old = try #require(before.ntag424)
        let new = try #require(after.ntag424)
        #expect(new.keys == old.keys, sourceLocation: sourceLocation)
        #expect(new.keyVersions == old.keyVersions, sourceLocation: sourceLocation)
        #expect(new.fileSettings == old.fileSettings, sourceLocation: sourceLocation)
        #expect(new.randomID == old.randomID, sourceLocation: sourceLocation)
        #expect(after.files == before.files, sourceLocation: sourceLocation)
    }
}

extension NTAG424ProvisionerTests {
    @Test("a key at this run's version that is not this site's key is found before anything is written")
    func changedKeyOfAnotherPlanIsRefused() throws {
        var tag = SimulatedTag(product: .ntag424)
        tag.ntag424?.setKey(1, to: [UInt8](repeating: 0x5A, count: 16), version: 0x01)
        let (outcome, after) = try NTAG424Fixtures.present(tag, to: try NTAG424Fixtures.provisioner())
        #expect(outcome.error == "key 1 (version 01) does not authenticate with this site's key: keyed by another plan; nothing was changed")
        try Self.expectUnchanged(tag, after)
    }
}
