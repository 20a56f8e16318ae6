import Credentials
import TestSupport
import Testing

/// SUN verification on every published vector: AN12196's SUN1 (`e`/`c`) and SUN2 (`picc_data`/
/// `enc`/`cmac` with file data) as the reference gives them, and Bolt Card's three real-card
/// messages (boltcard/boltcard docs/TEST_VECTORS.md); then every way a message is refused.
@Suite("SUN verification")
struct SUNVerifierTests {
    static let zero = AESKey.factoryDefault
    static let sun1 = "https://ntag.nxp.com/424?e=EF963FF7828658A599F3041510671E88&c=94EED9EE65337086"
    static let sun2 =
        "https://www.my424dna.com/?picc_data=FD91EC264309878BE6345CBE53BADF40&enc=CEE9A53E3E463EF1F459635736738962&cmac=ECC1E7F6C6C73BF6"
    static let boltK1 = AESKey(hex("0c3b25d92b38ae443229dd59ad34b85d"))!
    static let boltK2 = AESKey(hex("b45775776cb224c75bcde7ca3704e933"))!
    static let bolt: [(p: String, c: String, counter: UInt32)] = [
        ("4E2E289D945A66BB13377A728884E867", "E19CCB1FED8892CE", 3),
        ("00F48C4F8E386DED06BCDC78FA92E2FE", "66B4826EA4C155B4", 5),
        ("0DBF3C59B59B0638D60B5842A997D4D1", "CC61660C020B4D96", 7),
    ]

    @Test("AN12196 SUN1: e/c with zero keys gives UID 04DE5F1EACC040, counter 61, MAC over nothing")
    func an12196SUN1() throws {
        let message = try SUNVerifier(piccKey: Self.zero, macKey: Self.zero).verify(url: Self.sun1)
        #expect(message.uid == hex("04DE5F1EACC040"))
        #expect(message.counter == 61)
        #expect(message.fileData == nil)
        #expect(message.layout == .nxp && message.piccDataEncrypted)
    }

    @Test("AN12196 SUN2: picc_data/enc/cmac gives UID 04958CAA5C5E80, counter 8, file data xxxxxxxxxxxxxxxx")
    func an12196SUN2() throws {
        let message = try SUNVerifier(piccKey: Self.zero, macKey: Self.zero).verify(url: Self.sun2)
        #expect(message.uid == hex("04958CAA5C5E80"))
        #expect(message.counter == 8)
        #expect(message.fileData == Array("xxxxxxxxxxxxxxxx".utf8))
        #expect(message.layout == .sdmBackend)
    }

    @Test("AN12196 SUN2's intermediate values: session MAC key, full CMAC over ENC&cmac=, session ENC key")
    func an12196SUN2Intermediates() throws {
        let uidCounter = hex("04958CAA5C5E80 080000")
        let macSession = try #require(AESKey(Self.zero.cmac(hex("3CC300010080") + uidCounter)))
        #expect(macSession.bytes == hex("3ED0920E5E6A0320D823D5987FEAFBB1"))
        #expect(macSession.cmac(Array("CEE9A53E3E463EF1F459635736738962&cmac=".utf8)) == hex("81EC45C175E72FF6FAC61BC7AB3BAEF6"))
        #expect(macSession.truncatedCMAC(Array("CEE9A53E3E463EF1F459635736738962&cmac=".utf8)) == hex("ECC1E7F6C6C73BF6"))
        #expect(Self.zero.cmac(hex("C33C00010080") + uidCounter) == hex("42132D669442AD43E072C8C0C9828A72"))
    }

    @Test("AN12196's session MAC keys: SUN1's, and Table 1's with a non-zero key")
    func sessionMACKeys() {
        #expect(Self.zero.cmac(hex("3CC300010080 04DE5F1EACC040 3D0000")) == hex("3FB5F6E3A807A03D5E3570ACE393776F"))
        let key = AESKey(hex("5ACE7E50AB65D5D51FD5BF5A16B8205B"))!
        #expect(key.cmac(hex("3CC30001008004C767F2066180010000")) == hex("3A3E8110E05311F7A3FCF0D969BF2B48"))
    }

    @Test("Bolt Card's real-card vectors: p/c with K1 and K2 give UID 04996C6A926980 and counters 3, 5, 7")
    func boltCard() throws {
        let verifier = SUNVerifier(piccKey: Self.boltK1, macKey: Self.boltK2)
        for vector in Self.bolt {
            let message = try verifier.verify(url: "lnurlw://card.example/ln?p=\(vector.p)&c=\(vector.c)")
            #expect(message.uid == hex("04996C6A926980"))
            #expect(message.counter == vector.counter)
            #expect(message.layout == .boltCard)
        }
    }

    @Test("hex is read in either case; the MAC input is the upper-case text the tag mirrored")
    func eitherCase() throws {
        let verifier = SUNVerifier(piccKey: Self.zero, macKey: Self.zero)
        #expect(try verifier.verify(url: Self.sun1.lowercased()).counter == 61)
        let lower = "https://www.my424dna.com/?picc_data=fd91ec264309878be6345cbe53badf40&enc=cee9a53e3e463ef1f459635736738962&cmac=ecc1e7f6c6c73bf6"
        #expect(try verifier.verify(url: lower).fileData == Array("xxxxxxxxxxxxxxxx".utf8))
    }

    @Test("a query alone, parameters in any order, other parameters and a fragment are read")
    func queryShapes() throws {
        let verifier = SUNVerifier(piccKey: Self.zero, macKey: Self.zero)
        #expect(try verifier.verify(url: "e=EF963FF7828658A599F3041510671E88&c=94EED9EE65337086").counter == 61)
        #expect(try verifier.verify(url: "?c=94EED9EE65337086&x=1&e=EF963FF7828658A599F3041510671E88#top").counter == 61)
    }

    @Test("plain mirroring: uid/ctr/c with no PICC key; the counter text is most significant first")
    func plainMirroring() throws {
        // AN12196 Table 1's key, UID and counter; the MAC over nothing is the reference's own
        // recomputation (3ECB722DE23AE5BC, not the note's unreproducible 54A45B2C3A558765).
        let key = AESKey(hex("5ACE7E50AB65D5D51FD5BF5A16B8205B"))!
        let mac = "3ECB722DE23AE5BC"
        let message = try SUNVerifier(piccKey: nil, macKey: key).verify(url: "https://ntag.nxp.com/424?uid=04C767F2066180&ctr=000001&c=\(mac)")
        #expect(message.uid == hex("04C767F2066180") && message.counter == 1 && !message.piccDataEncrypted)
        #expect(message.layout == .plain)
        #expect(throws: SUNError.wrongMAC) {
            try SUNVerifier(piccKey: nil, macKey: key).verify(url: "https://ntag.nxp.com/424?uid=04C767F2066180&ctr=010000&c=\(mac)")
        }
    }

    @Test("a per-card MAC key: AN10922's example card key (A8DD63A3…) is derived from the master key and the message's UID")
    func diversifiedMACKey() throws {
        let master = AESKey(hex("00112233445566778899AABBCCDDEEFF"))!
        // The MAC computed with openssl from the card key: session key 26895BD70CC4C14FCAC081B4F69AC2CC.
        let url = "uid=04782E21801D80&ctr=000001&c=3823829FFF15CD85"
        let perCard = SUNVerifier.MACKey.diversified(master: master, applicationID: hex("3042F5"), systemIdentifier: hex("4E585020416275"))
        #expect(try SUNVerifier(piccKey: nil, macKey: perCard).verify(url: url).counter == 1)
        #expect(throws: SUNError.wrongMAC) { try SUNVerifier(piccKey: nil, macKey: master).verify(url: url) }
        let tooLong = SUNVerifier.MACKey.diversified(master: master, applicationID: hex("3042F5"), systemIdentifier: [UInt8](repeating: 1, count: 22))
        #expect(throws: SUNError.diversificationInput) { try SUNVerifier(piccKey: nil, macKey: tooLong).verify(url: url) }
    }

    @Test("a wrong key, an altered byte or a MAC from another message fails its check")
    func checksFail() {
        let verifier = SUNVerifier(piccKey: Self.zero, macKey: Self.zero)
        // AES⁻¹(Bolt K1, SUN1's e) = B924176C…, checked with openssl.
        #expect(throws: SUNError.piccDataTag(0xB9)) {
            try SUNVerifier(piccKey: Self.boltK1, macKey: Self.zero).verify(url: Self.sun1)
        }
        #expect(throws: SUNError.wrongMAC) { try SUNVerifier(piccKey: Self.zero, macKey: Self.boltK2).verify(url: Self.sun1) }
        #expect(throws: SUNError.wrongMAC) { try verifier.verify(url: Self.sun1.replacing("c=94", with: "c=95")) }
        #expect(throws: SUNError.wrongMAC) { try verifier.verify(url: Self.sun2.replacing("enc=CE", with: "enc=CF")) }
        #expect(throws: SUNError.wrongMAC) { try verifier.verify(url: Self.sun2.replacing("&cmac=", with: "&c=").replacing("picc_data", with: "e")) }
        let swapped = "p=\(Self.bolt[0].p)&c=\(Self.bolt[1].c)"
        #expect(throws: SUNError.wrongMAC) { try SUNVerifier(piccKey: Self.boltK1, macKey: Self.boltK2).verify(url: swapped) }
    }

    @Test("malformed URLs are refused by name before any key is used", arguments: [
        ("https://x/?c=94EED9EE65337086", SUNError.missingParameter("picc_data, e, p (encrypted PICCData)")),
        ("e=EF963FF7828658A599F3041510671E88", .missingParameter("c")),
        ("e=EF963FF7828658A599F3041510671E88&e=EF963FF7828658A599F3041510671E88&c=94EED9EE65337086", .duplicateParameter("e")),
        ("e=EF963FF7828658A599F3041510671E8&c=94EED9EE65337086", .wrongLength(parameter: "e", digits: 31, expected: "32")),
        ("e=EF963FF7828658A599F3041510671E88&c=94EED9EE6533708G", .notHex(parameter: "c", position: 16)),
        ("e=EF963FF7828658A599F3041510671E88&c=+4EED9EE65337086", .notHex(parameter: "c", position: 1)),
        ("e=EF963FF7828658A599F3041510671E88&c=", .wrongLength(parameter: "c", digits: 0, expected: "16")),
        ("e=EF963FF7828658A599F3041510671E88&enc=00&c=94EED9EE65337086", .wrongLength(parameter: "enc", digits: 2, expected: "a multiple of 32, at most 512")),
        ("e=EF963FF7828658A599F3041510671E88&c=94EED9EE65337086&enc=" + String(repeating: "00", count: 16), .macInputStart(parameter: "enc")),
    ])
    func malformed(url: String, error: SUNError) {
        #expect(error.isMalformed)
        #expect(throws: error) { try SUNVerifier(piccKey: Self.zero, macKey: Self.zero).verify(url: url) }
    }

    @Test("hostile sizes: a long URL and a flood of parameters are refused, not read")
    func bounded() {
        let verifier = SUNVerifier(piccKey: Self.zero, macKey: Self.zero)
        let long = Self.sun1 + "&pad=" + String(repeating: "A", count: SUNVerifier.maximumURLLength)
        #expect(throws: SUNError.tooLong(bytes: long.utf8.count, limit: SUNVerifier.maximumURLLength)) { try verifier.verify(url: long) }
        let many = Self.sun1 + String(repeating: "&a=1", count: SUNVerifier.maximumParameters)
        #expect(throws: SUNError.tooManyParameters(limit: SUNVerifier.maximumParameters)) { try verifier.verify(url: many) }
        #expect(throws: SUNError.piccKeyNeeded(parameter: "e")) { try SUNVerifier(piccKey: nil, macKey: Self.zero, layout: .nxp).verify(url: Self.sun1) }
    }

    @Test("a custom layout names other parameters and where the MAC input starts")
    func customLayout() throws {
        let url = "https://x/?id=FD91EC264309878BE6345CBE53BADF40&data=CEE9A53E3E463EF1F459635736738962&cmac=ECC1E7F6C6C73BF6"
        let layout = SUNLayout(piccData: "id", fileData: "data", mac: "cmac", macInput: .fromValue(of: "data"))
        let message = try SUNVerifier(piccKey: Self.zero, macKey: Self.zero, layout: layout).verify(url: url)
        #expect(message.counter == 8 && message.fileData == Array("xxxxxxxxxxxxxxxx".utf8))
        let empty = SUNLayout(piccData: "id", fileData: "data", mac: "cmac", macInput: .empty)
        #expect(throws: SUNError.wrongMAC) { try SUNVerifier(piccKey: Self.zero, macKey: Self.zero, layout: empty).verify(url: url) }
    }
}
