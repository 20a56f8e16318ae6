import PN532Simulator
import Testing
import TestSupport

/// The simulated DESFire EV2/EV3 at the byte level: GetVersion, what needs an AES key, the
/// keyed card and its clone. The protocol itself (authentication, secure messaging) is tested
/// against the host library in EV2SecureMessagingTests/Integration/SimulatedDESFireEV2Tests.
struct DESFireEV2CardTests {
    @Test(arguments: [
        (TagProduct.desfireEV2, "04 01 01 12 00 1A 05", "04 01 01 02 01 1A 05", "04 2A 41 CA E4 53 80"),
        (.desfireEV3, "04 01 01 33 00 1A 05", "04 01 01 03 00 1A 05", "04 44 8B D2 DB 6B 80"),
    ])
    func getVersionNamesTheGeneration(product: TagProduct, hardware: String, software: String, uid: String) {
        let card = NTAG424Card(SimulatedTag(product: product))
        #expect(card.send("90 60 00 00 00") == hex(hardware + " 91 AF"))
        #expect(card.send("90 AF 00 00 00") == hex(software + " 91 AF"))
        #expect(card.send("90 AF 00 00 00").prefix(7) == hex(uid)[...])
    }

    @Test func theFactoryPICCMasterKeyIsDESSoEV2AuthenticationFindsNoAESKey() {
        let card = NTAG424Card(SimulatedTag(product: .desfireEV2))
        #expect(card.send("90 71 00 00 02 00 00 00") == hex("91 40"))
        #expect(card.send("90 51 00 00 00") == hex("91 AE"), "GetCardUID needs a session")
        #expect(card.send("90 64 00 00 01 00 00") == hex("00 91 00"), "the PICC master key's version, plain")
    }

    @Test func createApplicationWithAESKeysGivesZeroKeysOnEV2AndNoneOnEV1() {
        for (product, keys) in [(TagProduct.desfireEV2, 3), (.desfire, 0)] {
            let card = NTAG424Card(SimulatedTag(product: product))
            #expect(card.send("90 CA 00 00 05 F5 42 01 0B 83 00") == hex("91 00"))
            #expect(card.tag.desfire?.applications.first?.keys == [[UInt8]](repeating: [UInt8](repeating: 0, count: 16), count: keys))
            #expect(card.send("90 5A 00 00 03 F5 42 01 00") == hex("91 00"))
            let first = card.send("90 71 00 00 02 02 00 00")
            #expect(first.suffix(2) == (product == .desfire ? [0x91, 0x1C] : [0x91, 0xAF]))
            #expect(first.count == (product == .desfire ? 2 : 18))
        }
    }

    @Test func anAESApplicationKeyZeroGivesTheNTAG424AuthenticationVector91() {
        let card = NTAG424Card(SimulatedTag(product: .desfireEV2))
        #expect(card.send("90 CA 00 00 05 F5 42 01 0F 81 00") == hex("91 00"))
        #expect(card.send("90 5A 00 00 03 F5 42 01 00") == hex("91 00"))
        card.tag.desfire?.queuedRandom = hex(NTAG424Card.vector91Random)
        #expect(card.authenticateVector91())
        #expect(card.send("90 51 00 00 00") == hex("91 7E"), "in a session GetCardUID needs its MAC (without one: 91 AE)")
    }

    @Test func readSigAnswersThePublishedSampleOnlyForItsUID() {
        let card = NTAG424Card(SimulatedTag(product: .desfireEV2))
        #expect(card.send("90 3C 00 00 01 00 00") == SimulatedDESFire.publishedEV2Sample.signature + [0x91, 0x00])
        #expect(card.send("90 3C 00 00 01 01 00") == hex("91 9E"))
        let other = NTAG424Card(SimulatedTag(product: .desfireEV2, uid: hex("04 01 02 03 04 05 06")))
        #expect(other.send("90 3C 00 00 01 00 00") == [UInt8](repeating: 0, count: 56) + [0x91, 0x00])
    }

    @Test func theKeyedCardHoldsDiversifiedKeysAndItsCloneOnlyItsBytes() throws {
        let keyed = try #require(SimulatedTag.desfireEV2Keyed())
        let uid = SimulatedDESFire.publishedEV2Sample.uid
        let application = try #require(keyed.desfire?.applications.first)
        #expect(application.identifier == hex("F5 42 01"))
        #expect(application.keys == (0..<5).map { SimulatedTag.desfireEV2TestKey($0, uid: uid) })
        #expect(Set(application.keys).count == 5, "one key per number")
        #expect(application.keyVersions == [1, 1, 1, 1, 1])
        #expect(keyed.desfire?.piccMasterKey == SimulatedTag.desfireEV2TestKey(0, application: [0, 0, 0], uid: uid))
        let clone = try #require(keyed.desfireEV2Clone())
        #expect(clone.uid == keyed.uid)
        #expect(clone.desfire?.signature == keyed.desfire?.signature)
        let copied = try #require(clone.desfire?.applications.first)
        #expect(copied.files == application.files)
        #expect(copied.keyVersions == application.keyVersions)
        #expect(zip(copied.keys, application.keys).allSatisfy { $0 != $1 })
        #expect(clone.desfire?.piccMasterKey != keyed.desfire?.piccMasterKey)
        #expect(SimulatedTag.desfireEV2Keyed(product: .ntag424) == nil)
        #expect(SimulatedTag(product: .desfire).desfireEV2Clone() == nil)
    }

    @Test func anISOCommandOrASelectEndsTheAuthentication() throws {
        let card = NTAG424Card(try #require(SimulatedTag.desfireEV2Keyed()))
        #expect(card.send("90 5A 00 00 03 F5 42 01 00") == hex("91 00"))
        #expect(card.send("90 71 00 00 02 01 00 00").suffix(2) == [0x91, 0xAF])
        #expect(card.send("00 A4 04 00 07 D2 76 00 00 85 01 01 00") == hex("6A 82"))
        #expect(card.send("90 AF 00 00 20" + String(repeating: " 00", count: 32) + " 00") == hex("91 1C"), "no authentication is pending")
    }
}
