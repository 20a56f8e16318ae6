// swift-tools-version: 6.1
import PackageDescription

let crypto = Target.Dependency.product(name: "Crypto", package: "swift-crypto")
/// The AES block function (`AES.permute`) that CBC and CMAC are built on.
let cryptoExtras = Target.Dependency.product(name: "CryptoExtras", package: "swift-crypto")
let system = Target.Dependency.product(name: "SystemPackage", package: "swift-system")
/// Every library and the executable: a member is visible only where its module is imported.
let strict: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]

let package = Package(
    name: "pn532ctl",
    products: [
        .executable(name: "pn532ctl", targets: ["pn532ctl"]),
        .library(name: "Basics", targets: ["Basics"]),
        .library(name: "NFCCore", targets: ["NFCCore"]),
        .library(name: "NDEF", targets: ["NDEF"]),
        .library(name: "JSONText", targets: ["JSONText"]),
        .library(name: "TOML", targets: ["TOML"]),
        .library(name: "Credentials", targets: ["Credentials"]),
        .library(name: "Originality", targets: ["Originality"]),
        .library(name: "PN532", targets: ["PN532"]),
        .library(name: "PN532Simulator", targets: ["PN532Simulator"]),
        .library(name: "TagProtocols", targets: ["TagProtocols"]),
        .library(name: "Type2", targets: ["Type2"]),
        .library(name: "ISO7816", targets: ["ISO7816"]),
        .library(name: "Type4", targets: ["Type4"]),
        .library(name: "DESFire", targets: ["DESFire"]),
        .library(name: "EV2SecureMessaging", targets: ["EV2SecureMessaging"]),
        .library(name: "Type3", targets: ["Type3"]),
        .library(name: "Type1", targets: ["Type1"]),
        .library(name: "NFCTags", targets: ["NFCTags"]),
        .library(name: "PN532Reader", targets: ["PN532Reader"]),
        .library(name: "PN532ReaderSimulator", targets: ["PN532ReaderSimulator"]),
        .library(name: "NFCReader", targets: ["NFCReader"]),
        .library(name: "DaemonKit", targets: ["DaemonKit"]),
        .library(name: "DoorRecords", targets: ["DoorRecords"]),
        .library(name: "DoorControl", targets: ["DoorControl"]),
        .library(name: "DoorHooks", targets: ["DoorHooks"]),
        .library(name: "FleetUplink", targets: ["FleetUplink"]),
        .library(name: "Provisioning", targets: ["Provisioning"]),
        .library(name: "CSV", targets: ["CSV"]),
        .library(name: "MQTTClient", targets: ["MQTTClient"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.0.0"),
    ],
    targets: [
        // L0: no tag, no reader.
        .target(name: "CLinux"),
        .target(name: "Basics", swiftSettings: strict),
        .target(name: "NFCCore", swiftSettings: strict),
        .target(name: "NDEF", dependencies: ["Basics"], swiftSettings: strict),
        .target(name: "JSONText", dependencies: ["Basics"], swiftSettings: strict),
        .target(name: "Originality", dependencies: ["Basics"], swiftSettings: strict),
        .target(name: "POSIXIO", dependencies: ["Basics", "CLinux", system], swiftSettings: strict),
        .target(name: "FileInput", dependencies: ["POSIXIO", system], swiftSettings: strict),
        .target(name: "CSV", dependencies: ["FileInput"], swiftSettings: strict),
        .target(name: "TOML", dependencies: ["Basics", "JSONText", "FileInput"], swiftSettings: strict),
        .target(name: "Credentials", dependencies: ["Basics", "NDEF", "FileInput", "POSIXIO", crypto, cryptoExtras, system], swiftSettings: strict),
        // libmosquitto through dlopen at first use (CLinux's loader): no -dev package to build.
        .target(name: "MQTTClient", dependencies: ["Basics", "CLinux", "POSIXIO"], swiftSettings: strict),
        .target(name: "BuildInfo", plugins: ["BuildInfoPlugin"]),
        .plugin(name: "BuildInfoPlugin", capability: .buildTool()),
        // L1: the chip, the lines, the daemon's loop.
        .target(name: "PN532", dependencies: ["Basics", "NFCCore", "CLinux", "POSIXIO", system], swiftSettings: strict),
        .target(name: "PN532Simulator", dependencies: ["Basics", "NFCCore", "PN532", system], swiftSettings: strict),
        .target(name: "GPIO", dependencies: ["Basics", "CLinux", "POSIXIO", system], swiftSettings: strict),
        .target(name: "DaemonKit", dependencies: ["Basics", "CLinux", "POSIXIO", system], swiftSettings: strict),
        // L1½ and L2: the tags.
        .target(name: "TagProtocols", dependencies: ["NFCCore", "NDEF"], swiftSettings: strict),
        .target(name: "ForumTLV", dependencies: ["NDEF"], swiftSettings: strict),
        .target(name: "Type2", dependencies: ["Basics", "NFCCore", "NDEF", "TagProtocols", "ForumTLV", "Credentials"], swiftSettings: strict),
        .target(name: "Type1", dependencies: ["Basics", "NFCCore", "NDEF", "TagProtocols", "ForumTLV"], swiftSettings: strict),
        .target(name: "ISO7816", dependencies: ["Basics", "NFCCore"], swiftSettings: strict),
        .target(name: "Type4", dependencies: ["Basics", "NFCCore", "NDEF", "TagProtocols", "ISO7816"], swiftSettings: strict),
        .target(name: "DESFire", dependencies: ["Basics", "NFCCore", "NDEF", "TagProtocols", "ISO7816", "Type4"], swiftSettings: strict),
        .target(name: "EV2SecureMessaging", dependencies: ["Basics", "NFCCore", "ISO7816", "DESFire", "Credentials"], swiftSettings: strict),
        .target(name: "Type3", dependencies: ["Basics", "NFCCore", "NDEF", "TagProtocols"], swiftSettings: strict),
        // L3: activation, the reader, the sessions.
        .target(
            name: "NFCTags", dependencies: ["Basics", "NFCCore", "TagProtocols", "Type2", "ISO7816", "Type4", "Type3", "Type1", "DESFire", "EV2SecureMessaging", "Credentials"],
            swiftSettings: strict),
        .target(name: "PN532Reader", dependencies: ["Basics", "NFCCore", "PN532", "GPIO", "TagProtocols", "Type2", "NFCTags", "FileInput"], swiftSettings: strict),
        .target(
            name: "PN532ReaderSimulator",
            dependencies: ["Basics", "NFCCore", "NDEF", "PN532", "PN532Simulator", "PN532Reader", "FileInput", "POSIXIO", "CLinux", "DaemonKit", system],
            swiftSettings: strict
        ),
        .target(name: "NFCReader", dependencies: ["Basics", "NFCCore", "NDEF", "PN532", "PN532Reader", "TagProtocols", "NFCTags", "ISO7816", "Type3"], swiftSettings: strict),
        // L3½ and L4: the door, its hooks, provisioning.
        .target(name: "DoorRecords", dependencies: ["Basics", "JSONText", "POSIXIO", "FileInput", crypto, system], swiftSettings: strict),
        .target(
            name: "DoorControl",
            dependencies: [
                "Basics", "NFCCore", "NDEF", "TagProtocols", "NFCTags", "PN532Reader", "GPIO", "Originality", "POSIXIO",
                "DaemonKit", "Credentials", "TOML", "DoorRecords", "EV2SecureMessaging", crypto, system,
            ],
            swiftSettings: strict
        ),
        .target(
            name: "DoorHooks",
            dependencies: ["Basics", "DoorRecords", "TOML", "DaemonKit", "NFCCore", "CLinux", "POSIXIO", system],
            swiftSettings: strict
        ),
        .target(
            name: "FleetUplink",
            dependencies: ["Basics", "DoorRecords", "TOML", "FileInput", "POSIXIO", "JSONText", "DaemonKit", "MQTTClient", system],
            swiftSettings: strict
        ),
        .target(
            name: "Provisioning",
            dependencies: [
                "Basics", "NFCCore", "NDEF", "PN532", "PN532Reader", "NFCTags", "TagProtocols", "Type2", "Originality", "CSV", "FileInput",
                "POSIXIO", "Credentials", "ISO7816", "DESFire", "EV2SecureMessaging", crypto, system,
            ],
            swiftSettings: strict
        ),
        // L5: arguments and output.
        .executableTarget(
            name: "pn532ctl",
            dependencies: [
                "BuildInfo", "Basics", "NFCCore", "NDEF", "PN532", "PN532Simulator", "TagProtocols", "Type2", "Type4", "DESFire", "EV2SecureMessaging", "Originality",
                "GPIO", "DoorControl",
                "DoorRecords", "Credentials", "FileInput", "CSV", "PN532Reader", "PN532ReaderSimulator", "NFCTags",
                "Provisioning", "JSONText", "TOML", "POSIXIO", "DaemonKit", "DoorHooks", "FleetUplink", "MQTTClient", crypto, system,
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),
        .target(name: "TestSupport", dependencies: ["NFCCore", "PN532", "PN532Simulator", "MQTTClient", "POSIXIO", "Basics"], path: "Tests/TestSupport", swiftSettings: strict),
        .testTarget(name: "BasicsTests", dependencies: ["Basics"]),
        .testTarget(name: "NFCCoreTests", dependencies: ["NFCCore"]),
        .testTarget(name: "NDEFTests", dependencies: ["NDEF", "TestSupport"]),
        .testTarget(name: "JSONTextTests", dependencies: ["JSONText"]),
        .testTarget(name: "TOMLTests", dependencies: ["TOML", "TestSupport"]),
        .testTarget(name: "OriginalityTests", dependencies: ["Originality", "TestSupport"]),
        .testTarget(name: "POSIXIOTests", dependencies: ["POSIXIO", "TestSupport", system]),
        .testTarget(name: "FileInputTests", dependencies: ["FileInput", "TestSupport"]),
        .testTarget(name: "CSVTests", dependencies: ["CSV", "FileInput"]),
        .testTarget(name: "CredentialsTests", dependencies: ["Credentials", "NDEF", "TestSupport", crypto]),
        .testTarget(name: "PN532Tests", dependencies: ["Basics", "NFCCore", "PN532", "PN532Simulator", "Type2", "TestSupport"]),
        .testTarget(name: "PN532SimulatorTests", dependencies: ["Basics", "NFCCore", "PN532Simulator", "PN532", "TestSupport"]),
        .testTarget(name: "GPIOTests", dependencies: ["Basics", "GPIO", "TestSupport", system]),
        .testTarget(name: "DaemonKitTests", dependencies: ["Basics", "DaemonKit", "NFCCore"]),
        .testTarget(
            name: "Type2Tests", dependencies: ["Basics", "NFCCore", "TagProtocols", "Type2", "NDEF", "PN532", "PN532Simulator", "TestSupport", "Credentials", "Originality"]),
        .testTarget(name: "ISO7816Tests", dependencies: ["Basics", "NFCCore", "ISO7816", "PN532", "PN532Simulator", "TestSupport"]),
        .testTarget(
            name: "Type4Tests",
            dependencies: ["Basics", "NFCCore", "NDEF", "TagProtocols", "ISO7816", "Type4", "PN532", "PN532Simulator", "TestSupport"]
        ),
        .testTarget(
            name: "DESFireTests",
            dependencies: ["Basics", "NFCCore", "NDEF", "TagProtocols", "ISO7816", "Type4", "DESFire", "PN532", "PN532Simulator", "TestSupport"]
        ),
        .testTarget(
            name: "EV2SecureMessagingTests",
            dependencies: ["Basics", "NFCCore", "ISO7816", "DESFire", "Credentials", "EV2SecureMessaging", "Originality", "PN532", "PN532Simulator", "TestSupport"]
        ),
        .testTarget(name: "Type3Tests", dependencies: ["Basics", "NFCCore", "TagProtocols", "Type3", "NDEF", "PN532", "PN532Simulator", "TestSupport"]),
        .testTarget(name: "ForumTLVTests", dependencies: ["ForumTLV", "NDEF"]),
        .testTarget(name: "Type1Tests", dependencies: ["Basics", "NFCCore", "TagProtocols", "Type1", "ForumTLV", "NDEF", "PN532", "PN532Simulator", "TestSupport"]),
        .testTarget(name: "NFCTagsTests", dependencies: ["Basics", "NFCCore", "NFCTags", "TagProtocols", "Type2", "PN532", "PN532Simulator", "TestSupport"]),
        .testTarget(
            name: "PN532ReaderTests",
            dependencies: [
                "Basics", "NFCCore", "PN532Reader", "PN532ReaderSimulator", "NFCTags", "NDEF", "PN532", "PN532Simulator", "GPIO", "TagProtocols", "Type2",
                "TestSupport",
            ]
        ),
        .testTarget(name: "PN532ReaderSimulatorTests", dependencies: ["Basics", "NFCCore", "PN532ReaderSimulator", "PN532Reader", "PN532Simulator", "PN532", "TestSupport"]),
        .testTarget(
            name: "NFCReaderTests",
            dependencies: [
                "Basics", "NFCCore", "NFCReader", "PN532Reader", "PN532ReaderSimulator", "NFCTags", "NDEF", "PN532", "PN532Simulator", "TagProtocols", "Type2",
                "GPIO", "TestSupport",
            ]
        ),
        // Apple's Core NFC sample code, compiled as Apple writes it and run against the simulator.
        .testTarget(name: "CoreNFCShapeTests", dependencies: ["NFCReader", "NDEF", "PN532ReaderSimulator", "PN532Simulator", "Type2"]),
        .testTarget(name: "DoorRecordsTests", dependencies: ["Basics", "DoorRecords", "TestSupport"]),
        .testTarget(
            name: "DoorControlTests",
            dependencies: [
                "Basics", "NFCCore", "DoorControl", "DoorRecords", "Credentials", "DaemonKit", "NDEF", "PN532", "PN532Simulator",
                "PN532ReaderSimulator", "Type2", "GPIO", "TOML", "TestSupport", "NFCTags", "TagProtocols", "EV2SecureMessaging", "ISO7816", "Provisioning", crypto,
            ]
        ),
        .testTarget(name: "FleetUplinkTests", dependencies: ["FleetUplink", "DoorRecords", "Basics", "POSIXIO", "TestSupport"]),
        .testTarget(name: "DoorHooksTests", dependencies: ["DoorHooks", "DoorRecords", "DaemonKit", "NFCCore", "POSIXIO", "TOML", "TestSupport"]),
        .testTarget(
            name: "ProvisioningTests",
            dependencies: [
                "Basics", "Provisioning", "NDEF", "NFCTags", "PN532", "PN532Simulator", "TagProtocols", "Type2", "Credentials", "EV2SecureMessaging",
                "TestSupport", crypto,
            ]
        ),
        .testTarget(
            name: "pn532ctlTests",
            dependencies: ["Basics", "NFCCore", "NDEF", "pn532ctl", "PN532", "Provisioning", "Type2", "Type3", "DoorRecords", "MQTTClient", "POSIXIO", "TestSupport", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .testTarget(name: "MQTTClientTests", dependencies: ["MQTTClient", "Basics", "POSIXIO", "TestSupport"]),
        .testTarget(name: "PackageLayoutTests"),
    ]
)
