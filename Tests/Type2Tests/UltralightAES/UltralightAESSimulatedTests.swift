import Credentials
import NFCCore
import Originality
import PN532Simulator
import TagProtocols
import Testing
@testable import Type2

/// The host's Ultralight AES layer against the simulated card, both written from the reference
/// (type4-ntag424.md §8.4): the 3-pass authentication, AUTH0 over the key-opened pages, the
/// key pages and READ_SIG.
@Suite("MIFARE Ultralight AES against the simulated card")
struct UltralightAESSimulatedTests {
    static let dataKey = AESKey(SimulatedTag.ultralightAESTestDataKey)!

    @Test("GET_VERSION names the card; its 144 bytes of user memory hold NDEF (the empty message it ships with)")
    func identifies() throws {
        let tag = try SimulatedField([SimulatedTag(product: .ultralightAES)]).tag()
        #expect(tag.product == .ultralightAES)
        #expect(tag.product.rawValue == "MIFARE Ultralight AES")
        #expect(try tag.queryNDEFStatus() == NDEFStatusReport(status: .readWrite, capacity: 142))
        #expect(throws: Type2Error.unsupported(.command(.passwordAuthentication, product: .ultralightAES))) {
            try tag.authenticate(password: [0xFF, 0xFF, 0xFF, 0xFF])
        }
    }

    @Test("the factory card authenticates with the all-zero key and protects nothing")
    func factoryCard() throws {
        let tag = try SimulatedField([SimulatedTag(product: .ultralightAES)]).tag()
        let configuration = try tag.readUltralightAESConfiguration()
        #expect(!configuration.isProtected && !configuration.protectsReads && configuration.authenticationLimit == 0)
        try tag.authenticate(aesKey: .factoryDefault)
        try tag.authenticate(aesKey: .factoryDefault, number: .uidRetrieval)
        #expect(try tag.read(pages: 0x30..<0x38) == [UInt8](repeating: 0, count: 32), "key pages read as 00")
    }

    @Test("the keyed card refuses its protected pages until the right key authenticates")
    func protectedPagesOpenAfterAuthentication() throws {
        let field = try SimulatedField([SimulatedTag.ultralightAESKeyed()])
        let tag = try field.tag()
        #expect(try tag.read(pages: 0..<4).count == 16)
        #expect(throws: Type2Error.exchange(.negativeAcknowledgement(nil), step: "FAST_READ pages 4-4")) { try tag.read(pages: 4..<5) }
        let again = try field.tag()
        try again.authenticate(aesKey: Self.dataKey)
        #expect(try again.read(pages: 4..<5) == [0x03, 0x00, 0xFE, 0x00])
        let configuration = try again.readUltralightAESConfiguration()
        #expect(configuration.firstProtectedPage == 0x04 && configuration.protectsReads && configuration.isProtected)
        #expect(try again.readProtection() == ProtectionState(firstProtectedPage: 4, protectsReads: true, attemptLimit: nil))
    }

    @Test("a wrong key and the UID key in the data key's place are refused with the card's NAK")
    func wrongKeyRefused() throws {
        let field = try SimulatedField([SimulatedTag.ultralightAESKeyed()])
        #expect(throws: Type2Error.aesAuthenticationRefused(key: .dataProtection)) { try field.tag().authenticate(aesKey: .factoryDefault) }
        #expect(throws: Type2Error.aesAuthenticationRefused(key: .dataProtection)) {
            try field.tag().authenticate(aesKey: AESKey(SimulatedTag.ultralightAESTestUIDKey)!)
        }
        try field.tag().authenticate(aesKey: AESKey(SimulatedTag.ultralightAESTestUIDKey)!, number: .uidRetrieval)
        #expect(throws: Type2Error.aesAuthenticationRefused(key: .originality)) { try field.tag().authenticate(aesKey: .factoryDefault, number: .originality) }
    }

    @Test("a perfect clone has the UID, pages and signature, and fails the authentication")
    func cloneFails() throws {
        var keyed = SimulatedTag.ultralightAESKeyed()
        let copied = keyed.ultralightAESClone()
        let clone = try #require(copied)
        #expect(clone.uid == keyed.uid && clone.signature == keyed.signature && clone.memory.prefix(0x30 * 4) == keyed.memory.prefix(0x30 * 4))
        let field = try SimulatedField([clone])
        let tag = try field.tag()
        #expect(NXPOriginalityKey.signer(of: try tag.readSignature(), uid: clone.uid) == .ultralightAES, "the signature is copyable")
        #expect(throws: Type2Error.aesAuthenticationRefused(key: .dataProtection)) { try tag.authenticate(aesKey: Self.dataKey) }
        #expect(throws: Type2Error.exchange(.negativeAcknowledgement(nil), step: "FAST_READ pages 4-4")) { try field.tag().read(pages: 4..<5) }
    }

    @Test("master=: the card's key is the host's AN10922 diversification of the master for its UID")
    func diversifiedKey() throws {
        let master: [UInt8] = (0..<16).map { UInt8($0) }
        let tag = SimulatedTag.ultralightAESKeyed(master: master)
        let input = try #require(KeyDiversification.input(uid: tag.uid))
        let cardKey = try #require(KeyDiversification.aes128(master: AESKey(master)!, input: input))
        let field = try SimulatedField([tag])
        try field.tag().authenticate(aesKey: cardKey)
        #expect(throws: Type2Error.aesAuthenticationRefused(key: .dataProtection)) { try field.tag().authenticate(aesKey: AESKey(master)!) }
    }

    @Test("a new data key written to the key pages authenticates; the old one no longer does")
    func writeKey() throws {
        let field = try SimulatedField([SimulatedTag(product: .ultralightAES)])
        let tag = try field.tag()
        let key = AESKey((0..<16).map { UInt8(0xA0 + $0) })!
        try tag.write(aesKey: key, number: .dataProtection)
        #expect(field.memory[0x30 * 4..<0x34 * 4].elementsEqual(key.bytes.reversed()), "stored fully byte-reversed")
        try tag.authenticate(aesKey: key)
        #expect(throws: Type2Error.aesAuthenticationRefused(key: .dataProtection)) { try tag.authenticate(aesKey: .factoryDefault) }
    }

    @Test("READ_SIG answers 48 bytes; the default card's is a real card's, NXP's Ultralight AES key verifies it")
    func originality() throws {
        let tag = try SimulatedField([SimulatedTag(product: .ultralightAES)]).tag()
        let signature = try tag.readSignature()
        #expect(signature.count == 48)
        let uid = SimulatedTag(product: .ultralightAES).uid
        #expect(NXPOriginalityKey.signer(of: signature, uid: uid) == .ultralightAES)
        #expect(NXPOriginalityKey.signer(of: signature, uid: [0x04, 0x5E, 0x4C, 0xC2, 0x45, 0x13, 0x91]) == nil)
        let other = try SimulatedField([SimulatedTag(product: .ultralightAES, uid: [0x04, 1, 2, 3, 4, 5, 6])]).tag()
        #expect(NXPOriginalityKey.signer(of: try other.readSignature(), uid: [0x04, 1, 2, 3, 4, 5, 6]) == nil)
    }

    @Test("the AES commands are refused on other products, and a challenge must be 16 bytes")
    func refusals() throws {
        let ntag = try SimulatedField(.ntag213).tag()
        #expect(throws: Type2Error.unsupported(.command(.aesAuthentication, product: .ntag213))) { try ntag.authenticate(aesKey: .factoryDefault) }
        let tag = try SimulatedField([SimulatedTag(product: .ultralightAES)]).tag()
        #expect(throws: Type2Error.unsupported(.challengeLength(15))) { try tag.authenticate(aesKey: .factoryDefault, challenge: [UInt8](repeating: 1, count: 15)) }
        #expect(throws: Type2Error.unsupported(.passwordProtection(product: .ultralightAES))) {
            try tag.protect(PasswordProtection(password: [1, 2, 3, 4], acknowledge: [5, 6]))
        }
    }
}
