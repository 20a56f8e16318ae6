import Foundation
import Testing

/// `read`, `write`, `identify` and `lock` on NFC Forum Type 1, 3 and 4 tags, through the
/// activation's tag layers; the Type 2 commands refuse them naming what works.
@Suite("pn532ctl read, write, identify and lock on Type 1, 3 and 4 tags")
struct NDEFFamilyCommandTests {
    @Test(arguments: ["desfire-ndef", "ntag424", "felica-12fc", "topaz512"])
    func writeThenReadBackThroughThePtySimulator(_ card: String) throws {
        let simulator = try SimulatorProcess(["--tag", card])
        let write = try pn532ctl(["write", "--device", simulator.path, "--uri", "https://door.example/\(card)", "--text", "Hello"])
        #expect(write.status == 0, "\(write.standardError)")
        #expect(write.output.hasPrefix("Wrote "))
        #expect(write.output.hasSuffix("read back and verified\n"))
        let read = try pn532ctl(["read", "--json", "--device", simulator.path])
        #expect(read.status == 0, "\(read.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: read.standardOutput) as? [String: Any])
        let records = try #require(object["records"] as? [[String: Any]])
        #expect(records.count == 2)
        #expect(records.first?["uri"] as? String == "https://door.example/\(card)")
        #expect(records.last?["text"] as? String == "Hello")
    }

    @Test func writeJSONKeepsTheSchemaKeysWithNullPageCounts() throws {
        let simulator = try SimulatorProcess(["--tag", "felica-12fc"])
        let write = try pn532ctl(["write", "--json", "--device", simulator.path, "--text", "hi"])
        #expect(write.status == 0, "\(write.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: write.standardOutput) as? [String: Any])
        #expect(object["product"] as? String == "FeliCa")
        #expect(object["records"] as? Int == 1)
        #expect(object["pagesWritten"] is NSNull)
    }

    @Test(arguments: ["phone-ndef", "felica-lite-s", "ntag424", "topaz96"])
    func readsTheCardsMessage(_ card: String) throws {
        let result = try pn532ctl(["read", "--device", "sim:\(card)"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.output.isEmpty)
    }

    @Test func aBlankDESFireHasNoNDEF() throws {
        let read = try pn532ctl(["read", "--device", "sim:desfire"])
        #expect(read.status == 1)
        #expect(read.standardError.contains("no NDEF application"))
        #expect(read.output.isEmpty)
        let identify = try pn532ctl(["identify", "--json", "--device", "sim:desfire"])
        let object = try #require(try JSONSerialization.jsonObject(with: identify.standardOutput) as? [String: Any])
        #expect(object["ndefSupported"] as? Bool == false)
        #expect(object["ndefStatus"] as? String == "notSupported")
    }

    @Test(arguments: [("ntag424", 4), ("felica-lite-s", 3), ("topaz512", 1), ("desfire-ndef", 4)])
    func identifyGivesTheNDEFStatusAndCapacity(_ card: String, _ type: Int) throws {
        let result = try pn532ctl(["identify", "--json", "--device", "sim:\(card)"])
        #expect(result.status == 0, "\(result.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
        #expect(object["nfcForumType"] as? Int == type)
        #expect(object["ndefSupported"] as? Bool == true)
        #expect(object["ndefStatus"] as? String == "readWrite")
        #expect((object["capacity"] as? Int ?? 0) > 0)
        #expect(object["pageCount"] is NSNull)
    }

    @Test func lockOfALiteSMakesItReadOnly() throws {
        let simulator = try SimulatorProcess(["--tag", "felica-lite-s"])
        #expect(try pn532ctl(["lock", "--device", simulator.path]).status == 64, "irreversible: needs --yes")
        let lock = try pn532ctl(["lock", "--yes", "--device", simulator.path])
        #expect(lock.status == 0, "\(lock.standardError)")
        #expect(lock.output.hasPrefix("Locked FeliCa Lite-S "))
        let identify = try pn532ctl(["identify", "--json", "--device", simulator.path])
        let object = try #require(try JSONSerialization.jsonObject(with: identify.standardOutput) as? [String: Any])
        #expect(object["ndefStatus"] as? String == "readOnly")
        let write = try pn532ctl(["write", "--device", simulator.path, "--text", "no"])
        #expect(write.status == 1)
    }

    @Test func lockOfATopazSetsItsLockBits() throws {
        let simulator = try SimulatorProcess(["--tag", "topaz96"])
        let lock = try pn532ctl(["lock", "--yes", "--device", simulator.path])
        #expect(lock.status == 0, "\(lock.standardError)")
        let again = try pn532ctl(["lock", "--yes", "--device", simulator.path])
        #expect(again.output.contains("already locked"))
    }

    @Test func lockOfAType4TagIsRefusedWithTheReason() throws {
        let result = try pn532ctl(["lock", "--yes", "--device", "sim:ntag424"])
        #expect(result.status != 0)
        #expect(result.standardError.hasPrefix("pn532ctl: "))
        #expect(result.output.isEmpty)
    }

    @Test(arguments: [(["unprotect", "--password", "01020304"], "topaz512", "Topaz/Jewel is NFC Forum Type 1"),
                      (["protect", "--password", "01020304"], "felica-lite-s", "FeliCa Lite-S is NFC Forum Type 3")])
    func type2CommandsRefuseTheOtherTypesNamingWhatWorks(_ command: [String], _ card: String, _ named: String) throws {
        let result = try pn532ctl(command + ["--device", "sim:\(card)"])
        #expect(result.status == 1)
        #expect(result.standardError == "pn532ctl: this works on NFC Forum Type 2 tags only: \(named); read, write, identify, lock, dump, flash and token work on it\n")
        #expect(result.output.isEmpty)
    }

    @Test func aPasswordIsRefusedOnAType3Tag() throws {
        let result = try pn532ctl(["read", "--password", "01020304", "--device", "sim:felica-lite-s"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("are for Type 2 tags"))
    }
}
