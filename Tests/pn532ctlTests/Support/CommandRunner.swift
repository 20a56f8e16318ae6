import Foundation

/// What a run of the `pn532ctl` binary produced.
struct CommandResult {
    var status: Int32
    var standardOutput: Data
    var standardError: String

    var output: String { String(decoding: standardOutput, as: UTF8.self) }
}

/// Runs the `pn532ctl` binary built next to the test bundle, with `input` on standard input.
func pn532ctl(_ arguments: [String], input: Data = Data(), environment: [String: String] = [:]) throws -> CommandResult {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let inputURL = directory.appendingPathComponent("stdin")
    let outputURL = directory.appendingPathComponent("stdout")
    let errorURL = directory.appendingPathComponent("stderr")
    try input.write(to: inputURL)
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)

    let process = Process()
    process.executableURL = binaryURL
    process.arguments = arguments
    process.environment = testEnvironment().merging(environment) { $1 }
    process.standardInput = try FileHandle(forReadingFrom: inputURL)
    process.standardOutput = try FileHandle(forWritingTo: outputURL)
    process.standardError = try FileHandle(forWritingTo: errorURL)
    try process.run()
    process.waitUntilExit()
    return CommandResult(
        status: process.terminationStatus,
        standardOutput: try Data(contentsOf: outputURL),
        standardError: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
}

/// The reader setting file the tests' commands read (`PN532CTL_DEVICE_FILE`): `sim`, so that a
/// reader configured on the machine (`/etc/pn532ctl/device`) is never what a test talks to.
let testDeviceSettingFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/device/sim").path

/// This process's environment for a `pn532ctl` the tests run: no `PN532_DEVICE`, and the
/// tests' own reader setting file.
func testEnvironment() -> [String: String] {
    var variables = ProcessInfo.processInfo.environment
    variables["PN532_DEVICE"] = nil
    variables["PN532CTL_DEVICE_FILE"] = testDeviceSettingFile
    return variables
}

/// A fresh empty directory under the system's temporary directory.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("pn532ctl-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The binary SwiftPM builds into the same folder as the test bundle.
let binaryURL: URL = {
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var directory = testBinary.deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("pn532ctl").path),
        directory.path != "/" {
        directory.deleteLastPathComponent()
    }
    return directory.appendingPathComponent("pn532ctl")
}()
