/// The dependencies each target may have: DESIGN.md's target table ("a target imports only
/// targets below it; the table is the allowed list"), as this package names its targets and
/// products. A dependency that is not listed here fails `PackageLayoutTests`: change DESIGN.md
/// and this table together, or not at all.
///
/// Where this table allows more than DESIGN.md's, the line says why; those are the edges left
/// to remove.
enum AllowedDependencies {
    /// Modules every target may import without declaring them: the C library, the standard
    /// library's own modules, and the toolchain's libdispatch (no Foundation, no ICU: Core NFC's
    /// delegate queue in NFCReader).
    static let system: Set<String> = ["Dispatch", "Glibc", "Swift", "Synchronization", "_Concurrency"]

    /// What every target may use: the C shim, swift-system and the basics (L0's plumbing).
    private static let plumbing: Set<String> = ["Basics", "CLinux", "SystemPackage"]

    /// Target → the targets and products it may depend on.
    static let table: [String: Set<String>] = [
        // L0
        "CLinux": [],
        "BuildInfo": [],
        "Basics": [],
        "NFCCore": ["Basics"],
        "NDEF": ["Basics"],
        "JSONText": ["Basics"],
        // FileInput: the bounded read of a configuration file.
        "TOML": ["Basics", "JSONText", "FileInput"],
        "Originality": ["Basics"],
        "POSIXIO": plumbing,
        "FileInput": plumbing.union(["POSIXIO"]),
        "CSV": ["FileInput"],
        // The MQTT client: libmosquitto through CLinux's dlopen loader.
        "MQTTClient": plumbing.union(["POSIXIO"]),
        // CryptoExtras: the AES block function that CBC, CMAC and AN10922 are built on.
        "Credentials": ["Basics", "NDEF", "FileInput", "POSIXIO", "Crypto", "CryptoExtras", "SystemPackage"],
        // L1
        "PN532": plumbing.union(["NFCCore", "POSIXIO"]),
        "PN532Simulator": ["Basics", "NFCCore", "PN532", "Crypto", "SystemPackage"],
        "GPIO": plumbing.union(["POSIXIO"]),
        "DaemonKit": plumbing.union(["POSIXIO"]),
        // L1½, L2
        "TagProtocols": ["NFCCore", "NDEF"],
        "ForumTLV": ["NDEF"],
        "Type2": ["Basics", "NFCCore", "NDEF", "TagProtocols", "ForumTLV", "Credentials", "Originality"],
        "Type1": ["Basics", "NFCCore", "NDEF", "TagProtocols", "ForumTLV"],
        "ISO7816": ["Basics", "NFCCore", "TagProtocols", "NDEF"],
        "Type4": ["Basics", "NFCCore", "NDEF", "TagProtocols", "ISO7816", "Credentials", "Originality"],
        "Type3": ["Basics", "NFCCore", "NDEF", "TagProtocols"],
        // EV2SecureMessaging (DESIGN.md's NTAG424, shared by DESFire EV2/EV3): native commands over
        // ISO7816, their status names from DESFire, AES and CMAC from Credentials.
        "EV2SecureMessaging": ["Basics", "NFCCore", "ISO7816", "DESFire", "Credentials"],
        // DESFire: its native commands over ISO7816, and the NDEF formatting read back through Type4.
        "DESFire": ["Basics", "NFCCore", "NDEF", "TagProtocols", "ISO7816", "Type4"],
        // L3
        // Type4, Type3, Type1: the activation builds each family's tag (`ActivatedTag`).
        // DESFire, EV2SecureMessaging: Read_Sig of an NTAG 424 DNA or DESFire (`EV2OriginalitySignature`).
        // Credentials: the AES key of an Ultralight AES's challenge (`UltralightAESProof`).
        "NFCTags": ["Basics", "NFCCore", "TagProtocols", "Type2", "ISO7816", "Type4", "Type3", "Type1", "DESFire", "EV2SecureMessaging", "Credentials"],
        // Type2: `TagConnection` keeps the Type 2 tag for PWD_AUTH until the password becomes a
        // tag protocol. FileInput: the bounded read of the reader setting file (`ConfiguredDevice`).
        "PN532Reader": plumbing.union(["NFCCore", "PN532", "GPIO", "NFCTags", "TagProtocols", "Type2", "FileInput"]),
        // NDEF, FileInput, POSIXIO, DaemonKit: the default tag's message, tag images, the pty
        // server and its loop.
        "PN532ReaderSimulator": plumbing.union(["NFCCore", "NDEF", "PN532", "PN532Simulator", "PN532Reader", "FileInput", "POSIXIO", "DaemonKit"]),
        // PN532: the sessions still name the chip's listed targets and errors. Type3: the FeliCa
        // command frames (`FeliCaFrames`) behind `NFCFeliCaTag`'s typed commands. ISO7816: the
        // response APDU behind `NFCISO7816Tag.sendCommand(apdu:)`.
        "NFCReader": ["Basics", "NFCCore", "NDEF", "PN532", "PN532Reader", "NFCTags", "TagProtocols", "ISO7816", "Type3"],
        // L3½; FileInput: the audit log's reader.
        "DoorRecords": plumbing.union(["JSONText", "POSIXIO", "FileInput", "Crypto"]),
        // L4. DoorControl: never PN532, Type2 or CLinux. EV2SecureMessaging: the keyed-card
        // challenge (`EV2CardProof`: select, authenticate, Read_Sig) the reader runs
        // on an NTAG 424 DNA for an `ntag424` credential; it speaks APDUs over a TagExchange and
        // knows no chip.
        "DoorControl": [
            "Basics", "NFCCore", "NDEF", "TagProtocols", "NFCTags", "PN532Reader", "GPIO", "Originality", "POSIXIO", "DaemonKit", "Credentials",
            "TOML", "DoorRecords", "EV2SecureMessaging", "Crypto", "SystemPackage",
        ],
        "DoorHooks": plumbing.union(["NFCCore", "POSIXIO", "DaemonKit", "DoorRecords", "TOML"]),
        // The uplink: events out from the audit cursor, signed snapshots in, availability; never
        // DoorControl, the reader or a tag layer.
        "FleetUplink": plumbing.union(["DoorRecords", "Credentials", "TOML", "FileInput", "POSIXIO", "DaemonKit", "JSONText", "Crypto", "MQTTClient"]),
        // PN532, Type2: the run loop lists tags on the session; the writer locks and protects
        // Type 2 tags. ISO7816, DESFire, EV2SecureMessaging: `ntag424 provision` keys NTAG 424 DNA.
        "Provisioning": plumbing.union([
            "NFCCore", "NDEF", "PN532", "PN532Reader", "NFCTags", "TagProtocols", "Type2", "Originality", "CSV", "FileInput", "POSIXIO",
            "Credentials", "Crypto", "ISO7816", "DESFire", "EV2SecureMessaging",
        ]),
        // L5: arguments and output, over everything.
        "pn532ctl": plumbing.union([
            "BuildInfo", "NFCCore", "NDEF", "PN532", "PN532Simulator", "TagProtocols", "Type2", "Type4", "DESFire", "EV2SecureMessaging", "GPIO", "DoorControl", "DoorRecords", "Credentials",
            "Originality", "TOML", "FileInput", "CSV", "PN532Reader", "PN532ReaderSimulator", "NFCTags", "Provisioning", "JSONText", "POSIXIO",
            "DaemonKit", "DoorHooks", "FleetUplink", "MQTTClient", "Crypto", "ArgumentParser",
        ]),
    ]
}
