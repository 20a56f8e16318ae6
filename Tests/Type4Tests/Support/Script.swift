import Basics
import TestSupport

/// APDU exchanges of the NFC Forum Type 4 procedures (reference type4-ntag424.md §2), for
/// scripted cards.
enum Script {
    static let selectApplication = ("00 A4 04 00 07 D2 76 00 00 85 01 01 00", Optional("90 00"))
    static let selectCC = ("00 A4 00 0C 02 E1 03", Optional("90 00"))
    static let selectNDEF = ("00 A4 00 0C 02 E1 04", Optional("90 00"))

    /// Select the application and the CC file, read CCLEN then the rest (at most 17 bytes in
    /// all), select the NDEF file E104.
    static func open(cc: String) -> [(String, String?)] {
        let bytes = hex(cc)
        let rest = min(bytes.count, 17) - 2
        return [
            selectApplication, selectCC,
            ("00 B0 00 00 02", text(Array(bytes.prefix(2))) + " 90 00"),
            ("00 B0 00 02 " + text([UInt8(rest)]), text(Array(bytes[2..<2 + rest])) + " 90 00"),
            selectNDEF,
        ]
    }

    /// A DESFire formatted for NDEF: MLe 3B, MLc 34, NDEF file of 2048 bytes.
    static let desfireCC = "00 0F 20 00 3B 00 34 04 06 E1 04 08 00 00 00"
    /// The same, read-only.
    static let readOnlyCC = "00 0F 20 00 3B 00 34 04 06 E1 04 08 00 00 FF"

    static func text(_ bytes: [UInt8]) -> String {
        hexText(bytes)
    }
}
