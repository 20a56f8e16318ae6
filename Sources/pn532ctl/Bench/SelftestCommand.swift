import PN532Reader
import JSONText
import ArgumentParser
import PN532

/// `pn532ctl selftest`: the PN532's own diagnostics and a poll, PASS or FAIL each.
struct SelftestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "selftest",
        abstract: "Run the PN532's diagnostics (line echo, ROM, RAM) and a poll.",
        discussion: """
            Prints a PASS or FAIL line per test. Exit status 0 when all pass, 1 otherwise.

            Examples:
              pn532ctl selftest --device i2c:/dev/i2c-1
              pn532ctl selftest --json
            """)

    @OptionGroup var device: DeviceOptions

    @Flag(help: "Print JSON: device, passed, and each test's name, passed and problem.")
    var json = false

    /// The echo test's data: the longest a normal frame carries (252 bytes), every value.
    static let echoData = (0..<252).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) }

    func run() throws {
        let reader = try Reader.open(device)
        defer { reader.close() }
        let session = reader.session
        var results: [(name: String, problem: String?)] = []
        func check(_ name: String, _ test: () throws(PN532Error) -> String?) {
            do throws(PN532Error) {
                results.append((name, try test()))
            } catch {
                results.append((name, error.description))
            }
            guard !json, let last = results.last else { return }
            print(last.problem.map { "FAIL  \(name): \($0)" } ?? "PASS  \(name)")
        }
        check("communication line (Diagnose 00, \(Self.echoData.count)-byte echo)") { () throws(PN532Error) in
            let result = try session.diagnose(.communicationLine, data: Self.echoData)
            return result == .communicationLine(echo: Self.echoData) ? nil : "the echo differs from what was sent"
        }
        check("ROM checksum (Diagnose 01)") { () throws(PN532Error) in
            try session.diagnose(.rom).passed == true ? nil : "the ROM test reports an error"
        }
        check("RAM (Diagnose 02)") { () throws(PN532Error) in
            try session.diagnose(.ram).passed == true ? nil : "the RAM test reports an error"
        }
        check("RF poll (InListPassiveTarget 106 kbps type A)") { () throws(PN532Error) in
            try session.setPassiveActivationRetries(0x02)
            _ = try session.listPassiveTargets()
            return nil
        }
        let passed = results.allSatisfy { $0.problem == nil }
        if json {
            print(JSON.object([
                ("device", .string(reader.spec.description)),
                ("passed", .bool(passed)),
                ("tests", .array(results.map { result in
                    .object([("name", .string(result.name)), ("passed", .bool(result.problem == nil)), ("problem", result.problem.map(JSON.string) ?? .null)])
                })),
            ]).text)
        }
        if !passed { throw ExitCode.failure }
    }
}
