/// The dependencies each target may have: DESIGN.md's target table ("a target imports only
/// targets below it; the table is the allowed list"), as this package names its targets and
/// products. A dependency that is not listed here fails `PackageLayoutTests`: change DESIGN.md
/// and this table together, or not at all.
enum AllowedDependencies {
    /// Modules every target may import without declaring them: the C library and the
    /// standard library's own modules.
    static let system: Set<String> = ["Glibc", "Swift", "Synchronization", "_Concurrency"]

    /// Target → the targets and products it may depend on.
    static let table: [String: Set<String>] = [
        "CLinux": [],
        "BuildInfo": [],
        "JSONText": [],
        "NFCCore": [],
        "NDEF": ["NFCCore"],
        "Originality": ["NFCCore"],
        "POSIXIO": ["NFCCore", "CLinux", "SystemPackage"],
        "FileInput": ["POSIXIO", "SystemPackage"],
        "CSV": ["FileInput"],
        "PN532": ["NFCCore", "CLinux", "POSIXIO", "SystemPackage"],
        "PN532Simulator": ["NFCCore", "PN532", "CLinux", "FileInput", "POSIXIO", "SystemPackage", "Crypto"],
        "GPIO": ["NFCCore", "CLinux", "POSIXIO", "SystemPackage"],
        "TagProtocols": ["NFCCore", "NDEF"],
        "Type2": ["NFCCore", "NDEF", "TagProtocols"],
        "NFCTags": ["NFCCore", "TagProtocols", "Type2"],
        "NFCReader": ["NFCCore", "NDEF", "PN532", "PN532Simulator", "GPIO", "TagProtocols", "Type2", "NFCTags"],
        "DoorControl": [
            "NFCCore", "NDEF", "TagProtocols", "NFCTags", "PN532", "GPIO", "Originality", "CLinux", "FileInput", "NFCReader",
            "JSONText", "POSIXIO", "Crypto", "SystemPackage",
        ],
        // DESIGN.md: PN532Reader, NFCTags, Credentials; until those land, the reader layer is in NFCReader
        // and PN532, the token signing in DoorControl, the secret-file and password reading in the executable.
        "Provisioning": [
            "NFCCore", "NDEF", "PN532", "NFCReader", "NFCTags", "TagProtocols", "Type2", "Originality", "CSV", "FileInput", "POSIXIO",
            "DoorControl", "Crypto", "SystemPackage",
        ],
        "pn532ctl": [
            "BuildInfo", "NFCCore", "NDEF", "PN532", "PN532Simulator", "TagProtocols", "Type2", "GPIO", "CLinux", "DoorControl",
            "FileInput", "CSV", "NFCReader", "NFCTags", "Provisioning", "JSONText", "POSIXIO", "Crypto", "ArgumentParser", "SystemPackage",
        ],
    ]
}
