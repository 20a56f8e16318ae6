import Foundation
import Testing

@Suite("identify on a MIFARE Ultralight AES")
struct UltralightAESCommandTests {
    @Test func identifyNamesTheCardAndShowsItsSignatureAndProtection() throws {
        let factory = try pn532ctl(["identify", "--device", "sim:ultralight-aes"])
        #expect(factory.status == 0)
        #expect(factory.output.contains("Product   MIFARE Ultralight AES"))
        #expect(factory.output.contains("Memory    60 pages of 4 bytes"))
        #expect(factory.output.contains("NDEF      readWrite, capacity 142 bytes"))
        #expect(factory.output.contains("AES keys  protect nothing (AUTH0 off)"))
        #expect(factory.output.contains("Signature C9BBDA1B99EB6634CDFD8E3251AC5C4742EA5FA507B8A8A8B39B19AB7340D173331589C54C56C49F0CCA6DDBAC1E492A"))
        let keyed = try pn532ctl(["identify", "--device", "sim:ultralight-aes:keys=test"])
        #expect(keyed.status == 0)
        #expect(keyed.output.contains("NDEF      unknown: protected from page 4 (needs the card's AES key)"))
        #expect(keyed.output.contains("AES keys  reads and writes from page 4 need AES authentication"))
    }
}
