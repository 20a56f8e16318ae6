import ISO7816
import TagProtocols
import Testing
import TestSupport
import Type4

/// A Type 4 tag's dump against scripted cards: both files read whole, and the sizes from the
/// card that are bounded.
struct Type4MemoryImageTests {
    /// A CC whose NDEF file E104 is 32 bytes, MLe 3B, with `read` access.
    static func cc(length: Int = 15, read: String = "00") -> String {
        Script.text([UInt8(length >> 8), UInt8(length & 0xFF)]) + " 20 00 3B 00 34 04 06 E1 04 00 20 " + read + " 00"
    }

    @Test func theCCAndTheNDEFFileAreReadWhole() throws {
        let ndef = "00 03 D0 00 00" + String(repeating: " 00", count: 27)
        let card = ScriptedExchange(Script.open(cc: Self.cc()) + [("00 B0 00 00 20", ndef + " 90 00")])
        let image = try Type4Tag(exchange: card).readMemoryImage()
        #expect(image.file == hex(Self.cc()) + hex(ndef))
        #expect(image.blocks.map(\.area) == ["E103", "E104", "E104"])
        #expect(image.blocks.map(\.offset) == [0, 0, 16])
        #expect(image.blocks[1].note == "NLEN 3")
        #expect(image.limit == nil)
        #expect(card.isDone)
    }

    /// CCLEN is two bytes: a card saying 4096 gets its first 512 read, and the dump says so.
    @Test func aCCLENBeyondTheBoundIsCutAndNamed() throws {
        let limit = Type4Tag.capabilityContainerDumpLimit
        let cc = hex(Self.cc(length: 4096)) + [UInt8](repeating: 0xEE, count: limit - 15)
        var steps: [(String, String?)] = [Script.selectApplication, Script.selectCC, ("00 B0 00 00 02", "10 00 90 00")]
        for offset in stride(from: 2, to: limit, by: 15) {
            let count = min(15, limit - offset)
            steps.append(("00 B0 " + Script.text([UInt8(offset >> 8), UInt8(offset & 0xFF), UInt8(count)]), Script.text(Array(cc[offset..<offset + count])) + " 90 00"))
        }
        steps += [Script.selectNDEF, ("00 B0 00 00 20", String(repeating: "00 ", count: 32) + "90 00")]
        let card = ScriptedExchange(steps)
        let image = try Type4Tag(exchange: card).readMemoryImage()
        #expect(image.file.count == limit + 32)
        #expect(image.limit == "CCLEN is 4096, beyond the 512 bytes a dump reads of the CC file: its first 512 were read")
        #expect(card.isDone)
    }

    @Test func aReadProtectedNDEFFileIsLeftOutAndNamed() throws {
        let card = ScriptedExchange(Array(Script.open(cc: Self.cc(read: "80")).dropLast()))
        let image = try Type4Tag(exchange: card).readMemoryImage()
        #expect(image.file == hex(Self.cc(read: "80")))
        #expect(image.limit == "the NDEF file E104 is read-protected (read access 80): left out")
        #expect(card.isDone)
    }
}
