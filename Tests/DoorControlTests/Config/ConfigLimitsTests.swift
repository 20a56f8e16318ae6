import DoorControl
import TOML
import TestSupport
import Testing

@Suite("Configuration limits")
struct ConfigLimitsTests {
    @Test("an endless configuration file is refused, naming the file and the limit")
    func endlessFile() {
        let error = #expect(throws: ConfigError.self) { try DoorConfig.load(path: "/dev/zero") }
        #expect(error?.kind == .invalid)
        #expect(error?.description == "/dev/zero is larger than 33554432 bytes, the limit for a door configuration")
    }

    @Test("a 30,000-deep array is a syntax error at its file and line, naming the limit")
    func deepArray() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("door.toml", "[reader]\ndevice = \"/dev/ttyS0\"\n[relay]\nline = \"GPIO17\"\nx = "
            + String(repeating: "[", count: 30_000) + String(repeating: "]", count: 30_000) + "\n")
        let error = #expect(throws: ConfigError.self) { try DoorConfig.load(path: path) }
        #expect(error?.file == path)
        #expect(error?.line == 5)
        #expect(error?.message.hasPrefix("nested deeper than 64 levels") == true)
    }

    @Test("a key file larger than 4096 bytes is refused, naming it and the limit")
    func largeKeyFile() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("door.key", [UInt8](repeating: 0x5A, count: 4097), mode: 0o600)
        let error = #expect(throws: ConfigError.self) { try KeyFile.read(path) }
        #expect(error?.kind == .invalid)
        #expect(error?.message == "\(path) is larger than 4096 bytes, the limit for a key file")
        let largest = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        #expect(try KeyFile.read(directory.write("ok.key", largest, mode: 0o600)).count == 4096)
    }
}
