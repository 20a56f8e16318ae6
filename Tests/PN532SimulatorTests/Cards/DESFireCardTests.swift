import PN532
import PN532Simulator
import Testing
import TestSupport

/// The simulator's DESFire EV1 against the byte strings of the reference sheet
/// (type1-type3-desfire-ndef.md §3.3): Android's formatting sequence, ISO-wrapped, on the
/// blank card, then the NFC Forum Type 4 read of what it made; native commands; the refusals.
struct DESFireCardTests {
    static func apdu(_ host: FrameHost, _ text: String) throws -> [UInt8]? {
        try Type4CardTests.apdu(host, text)
    }

    @Test func androidsSequenceMakesABlankCardAType4Tag() throws {
        let host = try Type4CardTests.selected(.desfire)
        #expect(try Self.apdu(host, "90 6A 00 00 00") == hex("91 00"))
        #expect(try Self.apdu(host, "90 45 00 00 00") == hex("0F 01 91 00"))
        #expect(try Self.apdu(host, "90 CA 00 00 0E 01 00 00 0F 21 05 E1 D2 76 00 00 85 01 01 00") == hex("91 00"))
        #expect(try Self.apdu(host, "90 CA 00 00 0E 01 00 00 0F 21 05 E1 D2 76 00 00 85 01 01 00") == hex("91 DE"))
        #expect(try Self.apdu(host, "90 6A 00 00 00") == hex("01 00 00 91 00"))
        #expect(try Self.apdu(host, "90 5A 00 00 03 01 00 00 00") == hex("91 00"))
        #expect(try Self.apdu(host, "90 CD 00 00 09 01 03 E1 00 EE EE 0F 00 00 00") == hex("91 00"))
        #expect(try Self.apdu(host, "90 CD 00 00 09 02 04 E1 00 EE EE 00 08 00 00") == hex("91 00"))
        #expect(try Self.apdu(host, "90 3D 00 00 16 01 00 00 00 0F 00 00 00 0F 20 00 3B 00 34 04 06 E1 04 08 00 00 00 00") == hex("91 00"))
        #expect(try Self.apdu(host, "90 3D 00 00 09 02 00 00 00 02 00 00 00 00 00") == hex("91 00"))
        #expect(try Self.apdu(host, "90 F5 00 00 01 02 00") == hex("00 00 EE EE 00 08 00 91 00"))
        #expect(try Self.apdu(host, "00 A4 04 00 07 D2 76 00 00 85 01 01 00") == hex("90 00"))
        #expect(try Self.apdu(host, "00 A4 00 0C 02 E1 03") == hex("90 00"))
        #expect(try Self.apdu(host, "00 B0 00 00 0F") == hex("00 0F 20 00 3B 00 34 04 06 E1 04 08 00 00 00 90 00"))
        #expect(try Self.apdu(host, "00 A4 00 0C 02 E1 04") == hex("90 00"))
        #expect(try Self.apdu(host, "00 D6 00 00 03 00 01 D0") == hex("90 00"))
        #expect(try Self.apdu(host, "00 B0 00 00 03") == hex("00 01 D0 90 00"))
    }

    @Test func readDataOfAWholeFileIsChainedWithAF() throws {
        let host = try Type4CardTests.selected(.desfireNDEF)
        #expect(try Self.apdu(host, "90 5A 00 00 03 01 00 00 00") == hex("91 00"))
        let first = try #require(try Self.apdu(host, "90 BD 00 00 07 01 00 00 00 00 00 00 00"))
        #expect(first == hex("00 0F 20 00 3B 00 34 04 06 E1 04 08 00 00 00 91 00"))
        let ndef = try #require(try Self.apdu(host, "90 BD 00 00 07 02 00 00 00 78 00 00 00"))
        #expect(ndef.count == 59 + 2 && ndef.suffix(2) == [0x91, 0xAF])
        let rest = try #require(try Self.apdu(host, "90 AF 00 00 00"))
        #expect(rest.count == 59 + 2 && rest.suffix(2) == [0x91, 0xAF])
        #expect(try Self.apdu(host, "90 AF 00 00 00") == hex("00 00 91 00"))
        #expect(try Self.apdu(host, "90 AF 00 00 00") == hex("91 1C"))
    }

    @Test func theFormattedCardsCCNeedsKey0ToBeWritten() throws {
        let host = try Type4CardTests.selected(.desfireNDEF)
        #expect(try Self.apdu(host, "90 5A 00 00 03 01 00 00 00") == hex("91 00"))
        #expect(try Self.apdu(host, "90 3D 00 00 08 01 00 00 00 01 00 00 00 00") == hex("91 9D"))
        #expect(try Self.apdu(host, "90 3D 00 00 08 02 00 08 00 01 00 00 00 00") == hex("91 BE"))
        #expect(try Self.apdu(host, "90 3D 00 00 08 02 00 00 00 02 00 00 00 00") == hex("91 7E"))
        #expect(try Self.apdu(host, "90 BD 00 00 07 09 00 00 00 01 00 00 00") == hex("91 F0"))
    }

    @Test func thePICCThatKeepsCreationBehindTheMasterKeySaysAE() throws {
        let host = try Type4CardTests.selected(.desfireKeyed)
        #expect(try Self.apdu(host, "90 45 00 00 00") == hex("0B 01 91 00"))
        // libfreefare's native bytes.
        #expect(try Self.apdu(host, "CA 01 00 00 0F 21 10 E1 D2 76 00 00 85 01 01") == hex("AE"))
        #expect(try Self.apdu(host, "90 6A 00 00 00") == hex("91 00"))
    }

    @Test func aFileTheMemoryCannotHoldIsOutOfMemory() throws {
        let host = try Type4CardTests.selected(.desfire)
        #expect(try Self.apdu(host, "90 CA 00 00 05 02 00 00 0F 01 00") == hex("91 00"))
        #expect(try Self.apdu(host, "90 5A 00 00 03 02 00 00 00") == hex("91 00"))
        #expect(try Self.apdu(host, "90 CD 00 00 07 01 00 EE EE 01 10 00 00") == hex("91 0E"))
        #expect(try Self.apdu(host, "90 CD 00 00 07 01 00 EE EE 00 10 00 00") == hex("91 00"))
        #expect(try Self.apdu(host, "90 CD 00 00 07 02 00 EE EE 01 00 00 00") == hex("91 0E"))
        #expect(try Self.apdu(host, "90 CD 00 00 07 02 00 EE EE 00 00 00 00") == hex("91 9E"))
    }
}
