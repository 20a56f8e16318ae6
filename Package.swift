// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "pn532ctl",
    products: [
        .executable(name: "pn532ctl", targets: ["pn532ctl"]),
        .library(name: "Basics", targets: ["Basics"]),
        .library(name: "NFCCore", targets: ["NFCCore"]),
        .library(name: "NDEF", targets: ["NDEF"]),
        .library(name: "PN532", targets: ["PN532"]),
        .library(name: "PN532Simulator", targets: ["PN532Simulator"]),
        .library(name: "Type2", targets: ["Type2"]),
        .library(name: "DoorControl", targets: ["DoorControl"]),
        .library(name: "NFCReader", targets: ["NFCReader"]),
        .library(name: "NFCTags", targets: ["NFCTags"]),
        .library(name: "CSV", targets: ["CSV"]),
        .library(name: "Credentials", targets: ["Credentials"]),
        .library(name: "TOML", targets: ["TOML"]),
        .library(name: "DoorRecords", targets: ["DoorRecords"]),
        .library(name: "JSONText", targets: ["JSONText"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.0.0"),
    ],
    targets: [
        .target(name: "Basics"),
        .target(name: "NFCCore", dependencies: ["Basics"]),
        .target(name: "BuildInfo", plugins: ["BuildInfoPlugin"]),
        .plugin(name: "BuildInfoPlugin", capability: .buildTool()),
        .target(name: "NDEF", dependencies: ["Basics"]),
        .target(name: "Originality", dependencies: ["Basics"]),
        .target(name: "TOML", dependencies: ["Basics", "JSONText"]),
        .target(name: "JSONText", dependencies: ["Basics"]),
        .target(
            name: "DoorRecords",
            dependencies: [
                "Basics", "JSONText", "POSIXIO", "FileInput",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .target(
            name: "Credentials",
            dependencies: ["NDEF", "FileInput", .product(name: "Crypto", package: "swift-crypto")]
        ),
        .target(
            name: "DoorControl",
            dependencies: [
                "NFCCore", "NDEF", "Type2", "NFCTags", "PN532", "GPIO", "Originality", "CLinux", "FileInput", "NFCReader", "JSONText", "POSIXIO",
                "Basics", "Credentials", "TOML", "DoorRecords",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .target(
            name: "PN532Simulator",
            dependencies: ["Basics", "NFCCore", "PN532", "CLinux", "FileInput", "POSIXIO", .product(name: "SystemPackage", package: "swift-system")]
        ),
        .target(name: "FileInput", dependencies: ["POSIXIO", .product(name: "SystemPackage", package: "swift-system")]),
        .target(name: "CSV", dependencies: ["FileInput"]),
        .target(name: "NFCReader", dependencies: ["Basics", "NFCCore", "NDEF", "PN532", "PN532Simulator", "GPIO", "Type2", "NFCTags"]),
        .target(name: "NFCTags", dependencies: ["Basics", "NFCCore", "Type2", "NDEF"]),
        .target(name: "CLinux"),
        .target(name: "POSIXIO", dependencies: ["Basics", "CLinux", .product(name: "SystemPackage", package: "swift-system")]),
        .target(name: "GPIO", dependencies: ["Basics", "CLinux", "POSIXIO", .product(name: "SystemPackage", package: "swift-system")]),
        .target(name: "Type2", dependencies: ["Basics", "NFCCore", "NDEF"]),
        .target(name: "PN532", dependencies: ["Basics", "NFCCore", "CLinux", "POSIXIO", .product(name: "SystemPackage", package: "swift-system")]),
        .executableTarget(
            name: "pn532ctl",
            dependencies: [
                "BuildInfo",
                "Basics",
                "NFCCore",
                "NDEF",
                "PN532",
                "PN532Simulator",
                "Type2",
                "GPIO",
                "CLinux",
                "DoorControl",
                "DoorRecords",
                "Credentials",
                "Originality",
                "FileInput",
                "CSV",
                "NFCReader",
                "NFCTags",
                "JSONText",
                "POSIXIO",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "BasicsTests", dependencies: ["Basics"]),
        .testTarget(name: "NFCCoreTests", dependencies: ["NFCCore"]),
        .testTarget(name: "OriginalityTests", dependencies: ["Originality", "TestSupport"]),
        .testTarget(
            name: "DoorControlTests",
            dependencies: ["Basics", "NFCCore", "DoorControl", "DoorRecords", "Credentials", "NDEF", "PN532", "PN532Simulator", "Type2", "GPIO", "TestSupport", .product(name: "Crypto", package: "swift-crypto")]
        ),
        .testTarget(name: "DoorRecordsTests", dependencies: ["Basics", "DoorRecords", "TestSupport"]),
        .testTarget(name: "TOMLTests", dependencies: ["TOML", "TestSupport"]),
        .testTarget(name: "CredentialsTests", dependencies: ["Credentials", "NDEF", "TestSupport", .product(name: "Crypto", package: "swift-crypto")]),
        .testTarget(name: "JSONTextTests", dependencies: ["JSONText"]),
        .testTarget(name: "FileInputTests", dependencies: ["FileInput", "TestSupport"]),
        .testTarget(name: "CSVTests", dependencies: ["CSV", "FileInput"]),
        .testTarget(name: "NFCReaderTests", dependencies: ["Basics", "NFCCore", "NFCReader", "NFCTags", "NDEF", "PN532", "PN532Simulator", "GPIO", "Type2", "TestSupport"]),
        .testTarget(name: "NFCTagsTests", dependencies: ["NFCCore", "NFCTags", "Type2", "PN532", "PN532Simulator", "TestSupport"]),
        .testTarget(name: "POSIXIOTests", dependencies: ["POSIXIO", .product(name: "SystemPackage", package: "swift-system")]),
        .testTarget(name: "NDEFTests", dependencies: ["NDEF", "TestSupport"]),
        .testTarget(name: "GPIOTests", dependencies: ["NFCCore", "GPIO", "TestSupport"]),
        .testTarget(name: "Type2Tests", dependencies: ["NFCCore", "Type2", "NDEF", "PN532", "PN532Simulator", "TestSupport"]),
        .testTarget(name: "PN532SimulatorTests", dependencies: ["Basics", "NFCCore", "PN532Simulator", "PN532", "TestSupport"]),
        .testTarget(name: "PN532Tests", dependencies: ["Basics", "NFCCore", "PN532", "PN532Simulator", "TestSupport"]),
        .testTarget(
            name: "pn532ctlTests",
            dependencies: ["Basics", "NFCCore", "pn532ctl", "PN532", "Type2", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
    ]
)
