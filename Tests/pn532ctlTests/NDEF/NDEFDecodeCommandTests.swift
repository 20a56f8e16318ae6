import Foundation
import Testing

@Suite("pn532ctl ndef decode")
struct NDEFDecodeCommandTests {
    @Test func humanReadable() throws {
        let result = try pn532ctl(["ndef", "decode", "D1021A5370 91010A55036E666370792E6F7267 5101085402656E6E66637079"])
        #expect(result.status == 0)
        #expect(result.output == """
            NDEF message, 31 bytes, 1 record
            [1] Smart Poster: http://nfcpy.org
                title (en): "nfcpy"
                tnf well-known (1), type "Sp", payload 26 bytes: 91010A55036E666370792E6F72675101085402656E6E66637079

            """)
    }

    @Test func jsonSchema() throws {
        let result = try pn532ctl(["ndef", "decode", "--json", "D101075402656E54455854D20A02746578742F706C61696E6869"
            .replacingOccurrences(of: "D101", with: "9101")
            .replacingOccurrences(of: "D20A", with: "520A")])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
        #expect(object["length"] as? Int == 26)
        let records = try #require(object["records"] as? [[String: Any]])
        #expect(records.count == 2)
        #expect(records[0]["tnf"] as? String == "well-known")
        #expect(records[0]["tnfValue"] as? Int == 1)
        #expect(records[0]["type"] as? String == "T")
        #expect(records[0]["payloadHex"] as? String == "02656E54455854")
        #expect(records[0]["kind"] as? String == "text")
        #expect(records[0]["text"] as? String == "TEXT")
        #expect(records[0]["lang"] as? String == "en")
        #expect(records[0]["encoding"] as? String == "utf-8")
        #expect(records[1]["kind"] as? String == "mime")
        #expect(records[1]["mimeType"] as? String == "text/plain")
        #expect(records[1]["text"] as? String == "hi")
    }

    @Test func standardInputHexAndBinary() throws {
        let hex = try pn532ctl(["ndef", "decode"], input: Data("D1010A55046E666370792E6F7267\n".utf8))
        #expect(hex.output.contains("[1] URI: https://nfcpy.org"))
        let binary = try pn532ctl(["ndef", "decode"], input: Data([0xD1, 0x01, 0x02, 0x55, 0x05, 0x31]))
        #expect(binary.output.contains("[1] URI: tel:1"))
    }

    @Test func encodeOutputDecodesBack() throws {
        let encoded = try pn532ctl(["ndef", "encode", "--out", "-", "--text", "Grüße", "--utf16", "--lang", "de"])
        let decoded = try pn532ctl(["ndef", "decode", "--file", "-"], input: encoded.standardOutput)
        #expect(decoded.output.contains("[1] Text (de, utf-16be): \"Grüße\""))
    }

    @Test func tlvDataArea() throws {
        let result = try pn532ctl(["ndef", "decode", "--tlv", "0103A00C34 030FD1010B55016C69626E66632E6F7267FE 0000"])
        #expect(result.output.contains("[1] URI: http://www.libnfc.org"))
        let empty = try pn532ctl(["ndef", "decode", "--tlv", "0300FE"])
        #expect(empty.status == 0)
        #expect(empty.output == "NDEF message, 0 bytes, 0 records\n")
    }

    @Test func badDataNamesTheOffsetAndExits65() throws {
        let truncated = try pn532ctl(["ndef", "decode", "D1010A55"])
        #expect(truncated.status == 65)
        #expect(truncated.standardError.contains("byte 4: the data ends inside the payload (10 bytes needed, 0 left)"))
        let huge = try pn532ctl(["ndef", "decode", "C100FFFFFFFF00"])
        #expect(huge.status == 65)
        #expect(huge.standardError.contains("4294967295 bytes needed, 1 left"))
        let hex = try pn532ctl(["ndef", "decode", "D1X"])
        #expect(hex.status == 65)
        #expect(hex.standardError.contains("character 3 'X' is not a hex digit"))
        let odd = try pn532ctl(["ndef", "decode", "D10"])
        #expect(odd.standardError.contains("odd number of hex digits"))
    }

    @Test func lenientModeAndItsHint() throws {
        let strict = try pn532ctl(["ndef", "decode", "150000 160000 560000"])
        #expect(strict.status == 65)
        #expect(strict.standardError.contains("byte 0: the first record lacks the MB (message begin) flag (--lenient accepts this)"))
        let lenient = try pn532ctl(["ndef", "decode", "--lenient", "150000 160000 560000"])
        #expect(lenient.status == 0)
        #expect(lenient.output.hasPrefix("NDEF message, 9 bytes, 3 records"))
    }

    @Test func invalidPayloadInLenientModeIsReportedPerRecord() throws {
        let result = try pn532ctl(["ndef", "decode", "--lenient", "--json", "D10102 55 3061"])
        #expect(result.status == 0)
        #expect(result.output.contains(#""kind":"invalid","text":null,"#))
        #expect(result.output.contains(#""externalType":null,"error":"byte 0: URI identifier code 0x30 is not defined"#))
    }

    @Test func usageErrors() throws {
        let both = try pn532ctl(["ndef", "decode", "--file", "x", "D1"])
        #expect(both.status == 64)
        let missing = try pn532ctl(["ndef", "decode", "--file", "/nonexistent"])
        #expect(missing.status == 66)
    }

    @Test func hexFileWithATypoIsAnErrorNotBinary() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("message.hex")
        try Data("D1010A55036E6663707G2E6F7267\n".utf8).write(to: file)
        for command in [["ndef", "decode", "--file", file.path], ["write", "--message", file.path]] {
            let result = try pn532ctl(command)
            #expect(result.status == 65)
            #expect(result.standardError == "pn532ctl: \(file.path): hex text: hex input: character 20 'G' is not a hex digit\n")
        }
    }
}
