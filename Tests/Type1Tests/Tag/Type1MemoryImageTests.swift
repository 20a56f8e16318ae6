import NFCCore
import TagProtocols
import Testing
@testable import Type1

/// A Type 1 tag's dump: RALL's 120 bytes on a static tag, RSEG of the segments its CC declares
/// on a dynamic one.
struct Type1MemoryImageTests {
    static func memory(size: Int, cc: [UInt8]) -> [UInt8] {
        var memory = (0..<size).map { UInt8(truncatingIfNeeded: $0 * 7) }
        memory.replaceSubrange(0..<4, with: [0x04, 0x70, 0x9A, 0x05])
        memory.replaceSubrange(8..<12, with: cc)
        return memory
    }

    @Test func aStaticTagIsReadWithOneRALL() throws {
        let memory = Self.memory(size: 120, cc: [0xE1, 0x10, 0x0E, 0x00])
        let topaz = ScriptedTopaz(memory: memory, headerROM: [0x11, 0x48])
        let image = try Type1Tag.identify(topaz).readMemoryImage()
        #expect(image.file == memory)
        #expect(image.blocks.count == 15)
        #expect(image.blocks.last?.label == "block 0E")
        #expect(image.blocks.last?.note == "LOCK0 LOCK1, OTP0-OTP5")
        #expect(topaz.commands.map(\.first) == [0x78, 0x00])
    }

    @Test func aDynamicTagIsReadSegmentBySegmentToTheCCsSize() throws {
        let memory = Self.memory(size: 512, cc: [0xE1, 0x10, 0x3F, 0x00])
        let topaz = ScriptedTopaz(memory: memory, headerROM: [0x12, 0x4C])
        let image = try Type1Tag.identify(topaz).readMemoryImage()
        #expect(image.file == memory)
        #expect(image.blocks.count == 64)
        #expect(topaz.commands.map { $0.first == 0x10 ? Int($0[1] >> 4) : -1 } == [-1, 0, 1, 2, 3], "RID, then RSEG 0-3")
    }

    /// A CC declaring 2048 bytes on a 512-byte tag: the fifth RSEG is not answered, and the
    /// dump fails naming it rather than inventing bytes.
    @Test func aCCDeclaringMoreThanTheTagHasFailsNamingTheSegment() throws {
        let topaz = ScriptedTopaz(memory: Self.memory(size: 512, cc: [0xE1, 0x10, 0xFF, 0x00]), headerROM: [0x12, 0x4C])
        let tag = try Type1Tag.identify(topaz)
        #expect { try tag.readMemoryImage() } throws: { error in
            (error as? TagFailure)?.message.hasPrefix("RSEG 4: ") == true
        }
        #expect(topaz.commands.count == 6)
    }
}
