import Foundation
import Testing
@testable import pn532ctl

/// Every option or argument whose value is a file or a directory completes as one; the record
/// options listed for the shells are the ones the parser knows.
@Suite("completion kinds")
struct CompletionKindsTests {
    /// Each argument of each command in `pn532ctl --experimental-dump-help`, with its command.
    static func arguments() throws -> [(command: String, argument: [String: Any])] {
        let dump = try pn532ctl(["--experimental-dump-help"])
        let root = try #require(try JSONSerialization.jsonObject(with: dump.standardOutput) as? [String: Any])
        var found: [(String, [String: Any])] = []
        func walk(_ command: [String: Any], _ path: String) {
            for argument in command["arguments"] as? [[String: Any]] ?? [] { found.append((path, argument)) }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                walk(sub, path + " " + (sub["commandName"] as? String ?? "?"))
            }
        }
        walk(try #require(root["command"] as? [String: Any]), "pn532ctl")
        return found
    }

    @Test func filesAndDirectoriesComplete() throws {
        let arguments = try Self.arguments()
        var checked = 0
        for (command, argument) in arguments {
            let valueName = argument["valueName"] as? String ?? ""
            guard ["FILE", "PATH", "DIR"].contains(valueName) else { continue }
            checked += 1
            let kind = argument["completionKind"] as? [String: Any] ?? [:]
            #expect(kind["file"] != nil || kind["directory"] != nil, "\(command) \(valueName): \(kind)")
        }
        #expect(checked > 20)
    }

    @Test func everyRecordOptionIsParsedAndDocumented() throws {
        for name in RecordOptions.names {
            #expect(RecordOptions.help.contains(name), "\(name) is not in the help")
            do {
                _ = try RecordOptions.parse([name])
            } catch {
                #expect(!error.message.contains("unknown option"), "\(name): \(error.message)")
            }
        }
        #expect(Set(RecordOptions.valueOptions).subtracting(RecordOptions.names).isEmpty)
    }

    @Test func recordCandidates() {
        #expect(RecordCompletion.candidates(after: "--text") == [])
        #expect(RecordCompletion.candidates(after: "--utf16") == RecordOptions.names)
        #expect(RecordCompletion.candidates(after: nil) == RecordOptions.names)
        #expect(RecordCompletion.candidates(after: "--action") == ["do", "save", "edit"])
    }

    @Test func recordFilePaths() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["poster.bin", "photo.jpg", ".hidden"] {
            try Data().write(to: directory.appendingPathComponent(name))
        }
        #expect(RecordCompletion.candidates(after: "--file", prefix: directory.path + "/p") == [directory.path + "/photo.jpg", directory.path + "/poster.bin"])
        #expect(RecordCompletion.candidates(after: "--file", prefix: directory.path + "/.h") == [directory.path + "/.hidden"])
        #expect(RecordCompletion.candidates(after: "--file", prefix: directory.path + "/") == [directory.path + "/photo.jpg", directory.path + "/poster.bin"])
        #expect(RecordCompletion.candidates(after: "--file", prefix: "/nonexistent/x") == [])
    }

    @Test func deviceNodes() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["ttyUSB0", "i2c-1", "ttyAMA0", "sda", "tty1", "serial0", "spidev0.0"] {
            try Data().write(to: directory.appendingPathComponent(name))
        }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("serial/by-id"), withIntermediateDirectories: true)
        try Data().write(to: directory.appendingPathComponent("serial/by-id/usb-FTDI-if00"))
        let nodes = DeviceCompletion.nodes(in: directory.path)
        #expect(nodes == ["i2c-1", "serial/by-id/usb-FTDI-if00", "serial0", "spidev0.0", "ttyAMA0", "ttyUSB0"].map { "\(directory.path)/\($0)" })
        let candidates = DeviceCompletion.candidates(devices: ["/dev/ttyUSB0", "/dev/i2c-1", "/dev/spidev0.0"])
        for word in ["sim", "sim-i2c", "uart:", "i2c:", "sim:ntag213", "/dev/ttyUSB0", "uart:/dev/ttyUSB0", "i2c:/dev/i2c-1", "sim-spi", "spi:", "spi:/dev/spidev0.0"] {
            #expect(candidates.contains(word), "\(word)")
        }
        #expect(!candidates.contains("uart:/dev/i2c-1"))
        #expect(!candidates.contains("uart:/dev/spidev0.0"))
    }
}
