// swift-tools-version: 6.1
// libFuzzer targets. Built only by run.sh, with -sanitize=fuzzer,address: libFuzzer supplies
// main, so these do not link in a plain build and live outside the main package.
import PackageDescription

let package = Package(
    name: "pn532ctl-fuzz",
    dependencies: [
        .package(name: "pn532ctl", path: "../.."),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.0.0"),
    ],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "NFCCore", package: "pn532ctl")]),
        .executableTarget(
            name: "FuzzNDEFDecoder",
            dependencies: [.product(name: "NDEF", package: "pn532ctl"), .product(name: "Type2", package: "pn532ctl")]
        ),
        .executableTarget(
            name: "FuzzFrameScanner",
            dependencies: [
                .product(name: "NFCCore", package: "pn532ctl"), "FuzzSupport", .product(name: "PN532", package: "pn532ctl"),
                .product(name: "NFCTags", package: "pn532ctl"),
            ]
        ),
        .executableTarget(
            name: "FuzzType2Layout",
            dependencies: [.product(name: "NFCCore", package: "pn532ctl"), 
                "FuzzSupport", .product(name: "Type2", package: "pn532ctl"),
                .product(name: "NDEF", package: "pn532ctl"),
            ]
        ),
        .executableTarget(
            name: "FuzzAPDUResponse",
            dependencies: ["FuzzSupport", .product(name: "NFCCore", package: "pn532ctl"), .product(name: "ISO7816", package: "pn532ctl")]
        ),
        .executableTarget(
            name: "FuzzType4CapabilityContainer",
            dependencies: [
                "FuzzSupport", .product(name: "NFCCore", package: "pn532ctl"), .product(name: "NDEF", package: "pn532ctl"),
                .product(name: "Type4", package: "pn532ctl"),
            ]
        ),
        .executableTarget(
            name: "FuzzType3Tag",
            dependencies: [
                "FuzzSupport", .product(name: "NFCCore", package: "pn532ctl"), .product(name: "NDEF", package: "pn532ctl"),
                .product(name: "Type3", package: "pn532ctl"),
            ]
        ),
        .executableTarget(
            name: "FuzzSPIFrameRead",
            dependencies: [
                "FuzzSupport", .product(name: "Basics", package: "pn532ctl"), .product(name: "NFCCore", package: "pn532ctl"),
                .product(name: "PN532", package: "pn532ctl"),
            ]
        ),
        .executableTarget(
            name: "FuzzJewelFIFO",
            dependencies: ["FuzzSupport", .product(name: "PN532", package: "pn532ctl")]
        ),
        .executableTarget(
            name: "FuzzType1Layout",
            dependencies: ["FuzzSupport", .product(name: "Type1", package: "pn532ctl")]
        ),
        .executableTarget(
            name: "FuzzRestorePlan",
            dependencies: ["FuzzSupport", .product(name: "Type2", package: "pn532ctl")]
        ),
        .executableTarget(
            name: "FuzzTagReadPath",
            dependencies: [.product(name: "Basics", package: "pn532ctl"), .product(name: "NFCCore", package: "pn532ctl"), 
                "FuzzSupport",
                .product(name: "DoorControl", package: "pn532ctl"),
                .product(name: "PN532", package: "pn532ctl"),
                .product(name: "PN532Simulator", package: "pn532ctl"),
                .product(name: "PN532ReaderSimulator", package: "pn532ctl"),
                .product(name: "Type2", package: "pn532ctl"),
                .product(name: "NDEF", package: "pn532ctl"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "FuzzSignedToken",
            dependencies: [
                "FuzzSupport",
                .product(name: "Credentials", package: "pn532ctl"),
                .product(name: "NDEF", package: "pn532ctl"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "FuzzSUNURL",
            dependencies: [.product(name: "Credentials", package: "pn532ctl")]
        ),
        .executableTarget(
            name: "FuzzTOML",
            dependencies: ["FuzzSupport", .product(name: "TOML", package: "pn532ctl"), .product(name: "DoorControl", package: "pn532ctl")]
        ),
        .executableTarget(
            name: "FuzzCSV",
            dependencies: ["FuzzSupport", .product(name: "CSV", package: "pn532ctl")]
        ),
        .executableTarget(
            name: "FuzzAuditLog",
            dependencies: ["FuzzSupport", .product(name: "DoorRecords", package: "pn532ctl")]
        ),
        .executableTarget(
            name: "FuzzTagSpec",
            dependencies: ["FuzzSupport", .product(name: "PN532Simulator", package: "pn532ctl"), .product(name: "PN532ReaderSimulator", package: "pn532ctl")]
        ),
        .executableTarget(
            name: "FuzzNTAG424Card",
            dependencies: ["FuzzSupport", .product(name: "PN532Simulator", package: "pn532ctl")]
        ),
        .executableTarget(
            name: "FuzzDESFireEV2Card",
            dependencies: ["FuzzSupport", .product(name: "PN532Simulator", package: "pn532ctl")]
        ),
        .executableTarget(
            name: "FuzzDeviceString",
            dependencies: ["FuzzSupport", .product(name: "PN532Reader", package: "pn532ctl"), .product(name: "PN532ReaderSimulator", package: "pn532ctl")]
        ),
        .executableTarget(
            name: "FuzzCardResponses",
            dependencies: ["FuzzSupport", .product(name: "ISO7816", package: "pn532ctl"), .product(name: "Type3", package: "pn532ctl")]
        ),
        .executableTarget(
            name: "FuzzDESFireReplies",
            dependencies: ["FuzzSupport", .product(name: "NFCCore", package: "pn532ctl"), .product(name: "DESFire", package: "pn532ctl")]
        ),
        .executableTarget(
            name: "FuzzUltralightAES",
            dependencies: [
                "FuzzSupport", .product(name: "NFCCore", package: "pn532ctl"), .product(name: "Credentials", package: "pn532ctl"),
                .product(name: "Type2", package: "pn532ctl"),
            ]
        ),
        .executableTarget(
            name: "FuzzNTAG424Provisioning",
            dependencies: [
                "FuzzSupport", .product(name: "NFCCore", package: "pn532ctl"), .product(name: "Credentials", package: "pn532ctl"),
                .product(name: "EV2SecureMessaging", package: "pn532ctl"), .product(name: "Provisioning", package: "pn532ctl"),
            ]
        ),
        .executableTarget(
            name: "FuzzEV2Answers",
            dependencies: [
                "FuzzSupport", .product(name: "NFCCore", package: "pn532ctl"), .product(name: "Credentials", package: "pn532ctl"),
                .product(name: "EV2SecureMessaging", package: "pn532ctl"),
            ]
        ),
        .executableTarget(
            name: "FuzzNXPCardVersion",
            dependencies: ["FuzzSupport", .product(name: "NFCCore", package: "pn532ctl"), .product(name: "NFCTags", package: "pn532ctl")]
        ),
        .executableTarget(
            name: "FuzzOriginality",
            dependencies: ["FuzzSupport", .product(name: "Originality", package: "pn532ctl")]
        ),
        .executableTarget(
            name: "FuzzHookEvent",
            dependencies: [.product(name: "DoorRecords", package: "pn532ctl"), .product(name: "DoorControl", package: "pn532ctl")]
        ),
        .executableTarget(name: "FuzzUsersSnapshot", dependencies: [.product(name: "DoorRecords", package: "pn532ctl")]),
        .executableTarget(name: "FuzzFleetStatus", dependencies: [.product(name: "FleetUplink", package: "pn532ctl")]),
        .executableTarget(name: "FuzzAuditCursor", dependencies: [.product(name: "FleetUplink", package: "pn532ctl")]),
        .executableTarget(name: "FuzzUnlockCommand", dependencies: ["FuzzSupport", .product(name: "DoorRecords", package: "pn532ctl")]),
        .executableTarget(name: "FuzzUnlockLedger", dependencies: ["FuzzSupport", .product(name: "DoorRecords", package: "pn532ctl")]),
        .executableTarget(name: "FuzzControlRequest", dependencies: [.product(name: "DoorRecords", package: "pn532ctl")]),
    ]
)
