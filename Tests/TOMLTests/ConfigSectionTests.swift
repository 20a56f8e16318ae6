import TOML
import Testing

@Suite("Configuration sections: typed reads whose errors name the file, the line and the key")
struct ConfigSectionTests {
    static func root(_ text: String) throws -> ConfigSection {
        ConfigSection(table: try ConfigFile.parse(text, file: "x.toml"), path: "", line: nil, source: ConfigSource(file: "x.toml"))
    }

    @Test func anUnknownKeyIsNamedWithTheClosestAllowedOne() throws {
        let root = try Self.root("a = 1\nsockt = \"/x\"\n")
        #expect(throws: ConfigError(file: "x.toml", line: 2, key: "sockt", message: "unknown key; did you mean socket?")) {
            try root.checkKeys(["a", "socket"])
        }
    }

    @Test func aValueOutOfRangeNamesItsLineAndTheRange() throws {
        let root = try Self.root("\nmax_running = 0\n")
        let error = #expect(throws: ConfigError.self) { try root.integer("max_running", in: 1...32) }
        #expect(error?.description == "x.toml:2: max_running: must be between 1 and 32, not 0")
    }

    @Test func anArrayOfTablesNamesTheElementThatIsNotATable() throws {
        let root = try Self.root("hook = [{ a = 1 }, 2]\n")
        #expect(throws: ConfigError(file: "x.toml", line: 1, key: "hook[1]", message: "must be a table, not 2")) {
            try root.sections("hook")
        }
    }

    @Test func aSyntaxErrorNamesTheFileAndLine() {
        let error = #expect(throws: ConfigError.self) { try ConfigFile.parse("a = 1\n[b\n", file: "x.toml") }
        #expect(error?.file == "x.toml")
        #expect(error?.line == 2)
        #expect(error?.kind == .invalid)
    }

    @Test func aKeyFromTheProfileIsNamedInTheProfile() {
        let source = ConfigSource(file: "door.toml", profileFile: "board.toml", profileKeys: ["reader"])
        #expect(source.file(for: "reader.device") == "board.toml")
        #expect(source.file(for: "relay.line") == "door.toml")
    }
}
