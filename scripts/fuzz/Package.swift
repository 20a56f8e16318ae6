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
        .executableTarget(
            name: "FuzzNDEFDecoder",
            dependencies: [.product(name: "NDEF", package: "pn532ctl")]
        ),
        .executableTarget(
            name: "FuzzSignedToken",
            dependencies: [
                .product(name: "DoorControl", package: "pn532ctl"),
                .product(name: "NDEF", package: "pn532ctl"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
    ]
)
