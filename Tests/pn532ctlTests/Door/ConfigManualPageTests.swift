import Foundation
import Testing

/// door.toml(5) and hooks.toml(5), written by hand, describe every key the parsers accept and
/// no other; the generated pages carry ENVIRONMENT, FILES and EXIT STATUS where they apply.
@Suite("manual pages of the files and their sections")
struct ConfigManualPageTests {
    static let repository = InstallScriptTests.repository

    /// The keys the parser accepts: every string in the `checkKeys([...])` lists and the
    /// `rootKeys` and `credentialKeys` lists they use, in the Swift files under `directory`.
    static func parserKeys(_ directory: String) throws -> Set<String> {
        let folder = repository.appendingPathComponent(directory)
        var keys = Set<String>()
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            let source = String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self)
            let lists = try Regex(#"(?:checkKeys\(|static let (?:rootKeys|credentialKeys) = )\[([^\]]*)\]"#)
            for match in source.matches(of: lists) {
                let list = String(source[match.range])
                for literal in list.matches(of: try Regex(#""([a-z0-9_]+)""#)) {
                    if let key = literal.output[1].substring { keys.insert(String(key)) }
                }
            }
        }
        return keys
    }

    /// The keys a page describes: `.It Ic KEY` items and `.Ss [TABLE]` / `.Ss [[TABLE]]` headings.
    static func pageKeys(_ page: String) throws -> Set<String> {
        let text = String(decoding: try Data(contentsOf: repository.appendingPathComponent(page)), as: UTF8.self)
        var keys = Set<String>()
        for line in text.split(separator: "\n") {
            if line.hasPrefix(".It Ic ") {
                keys.insert(String(line.dropFirst(7).prefix { $0 != " " }))
            } else if line.hasPrefix(".Ss [") {
                keys.insert(line.dropFirst(4).filter { $0 != "[" && $0 != "]" })
            }
        }
        return keys
    }

    @Test(arguments: [
        ("scripts/docs/door.toml.5", "Sources/DoorControl/Config"),
        ("scripts/docs/hooks.toml.5", "Sources/DoorHooks"),
    ])
    func everyKeyAndNoOther(_ page: String, _ sources: String) throws {
        let parser = try Self.parserKeys(sources)
        let documented = try Self.pageKeys(page)
        #expect(parser.count > 4)
        #expect(parser.subtracting(documented).isEmpty, "\(page) lacks \(parser.subtracting(documented).sorted())")
        #expect(documented.subtracting(parser).isEmpty, "\(page) describes keys the parser refuses: \(documented.subtracting(parser).sorted())")
    }

    @Test(arguments: ["scripts/docs/door.toml.5", "scripts/docs/hooks.toml.5"])
    func rendersWithoutWarnings(_ page: String) throws {
        try ManualPageCheck.expectValid(Self.repository.appendingPathComponent(page).path)
        let rendered = try runProgram("man", ["-l", Self.repository.appendingPathComponent(page).path], environment: ["MANWIDTH": "80"])
        for section in ["KEYS", "FILES", "EXAMPLES", "SEE ALSO"] {
            #expect(rendered.output.contains("\n\(section)\n"), "\(page) has no \(section)")
        }
    }

    /// scripts/docs/generate's pages: the reader's environment and setting file on each command
    /// with --device, the service's on door run, the files each command uses, the exit status
    /// everywhere, and the section-5 pages beside them.
    @Test func generatedPagesHaveTheirSections() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let generate = try runProgram(Self.repository.appendingPathComponent("scripts/docs/generate").path, [binaryURL.path, directory.path])
        #expect(generate.status == 0, "\(generate.error)")
        func page(_ name: String) throws -> String {
            let path = directory.appendingPathComponent(name).path
            try ManualPageCheck.expectValid(path)
            return try runProgram("man", ["-l", path], environment: ["MANWIDTH": "200", "LC_ALL": "C.UTF-8"]).output
        }
        let expectations: [(String, [String], [String])] = [
            ("man1/pn532ctl.1", ["ENVIRONMENT", "FILES", "EXIT STATUS", "PN532_DEVICE", "/etc/pn532ctl/device", "door.toml(5)"], []),
            ("man1/pn532ctl-scan.1", ["ENVIRONMENT", "PN532_DEVICE", "PN532CTL_DEVICE_FILE", "FILES", "/etc/pn532ctl/device", "EXIT STATUS", "77"], ["NOTIFY_SOCKET"]),
            ("man1/pn532ctl-door-run.1", ["NOTIFY_SOCKET", "WATCHDOG_USEC", "STATE_DIRECTORY", "/etc/pn532ctl/door.toml", "/etc/pn532ctl/door.key",
                                          "/var/lib/pn532ctl", "/var/log/pn532ctl", "/usr/share/pn532ctl/boards", "EXIT STATUS", "door.toml(5)"], ["hooks.toml(5)"]),
            ("man1/pn532ctl-door-hooks.1", ["NOTIFY_SOCKET", "/etc/pn532ctl-hooks/hooks.toml", "hooks.toml(5)"], ["/etc/pn532ctl/door.key"]),
            ("man1/pn532ctl-key-new.1", ["/etc/pn532ctl/door.key", "EXIT STATUS", "--owner", "--force"], ["ENVIRONMENT"]),
            ("man1/pn532ctl-ndef-encode.1", ["EXIT STATUS"], ["ENVIRONMENT", "FILES"]),
            ("man5/door.toml.5", ["key_file"], []),
            ("man5/hooks.toml.5", ["per_minute"], []),
        ]
        for (name, present, absent) in expectations {
            let text = try page(name)
            for word in present { #expect(text.contains(word), "\(name) lacks \(word)") }
            for word in absent { #expect(!text.contains(word), "\(name) has \(word)") }
        }
    }
}
