import Foundation
import Testing

/// The crafted tag images of `Tests/Fixtures/crafted` (issue 11): each crashed or stalled an
/// earlier version; each now ends in a clear error and exit 65, never a trap.
enum CraftedImage: String, CaseIterable, CustomStringConvertible {
    case crashA = "crash-a"
    case crashB = "crash-b"
    case crashC = "crash-c"
    case stall216

    static let crashes: [CraftedImage] = [.crashA, .crashB, .crashC]

    /// The image's path in the checkout.
    var path: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/crafted/\(rawValue).mfd").path
    }

    /// The tag spec that loads the image (`ntag213:image=PATH`).
    var tagSpec: String { (self == .stall216 ? "ntag216" : "ntag213") + ":image=" + path }

    /// The in-process simulator with the image's tag.
    var device: String { "sim:" + tagSpec }

    /// What the error names: the TLV field the area's end cuts.
    var problem: String {
        switch self {
        case .crashA: "byte 8: the data ends inside the TLV length (1 byte needed, 0 left)"
        case .crashB: "byte 144: the data ends inside the TLV length (1 byte needed, 0 left)"
        case .crashC: "byte 6: the data ends inside the TLV length (3 bytes needed, 2 left)"
        case .stall216: "no NDEF Message TLV (03) in the data area"
        }
    }

    var description: String { rawValue }
}

@Suite("Crafted tags: read, identify, write, token and flash end in a clear error")
struct CraftedTagCommandTests {
    @Test(arguments: CraftedImage.allCases)
    func readIsBadDataInBothModes(_ image: CraftedImage) throws {
        for arguments in [["read"], ["read", "--lenient"], ["read", "--raw"]] {
            let result = try pn532ctl(arguments + ["--device", image.device])
            #expect(result.status == 65, "\(arguments)")
            #expect(result.standardError.contains("the tag's NDEF data is invalid: " + (image == .stall216 ? "byte 0: " : "") + image.problem))
        }
    }

    @Test func readRawPrintsAMessageThatIsNotValidNDEF() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // crash-b's UID, lock bytes and factory CC, then an NDEF TLV whose value is a record
        // header announcing a 255-byte payload it does not have.
        var image = [UInt8](try Data(contentsOf: URL(fileURLWithPath: CraftedImage.crashB.path)))
        let data: [UInt8] = [0x03, 0x03, 0xD1, 0x01, 0xFF, 0xFE]
        image.replaceSubrange(16..<16 + data.count, with: data)
        let path = directory.appendingPathComponent("broken.mfd").path
        try Data(image).write(to: URL(fileURLWithPath: path))
        let device = "sim:ntag213:image=" + path
        let raw = try pn532ctl(["read", "--raw", "--device", device])
        #expect(raw.status == 0, "\(raw.standardError)")
        #expect(raw.output == "D101FF\n")
        let decoded = try pn532ctl(["read", "--device", device])
        #expect(decoded.status == 65)
        #expect(decoded.standardError.contains("the tag's NDEF data is invalid"))
    }

    @Test(arguments: CraftedImage.crashes)
    func identifyWriteAndTokenCheckAreBadData(_ image: CraftedImage) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = directory.appendingPathComponent("door.key").path
        try Data("a site key of thirty-two bytes!!".utf8).write(to: URL(fileURLWithPath: key))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: key)
        for arguments in [["identify"], ["write", "--uri", "https://door.example"], ["token", "check", "--key", key], ["token", "issue", "--user", "alice", "--key", key]] {
            let result = try pn532ctl(arguments + ["--device", image.device])
            #expect(result.status == 65, "\(arguments)")
            #expect(result.standardError.contains(image.problem), "\(arguments)")
            #expect(result.output.isEmpty, "\(arguments)")
        }
    }

    /// An NDEF TLV of 65534 bytes in a 144-byte area is a structural error: lenient mode
    /// tolerates flag errors, never that.
    @Test func lengthPastTheAreaIsBadDataInBothModes() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var image = [UInt8](try Data(contentsOf: URL(fileURLWithPath: CraftedImage.crashB.path)))
        image.replaceSubrange(16..<27, with: [0x03, 0xFF, 0xFF, 0xFE, 0xD1, 0x01, 0x01, 0x55, 0x01, 0x61, 0x00])
        let path = directory.appendingPathComponent("long.mfd").path
        try Data(image).write(to: URL(fileURLWithPath: path))
        let problem = "byte 4: the data ends inside the TLV value (65534 bytes needed, 140 left)"
        for arguments in [["read"], ["read", "--lenient"]] {
            let result = try pn532ctl(arguments + ["--device", "sim:ntag213:image=" + path])
            #expect(result.status == 65, "\(arguments)")
            #expect(result.standardError.contains(problem), "\(arguments): \(result.standardError)")
        }
        for arguments in [["ndef", "decode", "--tlv"], ["ndef", "decode", "--tlv", "--lenient"]] {
            let result = try pn532ctl(arguments + ["03FFFFFE D1010155 016100"])
            #expect(result.status == 65, "\(arguments)")
            #expect(result.standardError.contains("byte 4: the data ends inside the TLV value (65534 bytes needed, 7 left)"), "\(arguments)")
        }
    }

    /// The NULL-padded NTAG216 is free space: identify says it has no NDEF TLV yet and its capacity, a write fills it.
    @Test func nullPaddedAreaIsFreeSpace() throws {
        let identify = try pn532ctl(["identify", "--device", CraftedImage.stall216.device])
        #expect(identify.status == 0)
        #expect(identify.output.contains("NDEF      readWrite, no NDEF TLV: run format (capacity 868 bytes then)"))
        let simulator = try SimulatorProcess(["--tag", CraftedImage.stall216.tagSpec])
        #expect(try pn532ctl(["write", "--device", simulator.path, "--uri", "https://door.example"]).status == 0)
        #expect(try pn532ctl(["read", "--device", simulator.path]).output.contains("URI: https://door.example"))
    }

    /// flash reports the tag as failed with the reason, writes nothing, and waits for the
    /// next tag; Ctrl-C ends it as usual.
    @Test(arguments: CraftedImage.crashes)
    func flashReportsTheTagAsFailed(_ image: CraftedImage) throws {
        let scene = try FlashScene(tag: image.tagSpec)
        let flash = try scene.flash(["--text", "hi"])
        #expect(try flash.readLine() == "Ready: present the tags one at a time (0 written).")
        let line = try flash.readLine()
        #expect(line.hasPrefix("failed  04C0FFEE000001  NTAG213  the tag's NDEF data is invalid: "))
        #expect(line.contains(image.problem))
        #expect(flash.interrupt() == 130)
        #expect(try scene.save("04C0FFEE000001") == [UInt8](try Data(contentsOf: URL(fileURLWithPath: image.path))))
    }
}
