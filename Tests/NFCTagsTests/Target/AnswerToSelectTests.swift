import NFCCore
import TestSupport
import Testing

/// NFCCore has no test target of its own; the ATS reader is tested with its first user.
@Suite("ATS fields read with bounds")
struct AnswerToSelectTests {
    @Test(arguments: [
        ("06 75 77 81 02 80", [0x80] as [UInt8]),  // DESFire EV1: TA TB TC, one historical byte
        ("06 77 77 71 02 80", [0x80]),  // NTAG 424 DNA
        ("05 78 80 70 02", []),  // a phone: no historical bytes
        ("04 00 AB CD", [0xAB, 0xCD]),  // no interface bytes
        ("0A 75 77 81 02 80", [0x80]),  // TL longer than the bytes received
        ("03 75 77 81 02 80", []),  // TL shorter than the interface bytes
        ("06 75", []),
        ("01", []),
        ("00", []),
        ("", []),
    ])
    func historicalBytes(_ text: String, _ expected: [UInt8]) {
        #expect(AnswerToSelect(bytes: hex(text)).historicalBytes == expected)
    }

    @Test func frameSizeIndexIsT0LowNibble() {
        #expect(AnswerToSelect(bytes: hex("06 77 77 71 02 80")).frameSizeIndex == 7)
        #expect(AnswerToSelect(bytes: hex("01")).frameSizeIndex == nil)
    }

    @Test func targetIdentifiers() {
        #expect(TargetInfo.nfcF(NFCFTarget(idm: hex("01 2E 4C 20 11 22 33 44"), pmm: [], bitRate: .kbps424)).technology == "NFC-F 424 kbps")
        #expect(TargetInfo.nfcB(NFCBTarget(atqb: hex("50 1A"), attribResponse: [])).identifier == [])
    }
}
