import Foundation
import Testing

/// `identify` says whether NXP signed the card: the signature of every family that has one,
/// checked against NXP's published keys.
@Suite("identify's originality verdict")
struct OriginalityVerdictCommandTests {
    @Test(arguments: [
        ("desfire-ev2", "yes: NXP's MIFARE DESFire EV2 key", true, "desfireEV2"),
        ("desfire-ev3:keys=test", "yes: NXP's MIFARE DESFire EV3 key", true, "desfireEV3"),
        ("ultralight-aes", "yes: NXP's MIFARE Ultralight AES key", true, "ultralightAES"),
        ("ntag215", "no: signed with pn532ctl's published test key", false, "pn532ctl-test"),
    ])
    func aSignedCardIsNamedWithItsSigner(_ card: String, _ verdict: String, _ genuine: Bool, _ signer: String) throws {
        let text = try pn532ctl(["identify", "--device", "sim:\(card)"])
        #expect(text.status == 0)
        #expect(text.output.contains("Genuine   \(verdict)"))
        let json = try pn532ctl(["identify", "--json", "--device", "sim:\(card)"])
        let object = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
        #expect(object["genuine"] as? Bool == genuine)
        #expect(object["signer"] as? String == signer)
        #expect((object["signature"] as? String)?.isEmpty == false)
    }

    @Test(arguments: ["desfire-ev2:keys=clone:uid=04010203040506", "ntag424:keys=clone", "ntag215:sig=" + String(repeating: "00", count: 32)])
    func aSignatureNoKeyVerifiesIsNotGenuine(_ card: String) throws {
        let text = try pn532ctl(["identify", "--device", "sim:\(card)"])
        #expect(text.status == 0)
        #expect(text.output.contains("Genuine   no: no NXP key verifies the signature over this UID"))
        let json = try pn532ctl(["identify", "--json", "--device", "sim:\(card)"])
        let object = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
        #expect(object["genuine"] as? Bool == false)
        #expect(object["signer"] is NSNull)
    }

    @Test func aCardWithoutASignatureHasNoVerdict() throws {
        let text = try pn532ctl(["identify", "--device", "sim:desfire"])
        #expect(text.status == 0)
        #expect(!text.output.contains("Genuine"))
        let json = try pn532ctl(["identify", "--json", "--device", "sim:classic1k"])
        let object = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
        #expect(object["genuine"] is NSNull)
        #expect(object["signer"] is NSNull)
    }
}
