import Credentials
import Foundation
import Testing

/// `pn532ctl key new FILE`: a key the door reads, private from the start, never replacing one
/// unless told to.
@Suite("key new")
struct KeyNewCommandTests {
    static func attributes(_ path: String) throws -> (mode: Int, owner: Int, size: Int) {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (
            try #require(attributes[.posixPermissions] as? Int), try #require(attributes[.ownerAccountID] as? Int),
            try #require(attributes[.size] as? Int))
    }

    @Test func writesAKeyTheDoorReads() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("door.key").path
        let result = try pn532ctl(["key", "new", path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output == "Wrote a new 32-byte key to \(path) (mode 600)\n")
        #expect(try Self.attributes(path).mode == 0o600)
        #expect(try SecretFile.read(path).count == 32)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["door.key"])
        let other = directory.appendingPathComponent("other.key").path
        #expect(try pn532ctl(["key", "new", other]).status == 0)
        #expect(try SecretFile.read(other) != SecretFile.read(path))
    }

    @Test func keepsAnExistingFileUnlessForced() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("door.key").path
        let old = Data("an old key, kept".utf8)
        try old.write(to: URL(fileURLWithPath: path))
        let refused = try pn532ctl(["key", "new", path])
        #expect(refused.status == 64)
        #expect(refused.standardError.contains("\(path) exists: it is kept (give --force to replace it"))
        #expect(refused.output.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == old)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["door.key"])
        let forced = try pn532ctl(["key", "new", path, "--force", "--json"])
        #expect(forced.status == 0, "\(forced.standardError)")
        #expect(forced.output == "{\"file\":\"\(path)\",\"bytes\":32,\"mode\":\"0600\"}\n")
        #expect(try SecretFile.read(path).count == 32)
        #expect(try Self.attributes(path).mode == 0o600)
    }

    @Test func aDirectoryThatIsNotThereIsAnIOError() throws {
        let result = try pn532ctl(["key", "new", "/nonexistent/dir/door.key"])
        #expect(result.status == 74)
        #expect(result.standardError.contains("cannot create a file beside /nonexistent/dir/door.key"))
    }

    @Test func ownerNamesAUser() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("door.key").path
        let unknown = try pn532ctl(["key", "new", path, "--owner", "no-such-user-pn532ctl"])
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("--owner no-such-user-pn532ctl: no such user"))
        #expect(!FileManager.default.fileExists(atPath: path))
        let nobody = try #require(getpwnam("nobody")?.pointee.pw_uid)
        let given = try pn532ctl(["key", "new", path, "--owner", "nobody"])
        if getuid() == 0 {
            #expect(given.status == 0, "\(given.standardError)")
            #expect(given.output.hasSuffix("(mode 600, owner nobody)\n"))
            #expect(try Self.attributes(path).owner == Int(nobody))
            #expect(try Self.attributes(path).mode == 0o600)
        } else {
            #expect(given.status == 77)
            #expect(given.standardError.contains("only root may"))
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    @Test("--group GROUP: a key its group may read and not write (root:pn532ctl 0640), which the readers accept")
    func groupReadsTheKey() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("door.key").path
        let unknown = try pn532ctl(["key", "new", path, "--group", "no-such-group-pn532ctl"])
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("--group no-such-group-pn532ctl: no such group"))
        #expect(!FileManager.default.fileExists(atPath: path))
        let group = String(cString: try #require(getgrgid(getegid())?.pointee.gr_name))
        let given = try pn532ctl(["key", "new", path, "--group", group, "--json"])
        #expect(given.status == 0, "\(given.standardError)")
        #expect(given.output == "{\"file\":\"\(path)\",\"bytes\":32,\"mode\":\"0640\"}\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect(attributes[.posixPermissions] as? Int == 0o640)
        #expect(attributes[.groupOwnerAccountID] as? Int == Int(getegid()))
        #expect(try SecretFile.read(path, doorGroup: getegid()).count == 32)
    }

    /// The README's check of the example from the repository names the key it lacks and the
    /// command that makes it.
    @Test(.enabled(if: !FileManager.default.fileExists(atPath: "/etc/pn532ctl/door.key")))
    func checkConfigNamesTheCommand() throws {
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let result = try pn532ctl([
            "door", "check-config", repository.appendingPathComponent("scripts/door.toml").path,
            "--boards", repository.appendingPathComponent("boards").path,
        ])
        #expect(result.status == 66)
        #expect(result.standardError.contains("cannot open /etc/pn532ctl/door.key: no such file (make a key: pn532ctl key new /etc/pn532ctl/door.key)"))
    }
}
