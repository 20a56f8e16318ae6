import DoorControl
import TOML
import Testing

/// `[credentials.ntag424]`, `[credentials.desfire]` and the users' `ntag424` and `desfire`
/// lists: what parses, and each mistake named.
@Suite("Door configuration: ntag424 and desfire credentials")
struct KeyedCardConfigTests {
    static let head = "[reader]\ndevice = \"/dev/serial0\"\n[relay]\nline = \"GPIO17\"\n"
    static let section = "[credentials.ntag424]\nkey_number = 2\nmaster_key_file = \"/etc/m.key\"\n"
    static let desfireSection = "[credentials.desfire]\napplication = \"F54201\"\nkey_number = 1\nmaster_key_file = \"/etc/d.key\"\n"

    @Test("[credentials.ultralight_aes]: one master key, no key number, rendered back")
    func parsesUltralightAES() throws {
        let text = Self.head + """
            [credentials.ultralight_aes]
            master_key_file = "/etc/u.key"
            system_id = "4E58"
            [[users]]
            name = "carol"
            ultralight_aes = ["04:5E:4C:C2:45:13:90"]
            """
        let config = try DoorConfig.parse(text: text, fileName: "door.toml")
        let keyed = try #require(config.ultralightAES)
        #expect(keyed.family == .ultralightAES)
        #expect(keyed.systemIdentifier == [0x4E, 0x58])
        #expect(config.users.first?.credentials == [.keyed(.ultralightAES, [0x04, 0x5E, 0x4C, 0xC2, 0x45, 0x13, 0x90])])
        #expect(config.renderedTOML().contains("[credentials.ultralight_aes]\nmaster_key_file = \"/etc/u.key\"\nsystem_id = \"4E58\"\nrequire_genuine = true\n"))
        #expect(try DoorConfig.parse(text: config.renderedTOML(), fileName: "rendered.toml") == config)
    }

    @Test("[credentials.desfire]: the AID in wire order, a user's real UIDs, rendered back; beside ntag424")
    func parsesDESFire() throws {
        let text = Self.head + Self.section + Self.desfireSection + """
            system_id = "4E585020416275"
            uid_key = { key_number = 13, file = "/etc/duid.key" }
            [[users]]
            name = "alice"
            ntag424 = ["04:77:28:82:4D:65:80"]
            [[users]]
            name = "bob"
            desfire = ["04:2A:41:CA:E4:53:80"]
            """
        let config = try DoorConfig.parse(text: text, fileName: "door.toml")
        let keyed = try #require(config.desfire)
        #expect(keyed.family == .desfire)
        #expect(keyed.application == [0xF5, 0x42, 0x01])
        #expect(keyed.keyNumber == 1)
        #expect(keyed.masterKeys == [KeyedCardConfig.MasterKey(version: nil, path: "/etc/d.key")])
        #expect(keyed.systemIdentifier.count == 7)
        #expect(keyed.uidKey?.keyNumber == 13)
        #expect(keyed.requireGenuine)
        #expect(config.ntag424?.family == .ntag424)
        #expect(config.users.map(\.credentials) == [[.ntag424([0x04, 0x77, 0x28, 0x82, 0x4D, 0x65, 0x80])], [.desfire([0x04, 0x2A, 0x41, 0xCA, 0xE4, 0x53, 0x80])]])
        #expect(config.renderedTOML().contains("[credentials.desfire]\napplication = \"F54201\"\nkey_number = 1\n"))
        #expect(config.renderedTOML().contains("desfire = [\"04:2A:41:CA:E4:53:80\"]"))
        #expect(try DoorConfig.parse(text: config.renderedTOML(), fileName: "rendered.toml") == config)
    }

    @Test("the section and a user's real UIDs are read, and render back to the same configuration")
    func parsesAndRenders() throws {
        let text = Self.head + """
            [credentials.ntag424]
            key_number = 2
            master_keys = [{ version = 1, file = "/etc/m1.key" }, { version = 2, file = "/etc/m2.key" }]
            system_id = "4E585020416275"
            uid_key = { key_number = 1, file = "/etc/uid.key" }
            require_genuine = false
            [[users]]
            name = "alice"
            ntag424 = ["04:77:28:82:4D:65:80"]
            """
        let config = try DoorConfig.parse(text: text, fileName: "door.toml")
        let keyed = try #require(config.ntag424)
        #expect(keyed.keyNumber == 2)
        #expect(keyed.masterKeys == [KeyedCardConfig.MasterKey(version: 1, path: "/etc/m1.key"), KeyedCardConfig.MasterKey(version: 2, path: "/etc/m2.key")])
        #expect(keyed.systemIdentifier == [0x4E, 0x58, 0x50, 0x20, 0x41, 0x62, 0x75])
        #expect(keyed.uidKey?.keyNumber == 1 && keyed.uidKey?.path == "/etc/uid.key")
        #expect(!keyed.requireGenuine)
        #expect(config.users.first?.credentials == [.ntag424([0x04, 0x77, 0x28, 0x82, 0x4D, 0x65, 0x80])])
        #expect(!config.needsMessage, "a keyed card's proof needs no NDEF read")
        #expect(try DoorConfig.parse(text: config.renderedTOML(), fileName: "rendered.toml") == config)
    }

    @Test("uid_family is read and rendered back")
    func uidFamily() throws {
        let config = try DoorConfig.parse(text: Self.head + "[[users]]\nname = \"bob\"\nuid = [\"04:51:62:73:84:95:A6\"]\nuid_family = \"desfire\"\n", fileName: "door.toml")
        #expect(config.users.first?.uidFamily == .desfire)
        #expect(config.renderedTOML().contains("uid_family = \"desfire\"\nuid = [\"04:51:62:73:84:95:A6\"]"))
        #expect(try DoorConfig.parse(text: config.renderedTOML(), fileName: "rendered.toml") == config)
    }

    static let invalid: [(String, String)] = [
        ("[[users]]\nname = \"a\"\ntext = [\"x\"]\nuid_family = \"type2\"", "users[0].uid_family: names the family of the user's uid credentials, and the user has none"),
        ("[[users]]\nname = \"a\"\nuid = [\"04112233\"]\nuid_family = \"ntag\"", "users[0].uid_family: must be"),
        (section + "[[users]]\nname = \"a\"\nntag424 = [\"04:77:28:82:4D:65:80\"]\nuid = [\"04:11:22:33:44:55:66\"]",
         "users[0].ntag424: user \"a\" has ntag424 and other credentials"),
        ("[[users]]\nname = \"a\"\nntag424 = [\"04:77:28:82:4D:65:80\"]", "users[0].ntag424[0]: needs [credentials.ntag424]"),
        (section + "[[users]]\nname = \"a\"\nntag424 = [\"04112233\"]", "users[0].ntag424[0]: 04:11:22:33 is 4 bytes; a keyed NTAG 424 DNA's real UID is 7"),
        ("[[users]]\nname = \"a\"\nuid = [\"08112233\"]", "users[0].uid[0]: 08:11:22:33 is a random UID (08…)"),
        (section + "[[users]]\nname = \"a\"\nntag424 = [\"04:77:28:82:4D:65:80\"]\n[[users]]\nname = \"b\"\nuid = [\"04:77:28:82:4D:65:80\"]",
         "users[1].uid[0]: 04:77:28:82:4D:65:80 already belongs to users[0]"),
        ("[credentials.ntag424]\nmaster_key_file = \"/etc/m.key\"", "credentials.ntag424.key_number: missing"),
        ("[credentials.ntag424]\nkey_number = 5\nmaster_key_file = \"/etc/m.key\"", "credentials.ntag424.key_number: must be between 0 and 4, not 5"),
        ("[credentials.ntag424]\nkey_number = 2", "credentials.ntag424.master_key_file: missing"),
        (section + "master_keys = [{ version = 1, file = \"/etc/m1.key\" }]", "credentials.ntag424.master_keys: give master_key_file or master_keys, not both"),
        ("[credentials.ntag424]\nkey_number = 2\nmaster_keys = [{ version = 1, file = \"/etc/a\" }, { version = 1, file = \"/etc/b\" }]",
         "credentials.ntag424.master_keys[1].version: 1 is given twice"),
        ("[credentials.ntag424]\nkey_number = 2\nmaster_key_file = \"m.key\"", "credentials.ntag424.master_key_file: must be an absolute path"),
        (section + "uid_key = { key_number = 2, file = \"/etc/u.key\" }", "credentials.ntag424.uid_key.key_number: 2 is the key the cards prove"),
        (section + "system_id = \"4E5\"", "credentials.ntag424.system_id: must be hex digits in pairs"),
        ("[credentials.desfire]\nkey_number = 1\nmaster_key_file = \"/etc/d.key\"", "credentials.desfire.application: missing"),
        ("[credentials.desfire]\napplication = \"F542\"\nkey_number = 1\nmaster_key_file = \"/etc/d.key\"",
         "credentials.desfire.application: is 2 bytes; a DESFire AID is 3, in wire order (LSB first)"),
        ("[credentials.desfire]\napplication = \"000000\"\nkey_number = 1\nmaster_key_file = \"/etc/d.key\"",
         "credentials.desfire.application: 000000 is the PICC level, not an application"),
        ("[credentials.desfire]\napplication = \"F54201\"\nkey_number = 14\nmaster_key_file = \"/etc/d.key\"",
         "credentials.desfire.key_number: must be between 0 and 13, not 14"),
        (desfireSection + "system_id = \"" + String(repeating: "AB", count: 22) + "\"",
         "credentials.desfire.system_id: is 22 bytes; after the 10 bytes of UID ‖ AID the input holds at most 31, so 1-21"),
        (section + "system_id = \"" + String(repeating: "AB", count: 24) + "\"",
         "credentials.ntag424.system_id: is 24 bytes; after the 8 bytes of UID ‖ key number the input holds at most 31, so 1-23"),
        (section + "application = \"F54201\"", "credentials.ntag424.application: unknown key"),
        ("[credentials.felica]\nkey_number = 1", "credentials.felica: unknown key"),
        ("[credentials.ultralight_aes]\nkey_number = 0\nmaster_key_file = \"/etc/u.key\"", "credentials.ultralight_aes.key_number: unknown key"),
        ("[credentials.ultralight_aes]\nmaster_keys = [{ version = 1, file = \"/etc/u.key\" }]", "credentials.ultralight_aes.master_keys: unknown key"),
        ("[credentials.ultralight_aes]\nmaster_key_file = \"/etc/u.key\"\nsystem_id = \"" + String(repeating: "AB", count: 25) + "\"",
         "credentials.ultralight_aes.system_id: is 25 bytes; after the 7 bytes of UID the input holds at most 31, so 1-24"),
        ("[[users]]\nname = \"a\"\nultralight_aes = [\"04:5E:4C:C2:45:13:90\"]", "users[0].ultralight_aes[0]: needs [credentials.ultralight_aes]"),
        (section + "[[users]]\nname = \"a\"\ndesfire = [\"04:2A:41:CA:E4:53:80\"]", "users[0].desfire[0]: needs [credentials.desfire]"),
        (desfireSection + "[[users]]\nname = \"a\"\ndesfire = [\"04112233\"]", "users[0].desfire[0]: 04:11:22:33 is 4 bytes; a keyed DESFire's real UID is 7"),
        (section + desfireSection + "[[users]]\nname = \"a\"\ndesfire = [\"04:2A:41:CA:E4:53:80\"]\nntag424 = [\"04:77:28:82:4D:65:80\"]",
         "users[0].desfire: user \"a\" has desfire and other credentials: a UID, NDEF content, token or another family's card would open without this card's key"),
        (desfireSection + "[[users]]\nname = \"a\"\ndesfire = [\"04:2A:41:CA:E4:53:80\"]\ntext = [\"x\"]", "user \"a\" has desfire and other credentials"),
        (desfireSection + "[[users]]\nname = \"a\"\ndesfire = [\"08:2A:41:CA\"]", "users[0].desfire[0]: 08:2A:41:CA is a random UID"),
        ("[security]\nrequire_genuine = true\n[[users]]\nname = \"a\"\nuid = [\"04:51:62:73:84:95:A6\"]\nuid_family = \"desfire\"",
         "users[0].uid_family: user \"a\" has uid_family = \"desfire\" but security.require_genuine = true checks NTAG21x signatures"),
        ("[security]\nrequire_genuine = true\n[[users]]\nname = \"a\"\nuid = [\"04112233\"]",
         "users[0].uid: user \"a\" has the 4-byte uid 04:11:22:33 but security.require_genuine = true checks NTAG21x signatures"),
    ]

    @Test("each mistake names the key", arguments: invalid)
    func invalidDocument(_ body: String, _ message: String) {
        #expect {
            try DoorConfig.parse(text: Self.head + body, fileName: "door.toml")
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            let matches = error.description.contains(": \(message)")
            if !matches { Issue.record("\(error.description)") }
            return matches
        }
    }
}
