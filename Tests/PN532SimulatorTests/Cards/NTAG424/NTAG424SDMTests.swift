import PN532Simulator
import Testing
import TestSupport

/// Secure Dynamic Messaging on the simulated NTAG 424 DNA: SDMReadCtr on each first read, the
/// plain UID and counter mirror, and AN12196's SUN messages (reference §9.6) reproduced byte
/// for byte given their PICCData padding.
struct NTAG424SDMTests {
    /// An NDEF file holding one URI record (`https://` + `url`), zeros after it.
    static func ndefFile(_ url: String) -> [UInt8] {
        let record: [UInt8] = [0xD1, 0x01, UInt8(url.utf8.count + 1), 0x55, 0x04] + Array(url.utf8)
        return [0x00, UInt8(record.count)] + record
    }

    /// A card with `url` in its NDEF file and `sdm` on it (file plain, read and write free).
    static func card(uid: String, url: String, sdm: SimulatedNTAG424.SDMSettings, counter: Int = 0, padding: String = "") -> NTAG424Card {
        var tag = SimulatedTag(product: .ntag424, uid: hex(uid))
        let file = ndefFile(url)
        var bytes = [UInt8](repeating: 0, count: 256)
        bytes.replaceSubrange(0..<file.count, with: file)
        tag.ntag424?.setFileSettings(2, .init(commMode: .plain, accessRights: 0xEEE0, sdm: sdm))
        tag.ntag424?.setSDMReadCounter(counter)
        let card = NTAG424Card(tag, random: padding)
        _ = card.send("90 8D 00 00 \(String(format: "%02X", 7 + file.count)) 02 000000 \(String(format: "%02X", file.count))0000 " + file.map { String(format: "%02X", $0) }.joined() + " 00")
        return card
    }

    @Test func plainMirroringShowsTheUIDAndACounterThatRisesOnEachFirstRead() {
        let url = "example.com/?uid=" + String(repeating: "0", count: 14) + "&ctr=" + String(repeating: "0", count: 6)
        let sdm = SimulatedNTAG424.SDMSettings(options: 0xC1, accessRights: 0xEFFF, uidOffset: 24, readCounterOffset: 43)
        let card = Self.card(uid: "04C767F2066180", url: url, sdm: sdm)
        let length = String(format: "%02X", Self.ndefFile(url).count)
        #expect(card.selectFile("E1 04"))
        let first = card.send("00 B0 00 00 " + length)
        #expect(first == Self.ndefFile("example.com/?uid=04C767F2066180&ctr=000001") + [0x90, 0x00])
        #expect(card.send("00 B0 00 00 " + length) == first, "a repeated read is the same read")
        #expect(card.tag.ntag424?.sdmReadCounter == 1)
        #expect(card.selectFile("E1 04"))
        #expect(card.send("00 B0 00 00 " + length) == Self.ndefFile("example.com/?uid=04C767F2066180&ctr=000002") + [0x90, 0x00])
        let whole = card.send("90 AD 00 00 07 02 000000 000000 00")
        #expect(whole.count == 256 + 2)
        #expect(whole.prefix(Self.ndefFile(url).count) == Self.ndefFile("example.com/?uid=04C767F2066180&ctr=000003")[...])
        #expect(card.tag.files[1].bytes.prefix(Self.ndefFile(url).count) == Self.ndefFile(url)[...], "the static file is unchanged")
    }

    @Test func sun1IsReproducedFromItsUIDCounterAndPadding() {
        let url = "ntag.nxp.com/424?e=" + String(repeating: "0", count: 32) + "&c=" + String(repeating: "0", count: 16)
        let sdm = SimulatedNTAG424.SDMSettings(options: 0xC1, accessRights: 0x00FF, piccDataOffset: 26, macInputOffset: 61, macOffset: 61)
        let card = Self.card(uid: "04DE5F1EACC040", url: url, sdm: sdm, counter: 60, padding: "DA5CF60941")
        #expect(card.selectFile("E1 04"))
        let expected = Self.ndefFile("ntag.nxp.com/424?e=EF963FF7828658A599F3041510671E88&c=94EED9EE65337086")
        #expect(card.send("00 B0 00 00 " + String(format: "%02X", expected.count)) == expected + [0x90, 0x00])
        #expect(card.tag.ntag424?.sdmReadCounter == 61)
    }

    @Test func sun2WithEncryptedFileDataIsReproduced() {
        let url = "www.my424dna.com/?picc_data=" + String(repeating: "0", count: 32) + "&enc=" + String(repeating: "x", count: 16)
            + String(repeating: "0", count: 16) + "&cmac=" + String(repeating: "0", count: 16)
        let sdm = SimulatedNTAG424.SDMSettings(
            options: 0xD1, accessRights: 0x00FF, piccDataOffset: 35, macInputOffset: 72, encOffset: 72, encLength: 32, macOffset: 110
        )
        let card = Self.card(uid: "04958CAA5C5E80", url: url, sdm: sdm, counter: 7, padding: "A243C86DFC")
        let expected = Self.ndefFile(
            "www.my424dna.com/?picc_data=FD91EC264309878BE6345CBE53BADF40&enc=CEE9A53E3E463EF1F459635736738962&cmac=ECC1E7F6C6C73BF6"
        )
        #expect(card.send("90 AD 00 00 07 02 000000 \(String(format: "%02X", expected.count))0000 00") == expected + [0x91, 0x00])
    }

    @Test func anAuthenticatedReadSeesTheStaticFileAndCountsNothing() {
        let url = "ntag.nxp.com/424?e=" + String(repeating: "0", count: 32) + "&c=" + String(repeating: "0", count: 16)
        let sdm = SimulatedNTAG424.SDMSettings(options: 0xC1, accessRights: 0x00FF, piccDataOffset: 26, macInputOffset: 61, macOffset: 61)
        let card = Self.card(uid: "04DE5F1EACC040", url: url, sdm: sdm, padding: NTAG424Card.vector91Random)
        #expect(card.authenticateVector91())
        #expect(card.send("90 AD 00 00 07 02 000000 040000 00").prefix(4) == Self.ndefFile(url).prefix(4))
        #expect(card.tag.ntag424?.sdmReadCounter == 0)
    }

    @Test func getFileCountersGivesSDMReadCtrUnderItsRight() {
        let url = "example.com/?ctr=" + String(repeating: "0", count: 6)
        let free = SimulatedNTAG424.SDMSettings(options: 0x41, accessRights: 0xEFFE, readCounterOffset: 24)
        let card = Self.card(uid: "04C767F2066180", url: url, sdm: free, counter: 0x0102)
        #expect(card.send("90 AD 00 00 07 02 000000 020000 00").suffix(2) == [0x91, 0x00])
        #expect(card.send("90 F6 00 00 01 02 00") == hex("030100 0000 9100"))
        let keyed = SimulatedNTAG424.SDMSettings(options: 0x41, accessRights: 0xEFF1, readCounterOffset: 24)
        let locked = Self.card(uid: "04C767F2066180", url: url, sdm: keyed)
        #expect(locked.send("90 F6 00 00 01 02 00") == hex("919D"))
    }

    @Test func theCounterLimitRefusesReads() {
        let url = "example.com/?ctr=" + String(repeating: "0", count: 6)
        let sdm = SimulatedNTAG424.SDMSettings(options: 0x61, accessRights: 0xEFFF, readCounterOffset: 24, readCounterLimit: 1)
        let card = Self.card(uid: "04C767F2066180", url: url, sdm: sdm)
        #expect(card.send("90 AD 00 00 07 02 000000 020000 00").suffix(2) == [0x91, 0x00])
        #expect(card.send("90 AD 00 00 07 02 000000 020000 00").suffix(2) == [0x91, 0x00], "the same read")
        #expect(card.send("90 F5 00 00 01 02 00").suffix(2) == [0x91, 0x00])
        #expect(card.send("90 AD 00 00 07 02 000000 020000 00") == hex("919D"))
    }
}
