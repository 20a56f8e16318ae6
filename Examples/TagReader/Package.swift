// swift-tools-version: 6.1
import PackageDescription

/// The pn532ctl repository two folders up; SwiftPM names a path dependency after its folder.
let repository = Context.packageDirectory.split(separator: "/").dropLast(2).last.map(String.init) ?? "pn532ctl"

let package = Package(
    name: "TagReader",
    dependencies: [.package(path: "../..")],
    targets: [
        .executableTarget(
            name: "TagReader",
            dependencies: [
                .product(name: "NFCReader", package: repository),
                .product(name: "PN532ReaderSimulator", package: repository),
                .product(name: "NDEF", package: repository),
            ]
        ),
    ]
)
