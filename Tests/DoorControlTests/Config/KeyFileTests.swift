import DoorControl
import TOML
import TestSupport
import Testing

@Suite("The door's key file")
struct KeyFileTests {
    @Test("the secret-file reader's refusals are configuration errors of the same kind")
    func refusalsAreConfigErrors() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("door.key", Array(0..<32), mode: 0o640)
        #expect(throws: ConfigError(.permission, message: "key file \(path) is readable by group or others: chmod 600 it (or chgrp pn532ctl and chmod 640: the door's group may read it)")) {
            try KeyFile.read(path)
        }
        #expect(throws: ConfigError(.missingFile, message: "cannot open \(directory.path)/none.key: no such file (make a key: pn532ctl key new \(directory.path)/none.key)")) {
            try KeyFile.read("\(directory.path)/none.key")
        }
        #expect(throws: ConfigError(message: "key file /dev/null is not a regular file")) {
            try KeyFile.read("/dev/null")
        }
        #expect(try KeyFile.read(directory.write("ok.key", Array(0..<32), mode: 0o600)) == Array(0..<32))
    }
}
