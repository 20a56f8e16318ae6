import Foundation
import Testing

/// `pn532ctl fleet`: a key, a users file signed for one site and group, and the checks a door
/// makes, each refusal exit 65 naming why.
@Suite("fleet key new, sign, verify")
struct FleetCommandTests {
    final class Site {
        let directory: URL
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        var key: String { path("fleet.key") }
        var users: String { path("users.toml") }

        init(users: String = "[[users]]\nname = \"alice\"\nuid = [\"04:A1:A1:A1:A1:A1:A1\"]\n") throws {
            directory = try temporaryDirectory()
            try Data(users.utf8).write(to: URL(fileURLWithPath: self.users))
            let made = try pn532ctl(["fleet", "key", "new", key])
            #expect(made.status == 0, "\(made.standardError)")
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        /// Signs the users as version `version` for `group`, into `name`.
        func sign(_ name: String, group: String = "front", version: String = "12") throws -> (status: Int32, standardError: String) {
            let signed = try pn532ctl(["fleet", "sign", users, "--key", key, "--site", "hq", "--group", group, "--version", version, "--output", path(name)])
            return (signed.status, signed.standardError)
        }

        func verify(_ name: String, applied: String = "0") throws -> (status: Int32, output: String, standardError: String) {
            let result = try pn532ctl(["fleet", "verify", path(name), "--public-key", key + ".pub", "--site", "hq", "--group", "front", "--applied", applied])
            return (result.status, result.output, result.standardError)
        }
    }

    @Test func aSignedSnapshotVerifiesForItsSiteAndGroup() throws {
        let site = try Site()
        #expect(try site.sign("front.json").status == 0)
        let verified = try site.verify("front.json", applied: "11")
        #expect(verified.status == 0, "\(verified.standardError)")
        #expect(verified.output.contains("verified: site hq, group front, version 12, issued "), "\(verified.output)")
        let attributes = try FileManager.default.attributesOfItem(atPath: site.key)
        #expect((attributes[.posixPermissions] as? Int) == 0o600, "the private key is the administrator's alone")
    }

    @Test func aTamperedReplayedOrOtherGroupsSnapshotIsExit65SayingWhy() throws {
        let site = try Site()
        #expect(try site.sign("front.json").status == 0)
        let text = try String(contentsOfFile: site.path("front.json"), encoding: .utf8)
        try Data(text.replacingOccurrences(of: "alice", with: "mallo").utf8).write(to: URL(fileURLWithPath: site.path("tampered.json")))
        let tampered = try site.verify("tampered.json")
        #expect(tampered.status == 65)
        #expect(tampered.standardError.contains("the signature does not verify"), "\(tampered.standardError)")
        let replayed = try site.verify("front.json", applied: "12")
        #expect(replayed.status == 65)
        #expect(replayed.standardError.contains("version 12 is not newer than version 12"), "\(replayed.standardError)")
        #expect(try site.sign("back.json", group: "back").status == 0)
        let other = try site.verify("back.json")
        #expect(other.status == 65)
        #expect(other.standardError.contains("a snapshot for group \"back\", not this door's \"front\""), "\(other.standardError)")
    }

    @Test(arguments: [
        ("[reader]\ndevice = \"sim\"\n", "`reader`: a users file holds only [[users]] tables"),
        ("[[users]]\nuid = [\"04:A1:A1:A1:A1:A1:A1\"]\n", "a user without a name"),
        ("[[users]\n", "users.toml:1:"),
    ])
    func aUsersFileThatIsNotOnlyUsersIsExit65(users: String, message: String) throws {
        let site = try Site(users: users)
        let signed = try site.sign("out.json")
        #expect(signed.status == 65)
        #expect(signed.standardError.contains(message), "\(signed.standardError)")
        #expect(!FileManager.default.fileExists(atPath: site.path("out.json")), "nothing written")
    }

    @Test func aBadNameOrVersionIsUsageAndAMissingKeyIsExit66() throws {
        let site = try Site()
        #expect(try site.sign("out.json", group: "front/#").status == 64)
        #expect(try site.sign("out.json", version: "0").status == 64)
        let missing = try pn532ctl(["fleet", "sign", site.users, "--key", site.path("none.key"), "--site", "hq", "--group", "front", "--version", "1"])
        #expect(missing.status == 66, "\(missing.standardError)")
    }
}
