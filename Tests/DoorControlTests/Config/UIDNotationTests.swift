import DoorControl
import Testing

@Suite("UIDs in configuration files")
struct UIDNotationTests {
    @Test("hex with or without colons, any case; 4, 7, 8 (a FeliCa IDm) or 10 bytes")
    func parse() {
        #expect(UIDNotation.parse("04A22B1A5C6E80") == .success([0x04, 0xA2, 0x2B, 0x1A, 0x5C, 0x6E, 0x80]))
        #expect(UIDNotation.parse("04:a2:2b:1a:5c:6e:80") == .success([0x04, 0xA2, 0x2B, 0x1A, 0x5C, 0x6E, 0x80]))
        #expect(UIDNotation.parse("00000001") == .success([0, 0, 0, 1]))
        #expect(UIDNotation.parse("01:2E:4C:F1:00:00:00:01") == .success([0x01, 0x2E, 0x4C, 0xF1, 0, 0, 0, 1]))
        #expect(UIDNotation.parse("00112233445566778899") == .success([0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99]))
    }

    @Test("refusals say why")
    func refusals() {
        let forms = "write it as hex, colons between bytes optional: 04A1B2C3D4E5F6 or 04:A1:B2:C3:D4:E5:F6"
        #expect(Self.reason("0411223") == "has an odd number of hex digits (\(forms))")
        #expect(Self.reason("04:11:22:3") == "must have two hex digits between colons (\(forms))")
        #expect(Self.reason("04:11:22:33:") == "must have two hex digits between colons (\(forms))")
        #expect(Self.reason("041122+3") == "has '+' where only hex digits and colons belong (\(forms))")
        #expect(Self.reason("04 A1 B2 C3 D4 E5 F6") == "has a space where only hex digits and colons belong (\(forms))")
        #expect(Self.reason("04-A1-B2-C3") == "has a '-' where only hex digits and colons belong (\(forms))")
        #expect(Self.reason("04A1B2C\u{E9}") == "has U+00E9 where only hex digits and colons belong (\(forms))")
        #expect(Self.reason("0411223344") == "is 5 bytes; a UID has 4, 7 or 10 (type A), 4 (type B, Jewel) or 8 (a FeliCa IDm)")
        #expect(Self.reason("001122334455667788") == "is 9 bytes; a UID has 4, 7 or 10 (type A), 4 (type B, Jewel) or 8 (a FeliCa IDm)")
        #expect(Self.reason("") == "is 0 bytes; a UID has 4, 7 or 10 (type A), 4 (type B, Jewel) or 8 (a FeliCa IDm)")
    }

    @Test("printed fixed-width: leading zeros are never lost")
    func format() {
        #expect(UIDNotation.format([0x00, 0x0A, 0x00, 0x01]) == "00:0A:00:01")
        #expect(UIDNotation.format([0x04, 0xA2, 0x2B, 0x1A, 0x5C, 0x6E, 0x80]) == "04:A2:2B:1A:5C:6E:80")
        #expect(UIDNotation.hex([0x00, 0xFF], separator: "") == "00FF")
    }

    /// Why `text` was refused, nil when it was accepted.
    static func reason(_ text: String) -> String? {
        guard case let .failure(error) = UIDNotation.parse(text) else { return nil }
        return error.reason
    }
}
