import Foundation
import Testing

/// The installers make the door's key `root:pn532ctl 0640` (the door reads it and cannot
/// rewrite it), and take back a key an older version gave to the door's account. A real
/// install runs only as root (the .deb's is DebianPackageTests'); this reads the scripts.
@Suite("The installers' key ownership")
struct KeyOwnershipScriptTests {
    static func script(_ relative: String) throws -> String {
        try String(contentsOf: InstallScriptTests.repository.appendingPathComponent(relative), encoding: .utf8)
    }

    @Test("install.sh: key new --group pn532ctl, and an old key owned by the door goes back to root")
    func installScript() throws {
        let install = try Self.script("scripts/install.sh")
        #expect(install.contains("[ -n \"$destdir\" ] || group=\"--group $user\"\n"))
        #expect(install.contains("key new \"$key\" $group >/dev/null"))
        #expect(!install.contains("--owner $user"), "the door's account must not own its key")
        #expect(install.contains("[ \"$(stat -c %U \"$key\")\" = \"$user\" ]; then\n        # An older install"))
        #expect(install.contains("chown \"root:$user\" \"$key\"\n        chmod 0640 \"$key\"\n"))
    }

    @Test("the .deb's postinst: key new --group pn532ctl, and an upgrade takes an old key back")
    func postinst() throws {
        let postinst = try Self.script("packaging/deb/postinst")
        #expect(postinst.contains("/usr/bin/pn532ctl key new \"$key\" --group \"$user\" >/dev/null"))
        #expect(!postinst.contains("--owner \"$user\""), "the door's account must not own its key")
        #expect(postinst.contains("elif [ \"$(stat -c %U \"$key\")\" = \"$user\" ]; then\n        chown \"root:$user\" \"$key\"\n        chmod 0640 \"$key\"\n"))
    }

    @Test("the example door.toml says root:pn532ctl 0640 and how to make it")
    func example() throws {
        let example = try Self.script("scripts/door.toml")
        #expect(example.contains("root:pn532ctl mode 640"))
        #expect(example.contains("#   pn532ctl key new /etc/pn532ctl/door.key --group pn532ctl\n"))
    }
}
