import Foundation
import Testing

@Suite("flash --require-genuine on MIFARE Ultralight AES")
struct FlashUltralightAESTests {
    @Test func nxpsUltralightAESKeyChecksItsSignature() throws {
        let genuineScene = try FlashScene(tag: "ultralight-aes")
        let genuine = try genuineScene.flash(["--count", "1", "--require-genuine", "--text", "genuine"])
        _ = try genuine.readLine()
        let verdict = try genuine.readLine()
        #expect(verdict.hasPrefix("ok      045E4CC2451390  MIFARE Ultralight AES"), "\(verdict)")
        #expect(verdict.hasPrefix("ok") ? genuine.wait() == 0 : genuine.stop() != 0)
        let otherScene = try FlashScene(tag: "ultralight-aes:uid=04010203040506")
        let other = try otherScene.flash(["--count", "1", "--require-genuine", "--text", "genuine"])
        _ = try other.readLine()
        #expect(try other.readLine()
            == "failed  04010203040506  MIFARE Ultralight AES  the originality signature does not verify (--require-genuine): not a genuine tag, nothing was written")
        _ = other.stop()
    }
}
