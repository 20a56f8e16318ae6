// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "pn532ctl",
    products: [
        .executable(name: "pn532ctl", targets: ["pn532ctl"]),
        .library(name: "NFCCore", targets: ["NFCCore"]),
        .library(name: "NDEF", targets: ["NDEF"]),
        .library(name: "PN532", targets: ["PN532"]),
        .library(name: "PN532Simulator", targets: ["PN532Simulator"]),
        .library(name: "TagProtocols", targets: ["TagProtocols"]),
        .library(name: "Type2", targets: ["Type2"]),
        .library(name: "DoorControl", targets: ["DoorControl"]),
        .library(name: "PN532Reader", targets: ["PN532Reader"]),
        .library(name: "PN532ReaderSimulator", targets: ["PN532ReaderSimulator"]),
        .library(name: "NFCReader", targets: ["NFCReader"]),
        .library(name: "NFCTags", targets: ["NFCTags"]),
        .library(name: "CSV", targets: ["CSV"]),
        .library(name: "DaemonKit", targets: ["DaemonKit"]),
        .library(name: "DoorHooks", targets: ["DoorHooks"]),
        .library(name: "Provisioning", targets: ["Provisioning"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.0.0"),
    ],
    targets: [
        .target(name: "NFCCore"),
        .target(name: "BuildInfo", plugins: ["BuildInfoPlugin"]),
        .plugin(name: "BuildInfoPlugin", capability: .buildTool()),
        .target(name: "JSONText"),
        .target(name: "NDEF", dependencies: ["NFCCore"]),
        .target(name: "Originality", dependencies: ["NFCCore"]),
        .target(name: "TagProtocols", dependencies: ["NFCCore", "NDEF"]),
        .target(
            name: "DoorControl",
            dependencies: [
                "NFCCore", "NDEF", "TagProtocols", "NFCTags", "PN532", "GPIO", "Originality", "CLinux", "FileInput", "PN532Reader", "JSONText", "POSIXIO", "DaemonKit",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .target(
            name: "PN532Simulator",
            dependencies: ["NFCCore", "PN532"]
        ),
        .target(name: "PN532Reader", dependencies: ["NFCCore", "PN532", "GPIO", "Type2", "NFCTags"]),
        .target(
            name: "PN532ReaderSimulator",
            dependencies: [
                "NFCCore", "NDEF", "PN532", "PN532Simulator", "PN532Reader", "Type2", "FileInput", "POSIXIO", "CLinux",
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .target(name: "FileInput", dependencies: ["POSIXIO", .product(name: "SystemPackage", package: "swift-system")]),
        .target(name: "CSV", dependencies: ["FileInput"]),
        .target(name: "NFCReader", dependencies: ["NFCCore", "NDEF", "PN532", "PN532Reader", "TagProtocols", "Type2", "NFCTags"]),
        .target(name: "NFCTags", dependencies: ["NFCCore", "TagProtocols", "Type2"]),
        .target(
            name: "Provisioning",
            dependencies: [
                "NFCCore", "NDEF", "PN532", "PN532Reader", "NFCTags", "TagProtocols", "Type2", "Originality", "CSV", "FileInput", "POSIXIO",
                "DoorControl", .product(name: "Crypto", package: "swift-crypto"), .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .target(name: "CLinux"),
        .target(
            name: "DoorHooks",
            dependencies: ["DoorControl", "DaemonKit", "NFCCore", "CLinux", "POSIXIO", .product(name: "SystemPackage", package: "swift-system")]
        ),
        .target(name: "DaemonKit", dependencies: ["NFCCore", "POSIXIO", .product(name: "SystemPackage", package: "swift-system")]),
        .target(name: "POSIXIO", dependencies: ["NFCCore", "CLinux", .product(name: "SystemPackage", package: "swift-system")]),
        .target(name: "GPIO", dependencies: ["NFCCore", "CLinux", "POSIXIO", .product(name: "SystemPackage", package: "swift-system")]),
        .target(name: "Type2", dependencies: ["NFCCore", "NDEF", "TagProtocols"]),
        .target(name: "PN532", dependencies: ["NFCCore", "CLinux", "POSIXIO", .product(name: "SystemPackage", package: "swift-system")]),
        .executableTarget(
            name: "pn532ctl",
            dependencies: [
                "BuildInfo",
                "NFCCore",
                "NDEF",
                "PN532",
                "PN532Simulator",
                "TagProtocols",
                "Type2",
                "GPIO",
                "CLinux",
                "DoorControl",
                "FileInput",
                "CSV",
                "PN532Reader",
                "PN532ReaderSimulator",
                "NFCTags",
                "Provisioning",
                "JSONText",
                "POSIXIO",
                "DaemonKit",
                "DoorHooks",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "NFCCoreTests", dependencies: ["NFCCore"]),
        .testTarget(name: "OriginalityTests", dependencies: ["Originality", "TestSupport"]),
        .testTarget(
            name: "DoorControlTests",
            dependencies: ["NFCCore", "DoorControl", "DaemonKit", "DoorHooks", "NDEF", "PN532", "PN532Simulator", "PN532ReaderSimulator", "Type2", "GPIO", "TestSupport", .product(name: "Crypto", package: "swift-crypto")]
        ),
        .testTarget(name: "DaemonKitTests", dependencies: ["DaemonKit", "NFCCore"]),
        .testTarget(name: "DoorHooksTests", dependencies: ["DoorHooks", "DoorControl", "NDEF"]),
        .testTarget(name: "JSONTextTests", dependencies: ["JSONText"]),
        .testTarget(name: "PackageLayoutTests"),
        .testTarget(name: "FileInputTests", dependencies: ["FileInput", "TestSupport"]),
        .testTarget(name: "CSVTests", dependencies: ["CSV", "FileInput"]),
        .testTarget(name: "NFCReaderTests", dependencies: ["NFCCore", "NFCReader", "PN532Reader", "PN532ReaderSimulator", "NFCTags", "NDEF", "PN532", "PN532Simulator", "TagProtocols", "Type2"]),
        .testTarget(
            name: "PN532ReaderTests",
            dependencies: ["NFCCore", "PN532Reader", "PN532ReaderSimulator", "NFCTags", "NDEF", "PN532", "PN532Simulator", "GPIO", "TagProtocols", "Type2", "TestSupport"]
        ),
        .testTarget(name: "PN532ReaderSimulatorTests", dependencies: ["NFCCore", "PN532ReaderSimulator", "PN532Reader", "PN532Simulator", "PN532", "TestSupport"]),
        .testTarget(name: "NFCTagsTests", dependencies: ["NFCCore", "NFCTags", "TagProtocols", "Type2", "PN532", "PN532Simulator", "TestSupport"]),
        .testTarget(
            name: "ProvisioningTests",
            dependencies: ["Provisioning", "NDEF", "PN532", "PN532Simulator", "TagProtocols", "Type2"]
        ),
        .testTarget(name: "POSIXIOTests", dependencies: ["POSIXIO", .product(name: "SystemPackage", package: "swift-system")]),
        .testTarget(name: "NDEFTests", dependencies: ["NDEF", "TestSupport"]),
        .testTarget(name: "GPIOTests", dependencies: ["NFCCore", "GPIO", "TestSupport", .product(name: "SystemPackage", package: "swift-system")]),
        .testTarget(name: "Type2Tests", dependencies: ["NFCCore", "TagProtocols", "Type2", "NDEF", "PN532", "PN532Simulator", "TestSupport"]),
        .testTarget(name: "PN532SimulatorTests", dependencies: ["NFCCore", "PN532Simulator", "PN532", "TestSupport"]),
        .testTarget(name: "PN532Tests", dependencies: ["NFCCore", "PN532", "PN532Simulator", "TestSupport"]),
        .testTarget(
            name: "pn532ctlTests",
            dependencies: ["NFCCore", "pn532ctl", "PN532", "Provisioning", "Type2", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
    ]
)
