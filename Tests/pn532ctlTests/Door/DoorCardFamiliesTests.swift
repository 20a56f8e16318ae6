import Foundation
import Testing

/// The door with cards that are not Type 2 tags: a UID rule matches a MIFARE Classic's UID or
/// a FeliCa card's IDm or a type B card's PUPI; a DESFire, an NTAG 424 DNA or a Topaz
/// nobody's rule names is denied by default (their NDEF is read: they are not refused as "not
/// an NDEF tag"), an audited denial.
@Suite("pn532ctl door run with cards of other families", .serialized)
struct DoorCardFamiliesTests {
    @Test func classicUIDIsGrantedAndAnUnknownDESFireIsDeniedByDefault() throws {
        let scene = try DoorScene(pulse: 1, users: """
            [[users]]
            name = "carol"
            uid = ["C1:C1:C1:C1"]
            """)
        try scene.start()
        #expect(try scene.simulator.control("present classic1k:uid=C1C1C1C1").hasPrefix("present"))
        #expect(try scene.log(until: "granted C1:C1:C1:C1").last?.contains("user carol") == true)
        try scene.removeAll()
        try scene.log(until: "left the field")
        #expect(try scene.simulator.control("present desfire:uid=04DE5F1E000001").hasPrefix("present"))
        try scene.log(until: "denied 04:DE:5F:1E:00:00:01")
        try scene.removeAll()
        try scene.log(until: "left the field")
        let decisions = try scene.auditLines().filter { $0.contains("\"decision\"") }
        #expect(decisions.count == 2)
        #expect(decisions.first?.contains("\"uid\":\"C1C1C1C1\",\"user\":\"carol\",\"granted\":true") == true)
        let denial = decisions.last ?? ""
        // A DESFire is a Type 4 tag whose NDEF is read: no rule but its UID could match it.
        #expect(denial.contains("\"granted\":false,\"rule\":\"default deny\""), "\(denial)")
        #expect(denial.contains("\"product\":\"MIFARE DESFire\""), "\(denial)")
    }

    @Test func feliCaIDmAndTypeBPUPIAreGrantedAndAnUnknownTopazIsDeniedByDefault() throws {
        let scene = try DoorScene(pulse: 1, users: """
            [[users]]
            name = "dave"
            uid = ["01:2E:4C:F1:00:00:00:01"]
            [[users]]
            name = "erin"
            uid = ["B014443B"]
            """)
        try scene.start()
        #expect(try scene.simulator.control("present felica-lite-s:uid=012E4CF100000001").hasPrefix("present"))
        #expect(try scene.log(until: "granted 01:2E:4C:F1:00:00:00:01").last?.contains("user dave") == true)
        try scene.removeAll()
        try scene.log(until: "left the field")
        #expect(try scene.simulator.control("present topaz512:uid=11223344000000").hasPrefix("present"))
        try scene.log(until: "denied 11:22:33:44")
        try scene.removeAll()
        try scene.log(until: "left the field")
        #expect(try scene.simulator.control("present typeb:uid=B014443B").hasPrefix("present"))
        #expect(try scene.log(until: "granted B0:14:44:3B").last?.contains("user erin") == true)
        try scene.removeAll()
        try scene.log(until: "left the field")
        let decisions = try scene.auditLines().filter { $0.contains("\"decision\"") }
        #expect(decisions.count == 3)
        #expect(decisions.first?.contains("\"uid\":\"012E4CF100000001\",\"user\":\"dave\",\"granted\":true") == true)
        let denial = decisions.dropFirst().first ?? ""
        #expect(denial.contains("\"granted\":false,\"rule\":\"default deny\""), "\(denial)")
        #expect(denial.contains("\"product\":\"Topaz/Jewel\""), "\(denial)")
        #expect(decisions.last?.contains("\"uid\":\"B014443B\",\"user\":\"erin\",\"granted\":true") == true)
    }

    @Test func anUnknownNTAG424DNAIsDeniedByDefaultWithItsProductNamed() throws {
        let scene = try DoorScene(pulse: 1, users: """
            [[users]]
            name = "carol"
            uid = ["C1:C1:C1:C1"]
            """)
        try scene.start()
        #expect(try scene.simulator.control("present ntag424:uid=04451C9A6E7180").hasPrefix("present"))
        try scene.log(until: "denied 04:45:1C:9A:6E:71:80")
        try scene.removeAll()
        try scene.log(until: "left the field")
        let decisions = try scene.auditLines().filter { $0.contains("\"decision\"") }
        #expect(decisions.count == 1)
        let denial = decisions.first ?? ""
        #expect(denial.contains("\"granted\":false,\"rule\":\"default deny\""), "\(denial)")
        #expect(denial.contains("\"product\":\"NTAG 424 DNA\""), "\(denial)")
    }

    @Test func aURIRuleMatchesTheNDEFOfAType3AndAType1Tag() throws {
        let scene = try DoorScene(pulse: 1, users: """
            [[users]]
            name = "frank"
            uri_prefix = "https://github.com/pn532ctl"
            [[users]]
            name = "grace"
            uri_prefix = "https://example.com/topaz"
            """)
        try scene.start()
        #expect(try scene.simulator.control("present felica-12fc:uid=012E12FC00000001").hasPrefix("present"))
        #expect(try scene.log(until: "granted 01:2E:12:FC:00:00:00:01").last?.contains("user frank") == true)
        try scene.removeAll()
        try scene.log(until: "left the field")
        #expect(try scene.simulator.control("present topaz512:uid=04709A05000000").hasPrefix("present"))
        #expect(try scene.log(until: "granted 04:70:9A:05").last?.contains("user grace") == true)
        try scene.removeAll()
        try scene.log(until: "left the field")
        let decisions = try scene.auditLines().filter { $0.contains("\"decision\"") }
        #expect(decisions.count == 2)
        #expect(decisions.first?.contains("\"product\":\"FeliCa\"") == true)
        #expect(decisions.last?.contains("\"product\":\"Topaz/Jewel\"") == true)
    }
}
