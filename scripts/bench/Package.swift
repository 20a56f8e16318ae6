// swift-tools-version: 6.1
// Benchmarks, built in release mode by run.sh; kept out of the main package so that
// `swift build` and `swift test` do not build them.
import PackageDescription

let package = Package(
    name: "pn532ctl-bench",
    dependencies: [
        .package(name: "pn532ctl", path: "../.."),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.0.0"),
    ],
    targets: [
        .target(name: "BenchTiming"),
        .executableTarget(
            name: "NDEFBench",
            dependencies: ["BenchTiming", .product(name: "NDEF", package: "pn532ctl")]
        ),
        .executableTarget(
            name: "DoorBench",
            dependencies: [
                .product(name: "Basics", package: "pn532ctl"),
                .product(name: "DoorControl", package: "pn532ctl"),
                .product(name: "EV2SecureMessaging", package: "pn532ctl"),
                .product(name: "Originality", package: "pn532ctl"),
                .product(name: "Credentials", package: "pn532ctl"),
                .product(name: "NFCCore", package: "pn532ctl"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "PN532", package: "pn532ctl"),
                .product(name: "PN532Simulator", package: "pn532ctl"),
                .product(name: "PN532ReaderSimulator", package: "pn532ctl"),
                .product(name: "Type2", package: "pn532ctl"),
                .product(name: "NFCTags", package: "pn532ctl"),
                .product(name: "TagProtocols", package: "pn532ctl"),
                .product(name: "NDEF", package: "pn532ctl"),
            ]
        ),
        .executableTarget(
            name: "OriginalityBench",
            dependencies: ["BenchTiming", .product(name: "Basics", package: "pn532ctl"), .product(name: "Originality", package: "pn532ctl")]
        ),
        .executableTarget(
            name: "ProvisioningBench",
            dependencies: [
                "BenchTiming", .product(name: "Basics", package: "pn532ctl"), .product(name: "Credentials", package: "pn532ctl"),
                .product(name: "EV2SecureMessaging", package: "pn532ctl"),
                .product(name: "PN532", package: "pn532ctl"), .product(name: "PN532Simulator", package: "pn532ctl"),
                .product(name: "Provisioning", package: "pn532ctl"),
            ]
        ),
        .executableTarget(
            name: "SUNBench",
            dependencies: ["BenchTiming", .product(name: "Credentials", package: "pn532ctl")]
        ),
        .executableTarget(
            name: "ConfigBench",
            dependencies: [.product(name: "DoorControl", package: "pn532ctl")]
        ),
        .executableTarget(
            name: "PN532Bench",
            dependencies: [
                .product(name: "Basics", package: "pn532ctl"),
                .product(name: "NFCCore", package: "pn532ctl"),
                .product(name: "PN532", package: "pn532ctl"),
                .product(name: "PN532Simulator", package: "pn532ctl"),
                .product(name: "Type2", package: "pn532ctl"),
                .product(name: "Type4", package: "pn532ctl"),
                .product(name: "Type3", package: "pn532ctl"),
                .product(name: "Type1", package: "pn532ctl"),
                .product(name: "TagProtocols", package: "pn532ctl"),
                .product(name: "NDEF", package: "pn532ctl"),
                .product(name: "DoorRecords", package: "pn532ctl"),
            ]
        ),
    ]
)
