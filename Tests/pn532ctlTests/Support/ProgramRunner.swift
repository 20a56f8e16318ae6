import Foundation

/// What a run of another program produced.
struct ProgramResult {
    var status: Int32
    var output: String
    var error: String
}

/// Runs `program` (a path, or a name looked up on PATH) with its standard output and error
/// in files, so a large output never blocks it.
func runProgram(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws -> ProgramResult {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let outputURL = directory.appendingPathComponent("stdout")
    let errorURL = directory.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
    let process = Process()
    if program.contains("/") {
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
    } else {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
    }
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: outputURL)
    process.standardError = try FileHandle(forWritingTo: errorURL)
    try process.run()
    process.waitUntilExit()
    return ProgramResult(
        status: process.terminationStatus,
        output: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
        error: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
}
