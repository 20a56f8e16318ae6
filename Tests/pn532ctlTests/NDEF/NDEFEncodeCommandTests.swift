import Foundation
import Testing

@Suite("pn532ctl ndef encode")
struct NDEFEncodeCommandTests {
    @Test func uriMatchesTheReference() throws {
        let result = try pn532ctl(["ndef", "encode", "--uri", "https://nfcpy.org"])
        #expect(result.status == 0)
        #expect(result.output == "D1010A55046E666370792E6F7267\n")
    }

    @Test func recordsKeepTheOrderGiven() throws {
        let result = try pn532ctl([
            "ndef", "encode", "--text", "Hello", "--lang", "en", "--uri=http://nfcpy.org",
            "--smart-poster", "http://nfcpy.org", "--title", "nfcpy",
        ])
        #expect(result.status == 0)
        #expect(result.output == "9101085402656E48656C6C6F" + "11010A55036E666370792E6F7267"
            + "51021A5370" + "91010A55036E666370792E6F7267" + "5101085402656E6E66637079" + "\n")
    }

    @Test func mimeExternalAndFileData() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("payload.bin")
        try Data([0x01]).write(to: file)
        let result = try pn532ctl([
            "ndef", "encode", "--mime", "text/plain", "--data", "hi", "--external", "example.com:door", "--file", file.path,
        ])
        #expect(result.status == 0)
        #expect(result.output == "92" + "0A02746578742F706C61696E6869" + "54" + "10016578616D706C652E636F6D3A646F6F7201" + "\n")
    }

    @Test func outWritesBinaryAndTLVWraps() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("message.bin")
        let result = try pn532ctl(["ndef", "encode", "--tlv", "--uri", "https://nfcpy.org", "--out", file.path])
        #expect(result.status == 0)
        #expect(result.output.isEmpty)
        #expect(try Data(contentsOf: file) == Data([0x03, 0x0E, 0xD1, 0x01, 0x0A, 0x55, 0x04] + Array("nfcpy.org".utf8) + [0xFE]))
    }

    @Test func chunkSizeChunksLargePayloads() throws {
        let result = try pn532ctl(["ndef", "encode", "--chunk-size", "2", "--mime", "a/b", "--data", "abc"])
        #expect(result.output == "B2 03 02 612F62 6162 56 00 01 63".replacingOccurrences(of: " ", with: "") + "\n")
    }

    /// Bad usage: exit 64, a message naming the problem, nothing written.
    @Test(arguments: [
        (["--mime", "text/plain"], "--mime text/plain needs --data, --hex or --file"),
        (["--lang", "en"], "--lang must follow --text"),
        (["--text", "a", "--bogus"], "unknown option '--bogus'"),
        (["--mime", "plain", "--data", "x"], "invalid type \"plain\""),
        (["--smart-poster", "http://a", "--action", "run"], "--action must be do, save or edit"),
        (["--hex", "00"], "--hex must follow --mime or --external"),
        (["--text", "a", "--chunk-size", "0"], "--chunk-size must be at least 1"),
        (["--android-app", ""], "--android-app needs a package name"),
        (["--text", "a", "--lang", ""], "--lang needs a language code"),
        (["--text", "a", "--lang", String(repeating: "a", count: 70)], "--lang: the language code is 70 bytes, at most 63 fit"),
    ])
    func badUsage(_ arguments: [String], _ message: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("out.bin")
        let result = try pn532ctl(["ndef", "encode", "--out", file.path, "--uri", "http://ok"] + arguments)
        #expect(result.status == 64)
        #expect(result.standardError.contains(message))
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func noRecordIsBadUsage() throws {
        let result = try pn532ctl(["ndef", "encode"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("no record given"))
    }

    /// A bad option value is usage (64) and names its option.
    @Test func badHexDataNamesTheOption() throws {
        let result = try pn532ctl(["ndef", "encode", "--mime", "a/b", "--hex", "0G"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("pn532ctl: --hex 0G: "), "\(result.standardError)")
        #expect(result.standardError.contains("'G' is not a hex digit"))
    }

    @Test func missingDataFileIsNoInput() throws {
        let result = try pn532ctl(["ndef", "encode", "--mime", "a/b", "--file", "/nonexistent/x"])
        #expect(result.status == 66)
        #expect(result.standardError.contains("cannot open /nonexistent/x"))
    }
}
