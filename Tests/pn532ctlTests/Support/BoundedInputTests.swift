import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Endless inputs (`/dev/zero`) end in a clear error naming the file and the limit, with exit
/// 65, and the process's memory stays bounded (it reached several GB before the limits).
@Suite("Bounded inputs")
struct BoundedInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(arguments: ["door", "check-config", "/dev/zero"],
             message: "/dev/zero is larger than 33554432 bytes, the limit for a door configuration"),
        Case(arguments: ["write", "--message", "/dev/zero"],
             message: "/dev/zero is larger than 3696 bytes, the limit for an NDEF message file"),
        Case(arguments: ["ndef", "decode", "--file", "/dev/zero"],
             message: "/dev/zero is larger than 3696 bytes, the limit for an NDEF message file"),
        Case(arguments: ["door", "log", "--file", "/dev/zero"],
             message: "/dev/zero:1: the line is longer than 1048576 bytes, the limit for an audit log line"),
        Case(arguments: ["flash", "--device", "/dev/pn532-that-does-not-exist", "--csv", "/dev/zero", "--text", "x"],
             message: "/dev/zero: line 1: a field longer than 4096 bytes, the limit for a CSV field"),
        Case(arguments: ["ndef", "encode", "--mime", "application/x-test", "--file", "/dev/zero"],
             message: "/dev/zero is larger than 924 bytes, the limit for an NDEF message"),
    ]

    @Test("an endless file is refused with exit 65, naming it and the limit", arguments: cases)
    func endlessFile(_ test: Case) throws {
        let result = try pn532ctl(test.arguments)
        #expect(result.status == 65, "\(result.standardError)")
        #expect(result.standardError.contains(test.message), "\(result.standardError)")
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        #expect(usage.ru_maxrss < 256 * 1024, "largest child's RSS: \(usage.ru_maxrss) KB")
    }

    @Test("hex text within the file limit that decodes to more than the largest tag is refused")
    func hexOverTheMessageLimit() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("message.hex")
        try Data(String(repeating: "D1 ", count: 925).utf8).write(to: file)
        let result = try pn532ctl(["ndef", "decode", "--file", file.path])
        #expect(result.status == 65)
        #expect(result.standardError.contains("\(file.path) is larger than 924 bytes, the limit for an NDEF message"), "\(result.standardError)")
    }

    @Test("endless standard input is refused the same way")
    func endlessStandardInput() throws {
        let zero = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/dev/zero"))
        let process = Process()
        process.executableURL = binaryURL
        process.arguments = ["ndef", "decode", "--input", "binary"]
        process.standardInput = zero
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 65)
        #expect(message.contains("standard input is larger than 3696 bytes"), "\(message)")
    }
}
