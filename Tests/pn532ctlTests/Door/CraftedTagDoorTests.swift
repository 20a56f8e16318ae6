import Foundation
import Testing

/// `pn532ctl door run` over the pty simulator with each crafted tag image presented in turn:
/// each is an audited denial naming the problem, and the daemon keeps running and granting.
@Suite("pn532ctl door run with crafted tags", .serialized)
struct CraftedTagDoorTests {
    /// Alice by UID, and a URI credential, so that the door reads every tag's message.
    static let users = DoorScene.aliceOnly + """


        [[users]]
        name = "visitor"
        uri_prefix = "https://example.com/visitors/"
        """

    @Test func everyCraftedTagIsAnAuditedDenialAndTheDoorKeepsRunning() throws {
        let scene = try DoorScene(pulse: 1, users: Self.users)
        try scene.start()
        for image in CraftedImage.allCases {
            let uid = image == .stall216 ? "04:C0:FF:EE:00:02:16" : "04:C0:FF:EE:00:00:01"
            #expect(try scene.simulator.control("present \(image.tagSpec)").hasPrefix("present"), "\(image)")
            let denied = try scene.log(until: "denied \(uid)")
            #expect(!denied.contains { $0.contains("relay energised") }, "\(image)")
            try scene.removeAll()
            try scene.log(until: "left the field")
        }
        try scene.present(DoorScene.alice)
        try scene.log(until: "granted 04:A1:A1:A1:A1:A1:A1")
        try scene.log(until: "relay released (locked): pulse ended")

        let decisions = try scene.auditLines().filter { $0.contains("\"decision\"") }
        #expect(decisions.count == CraftedImage.allCases.count + 1)
        for (line, image) in zip(decisions, CraftedImage.allCases) {
            #expect(line.contains("\"granted\":false,\"rule\":\"read error\""), "\(image): \(line)")
            #expect(line.contains(image.problem), "\(image): \(line)")
        }
        #expect(decisions.last?.contains("\"user\":\"alice\",\"granted\":true") == true)
        #expect(try scene.relay() == "0")
    }
}
