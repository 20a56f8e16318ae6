import Credentials
import DESFire
@testable import EV2SecureMessaging
import ISO7816
import Originality
import PN532
import PN532Simulator
import TestSupport
import Testing

/// The host EV2 library against the simulated DESFire EV2/EV3, with the same code that talks to
/// the NTAG 424 DNA: the application selected natively (DESFire's SelectApplication), then
/// AuthenticateEV2First with the application's AES key and EV2 secure messaging.
@Suite("EV2 library against the simulated DESFire EV2/EV3")
struct SimulatedDESFireEV2Tests {
    /// A card in the in-process simulated reader, listed.
    final class Field {
        let field: SimulatedSession
        let exchange: TargetExchange
        let listedUID: [UInt8]
        let desfire: DESFireCard
        let card: EV2Card

        init(_ tag: SimulatedTag?) throws {
            field = try SimulatedSession([try #require(tag)])
            let target = try field.firstTarget(.typeA106)
            listedUID = target.passiveTarget?.uid ?? []
            exchange = TargetExchange(session: field.session, target: target)
            desfire = DESFireCard(exchange: exchange)
            card = EV2Card(exchange: exchange)
        }

        /// Field of `tag` with the keyed card's application selected.
        static func selected(_ tag: SimulatedTag?) throws -> Field {
            let field = try Field(tag)
            try field.desfire.select(SimulatedDESFireEV2Tests.application)
            return field
        }
    }

    /// The keyed card's application: AID 0142F5, `F5 42 01` on the wire.
    static let application = DESFireApplicationID(0x0142F5)

    /// The keyed card's key `number` as a door derives it: AN10922 from the site master key
    /// (the public test key `11 × (number + 1)`) over UID ‖ AID, by the host's own code.
    static func derivedKey(_ number: Int, uid: [UInt8], aid: [UInt8] = application.bytes) throws -> AESKey {
        let master = try #require(AESKey(SimulatedTag.ntag424TestKey(number)))
        let input = try #require(KeyDiversification.input(uid: uid, applicationID: aid))
        return try #require(KeyDiversification.aes128(master: master, input: input))
    }

    @Test("GetVersion says EV2 (hardware major 12) or EV3 (33), and the AID is F5 42 01 on the wire")
    func version() throws {
        #expect(try Field(SimulatedTag(product: .desfireEV2)).desfire.version().majorVersion == 0x12)
        #expect(try Field(SimulatedTag(product: .desfireEV3)).desfire.version().majorVersion == 0x33)
        #expect(Self.application.bytes == SimulatedTag.desfireTestApplication)
    }

    @Test("each application key authenticates with the key the host derives (AN10922), and GetKeyVersion answers 01", arguments: [TagProduct.desfireEV2, .desfireEV3])
    func derivedKeysAuthenticate(product: TagProduct) throws {
        let field = try Field.selected(.desfireEV2Keyed(product: product))
        for number in 0..<5 {
            try field.card.authenticateFirst(keyNumber: UInt8(number), key: try Self.derivedKey(number, uid: field.listedUID))
            #expect(field.card.session?.keyNumber == UInt8(number))
            #expect(try field.card.keyVersion(UInt8(number)) == 0x01)
            #expect(field.card.session?.commandCounter == 1)
        }
        try field.card.authenticateNonFirst(keyNumber: 1, key: try Self.derivedKey(1, uid: field.listedUID))
        #expect(field.card.session?.commandCounter == 1, "NonFirst keeps the counter")
    }

    @Test("the simulator's diversification is the reference's AN10922 vector (§9.8)")
    func diversificationVector() {
        let master: [UInt8] = [0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF]
        let m: [UInt8] = [0x04, 0x78, 0x2E, 0x21, 0x80, 0x1D, 0x80, 0x30, 0x42, 0xF5] + Array("NXP Abu".utf8)
        #expect(SimulatorAES(key: master).diversified(m) == hex("A8DD63A3B89D54B37CA802473FDA9175"))
    }

    @Test("a wrong key (the master key itself, or another card's key) is refused with 91 AE, and the session is gone")
    func wrongKeyRefused() throws {
        let field = try Field.selected(.desfireEV2Keyed())
        #expect(throws: EV2Error.status(.authenticationError, step: "AuthenticateEV2First key 1")) {
            try field.card.authenticateFirst(keyNumber: 1, key: try #require(AESKey(SimulatedTag.ntag424TestKey(1))))
        }
        #expect(field.card.session == nil)
        let otherCard: [UInt8] = [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]
        #expect(throws: EV2Error.status(.authenticationError, step: "AuthenticateEV2First key 1")) {
            try field.card.authenticateFirst(keyNumber: 1, key: try Self.derivedKey(1, uid: otherCard))
        }
        #expect(field.card.session == nil)
    }

    @Test("GetCardUID (full) answers the UID the reader listed")
    func cardUID() throws {
        let field = try Field.selected(.desfireEV2Keyed())
        try field.card.authenticateFirst(keyNumber: 1, key: try Self.derivedKey(1, uid: field.listedUID))
        #expect(field.listedUID == SimulatedDESFire.publishedEV2Sample.uid)
        #expect(try field.card.cardUID() == field.listedUID)
    }

    @Test("GetFileSettings (MAC in a session) tells each file's mode, rights and size")
    func fileSettings() throws {
        let field = try Field.selected(.desfireEV2Keyed())
        #expect(try field.card.fileSettings(0x00).communicationMode == .plain)
        try field.card.authenticateFirst(keyNumber: 1, key: try Self.derivedKey(1, uid: field.listedUID))
        let mac = try field.card.fileSettings(0x01)
        #expect(mac.communicationMode == .mac)
        #expect(mac.accessRights == EV2AccessRights(rawValue: 0x1110))
        #expect(mac.size == 32)
        #expect(try field.card.fileSettings(0x02).communicationMode == .full)
        #expect(field.card.session?.commandCounter == 2)
    }

    @Test("ReadData in each file's mode: plain without a key, MAC with key 1, Full with key 2")
    func readData() throws {
        let field = try Field.selected(.desfireEV2Keyed())
        let text = try field.card.readData(0x00, offset: 0, length: 30, mode: .plain)
        #expect(String(decoding: text, as: UTF8.self) == "pn532ctl DESFire EV2 test card")
        #expect(throws: EV2Error.status(.permissionDenied, step: "ReadData 01")) {
            try field.card.readData(0x01, offset: 0, length: 4, mode: .plain)
        }
        try field.card.authenticateFirst(keyNumber: 1, key: try Self.derivedKey(1, uid: field.listedUID))
        #expect(try field.card.readData(0x01, offset: 0, length: 32, mode: .mac) == (0x01...0x20).map { UInt8($0) })
        #expect(try field.card.readData(0x00, offset: 0, length: 8, mode: .plain) == Array(text.prefix(8)))
        try field.card.authenticateFirst(keyNumber: 2, key: try Self.derivedKey(2, uid: field.listedUID))
        #expect(try field.card.readData(0x02, offset: 0, length: 64, mode: .full) == (0x80...0xBF).map { UInt8($0) })
    }

    @Test("WriteData then ReadData round-trips in MAC and Full mode, and in plain under key 1")
    func writeData() throws {
        let field = try Field.selected(.desfireEV2Keyed())
        let bytes = (0..<20).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) }
        try field.card.authenticateFirst(keyNumber: 1, key: try Self.derivedKey(1, uid: field.listedUID))
        try field.card.writeData(0x00, offset: 2, bytes, mode: .plain)
        try field.card.writeData(0x01, offset: 3, bytes, mode: .mac)
        #expect(try field.card.readData(0x01, offset: 3, length: bytes.count, mode: .mac) == bytes)
        #expect(try field.card.readData(0x00, offset: 2, length: bytes.count, mode: .plain) == bytes)
        try field.card.authenticateFirst(keyNumber: 2, key: try Self.derivedKey(2, uid: field.listedUID))
        try field.card.writeData(0x02, offset: 40, bytes, mode: .full)
        #expect(try field.card.readData(0x02, offset: 40, length: bytes.count, mode: .full) == bytes)
        #expect(try field.card.readData(0x02, offset: 0, length: 2, mode: .full) == [0x80, 0x81])
    }

    @Test("Read_Sig answers the published EV2 sample's signature, plain and in a session, which NXP's DESFire EV2 key verifies")
    func readSignature() throws {
        let field = try Field.selected(.desfireEV2Keyed())
        let plain = try field.card.originalitySignature()
        #expect(plain == SimulatedDESFire.publishedEV2Sample.signature)
        #expect(NXPOriginalityKey.signer(of: plain, uid: field.listedUID) == .desfireEV2)
        try field.card.authenticateFirst(keyNumber: 0, key: try Self.derivedKey(0, uid: field.listedUID))
        #expect(try field.card.originalitySignature() == plain)
        #expect(field.card.session?.commandCounter == 1)
        let ev3 = try Field(SimulatedTag(product: .desfireEV3))
        #expect(NXPOriginalityKey.signer(of: try ev3.card.originalitySignature(), uid: ev3.listedUID) == .desfireEV3)
    }

    @Test("another UID gets a signature no NXP key verifies")
    func otherUIDNotGenuine() throws {
        let field = try Field(SimulatedTag(product: .desfireEV2, uid: [0x04, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06]))
        #expect(NXPOriginalityKey.signer(of: try field.card.originalitySignature(), uid: field.listedUID) == nil)
    }

    @Test("ChangeKey of key 3 by key 0 keeps the session; of key 0 by itself ends it; both then authenticate with their new keys")
    func changeKeys() throws {
        let field = try Field.selected(.desfireEV2Keyed())
        let uid = field.listedUID
        let newKey = try #require(AESKey((0..<16).map { UInt8($0) &* 29 }))
        try field.card.authenticateFirst(keyNumber: 0, key: try Self.derivedKey(0, uid: uid))
        try field.card.changeKey(3, to: newKey, version: 0x02, oldKey: try Self.derivedKey(3, uid: uid))
        #expect(field.card.session != nil)
        #expect(try field.card.keyVersion(3) == 0x02)
        try field.card.changeKey(0, to: newKey, version: 0x03)
        #expect(field.card.session == nil)
        try field.card.authenticateFirst(keyNumber: 3, key: newKey)
        try field.card.authenticateFirst(keyNumber: 0, key: newKey)
        #expect(try field.card.keyVersion(0) == 0x03)
        #expect(throws: EV2Error.status(.authenticationError, step: "AuthenticateEV2First key 3")) {
            try field.card.authenticateFirst(keyNumber: 3, key: try Self.derivedKey(3, uid: uid))
        }
    }

    @Test("ChangeKey by a key the application's KS1 does not name is refused (9D), and ends the session")
    func changeKeyNeedsKeyZero() throws {
        let field = try Field.selected(.desfireEV2Keyed())
        try field.card.authenticateFirst(keyNumber: 1, key: try Self.derivedKey(1, uid: field.listedUID))
        #expect(throws: EV2Error.status(.permissionDenied, step: "ChangeKey 2")) {
            try field.card.changeKey(2, to: .factoryDefault, version: 0, oldKey: try Self.derivedKey(2, uid: field.listedUID))
        }
        #expect(field.card.session == nil)
    }

    @Test("a perfect clone (same UID, signature and files) fails authentication with the card's key; its signature still verifies")
    func cloneFailsAuthentication() throws {
        let original = try #require(SimulatedTag.desfireEV2Keyed())
        let field = try Field.selected(original.desfireEV2Clone())
        #expect(field.listedUID == SimulatedDESFire.publishedEV2Sample.uid)
        #expect(NXPOriginalityKey.signer(of: try field.card.originalitySignature(), uid: field.listedUID) == .desfireEV2)
        #expect(try field.card.keyVersion(1) == 0x01)
        #expect(try field.card.readData(0x00, offset: 0, length: 8, mode: .plain) == Array("pn532ctl".utf8))
        for number in 0..<5 {
            #expect(throws: EV2Error.status(.authenticationError, step: "AuthenticateEV2First key \(number)")) {
                try field.card.authenticateFirst(keyNumber: UInt8(number), key: try Self.derivedKey(number, uid: field.listedUID))
            }
        }
        let genuine = try Field.selected(original)
        try genuine.card.authenticateFirst(keyNumber: 1, key: try Self.derivedKey(1, uid: genuine.listedUID))
    }

    @Test("SelectApplication in a session ends it; selecting back and authenticating again works")
    func selectEndsSession() throws {
        let field = try Field.selected(.desfireEV2Keyed())
        let key = try Self.derivedKey(1, uid: field.listedUID)
        try field.card.authenticateFirst(keyNumber: 1, key: key)
        try field.desfire.select(Self.application)
        #expect(throws: EV2Error.status(.permissionDenied, step: "ReadData 01")) {
            try field.card.transceive(0xAD, header: [0x01, 0, 0, 0, 4, 0, 0], mode: .plain, step: "ReadData 01")
        }
        try field.card.authenticateFirst(keyNumber: 1, key: key)
        #expect(try field.card.readData(0x01, offset: 0, length: 2, mode: .mac) == [0x01, 0x02])
    }

    @Test("the factory card: an AES application created without a key has all-zero keys; the DES PICC master key is not an AES key (91 40)")
    func factoryCard() throws {
        let field = try Field(SimulatedTag(product: .desfireEV2))
        #expect(throws: EV2Error.status(.noSuchKey, step: "AuthenticateEV2First key 0")) {
            try field.card.authenticateFirst(keyNumber: 0, key: .factoryDefault)
        }
        _ = try field.card.transceive(0xCA, header: Self.application.bytes + [0x0B, 0x82], mode: .plain, step: "CreateApplication")
        try field.desfire.select(Self.application)
        try field.card.authenticateFirst(keyNumber: 1, key: .factoryDefault)
        #expect(try field.card.keyVersion(1) == 0x00)
        #expect(throws: EV2Error.status(.noSuchKey, step: "AuthenticateEV2First key 2")) {
            try field.card.authenticateFirst(keyNumber: 2, key: .factoryDefault)
        }
    }

    @Test("SetConfiguration random ID with the PICC master key: the next activation lists a random 08… UID, GetCardUID the real one, Read_Sig needs a session")
    func randomID() throws {
        let field = try Field(.desfireEV2Keyed())
        let realUID = field.listedUID
        try field.card.authenticateFirst(keyNumber: 0, key: try Self.derivedKey(0, uid: realUID, aid: [0, 0, 0]))
        try field.card.setConfiguration(randomID: true)
        let configured = try #require(field.field.chip.field.first)
        let again = try Field.selected(configured)
        #expect(again.listedUID.count == 4)
        #expect(again.listedUID.first == 0x08)
        #expect(throws: EV2Error.status(.permissionDenied, step: "Read_Sig")) { try again.card.originalitySignature() }
        try again.card.authenticateFirst(keyNumber: 1, key: try Self.derivedKey(1, uid: realUID))
        #expect(try again.card.cardUID() == realUID)
        #expect(NXPOriginalityKey.signer(of: try again.card.originalitySignature(), uid: realUID) == .desfireEV2)
    }
}
