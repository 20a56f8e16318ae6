import DoorRecords
import Foundation
import Testing

/// `pn532ctl fleet unlock`: a signed command a door accepts once, and the refusals of what a
/// door would refuse anyway.
@Suite("fleet unlock")
struct FleetUnlockCommandTests {
    final class Site {
        let directory: URL
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        var key: String { path("unlock.key") }

        init() throws {
            directory = try temporaryDirectory()
            let made = try pn532ctl(["fleet", "key", "new", key])
            #expect(made.status == 0, "\(made.standardError)")
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        var publicKey: FleetPublicKey? {
            (try? String(contentsOfFile: key + ".pub", encoding: .utf8)).flatMap(FleetPublicKey.init(fileText:))
        }
    }

    @Test func theCommandOpensTheNamedDoorOnceWithinItsWindow() throws {
        let site = try Site()
        let before = Int64(Date().timeIntervalSince1970)
        let result = try pn532ctl(["fleet", "unlock", "--door", "frontdoor", "--key", site.key, "--valid", "30", "--reason", "alice: courier"])
        #expect(result.status == 0, "\(result.standardError)")
        let payload = Array(result.output.trimmingCharacters(in: .newlines).utf8)
        let key = try #require(site.publicKey)
        let state = try site.path("state").withDirectory()
        let command = try UnlockGate.admit(payload, key: key, door: "frontdoor", now: before + 1, clockSynchronised: true, stateDirectory: state)
        #expect(command.reason == "alice: courier")
        #expect(command.expires - command.issued == 30)
        #expect(command.nonce.count == 16)
        #expect(throws: UnlockCommandError.replayed) { try UnlockGate.admit(payload, key: key, door: "frontdoor", now: before + 2, clockSynchronised: true, stateDirectory: state) }
        #expect(throws: UnlockCommandError.otherDoor(found: "frontdoor", expected: "backdoor")) {
            try UnlockGate.admit(payload, key: key, door: "backdoor", now: before + 1, clockSynchronised: true, stateDirectory: state)
        }
        let again = try pn532ctl(["fleet", "unlock", "--door", "frontdoor", "--key", site.key])
        #expect(again.output != result.output, "a fresh nonce each time")
    }

    @Test(arguments: [
        (["--door", "front/#"], "not a fleet name"),
        (["--door", "front", "--valid", "121"], "between 1 and 120 seconds"),
        (["--door", "front", "--valid", "0"], "between 1 and 120 seconds"),
        (["--door", "front", "--reason", "two\nlines"], "printable ASCII"),
    ])
    func whatADoorWouldRefuseIsAUsageError(arguments: [String], message: String) throws {
        let site = try Site()
        let result = try pn532ctl(["fleet", "unlock", "--key", site.key] + arguments)
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.output.isEmpty)
    }

    @Test func aMissingKeyIsExit66() throws {
        let site = try Site()
        let result = try pn532ctl(["fleet", "unlock", "--door", "front", "--key", site.path("none.key")])
        #expect(result.status == 66, "\(result.standardError)")
        #expect(result.output.isEmpty)
    }
}

private extension String {
    /// Creates the directory (mode 700) and returns its path.
    func withDirectory() throws -> String {
        try FileManager.default.createDirectory(atPath: self, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return self
    }
}
