import Testing
import TestSupport
import Type4

/// The Capability Container file decoded from the card's bytes, and refused when it lies.
struct CapabilityContainerTests {
    /// NTAG 424 DNA's factory CC (its data sheet §8.2.3.2).
    static let ntag424 = hex("00 17 20 01 00 00 FF 04 06 E1 04 01 00 00 00 05 06")

    @Test func theNTAG424DNAsFactoryCC() throws {
        let cc = try Type4CapabilityContainer(bytes: Self.ntag424)
        #expect(cc.length == 0x17 && cc.majorVersion == 2)
        #expect(cc.maximumReadLength == 256 && cc.maximumUpdateLength == 255)
        #expect(cc.fileID == 0xE104 && cc.fileSize == 256)
        #expect(cc.isReadable && cc.isWritable)
        #expect(cc.lengthFieldSize == 2 && cc.capacity == 254)
    }

    @Test func aReadOnlyDESFireCC() throws {
        // A DESFire EV1 CC read back with proxmark (write access FF).
        let cc = try Type4CapabilityContainer(bytes: hex("00 0F 20 00 3B 00 34 04 06 E1 04 00 FF 00 FF"))
        #expect(cc.maximumReadLength == 0x3B && cc.maximumUpdateLength == 0x34)
        #expect(cc.fileSize == 255 && cc.capacity == 253)
        #expect(cc.isReadable && !cc.isWritable && cc.writeAccess == 0xFF)
    }

    @Test func mapping3HasAFourByteLengthAndSize() throws {
        let cc = try Type4CapabilityContainer(bytes: hex("00 11 30 00 FF 00 FF 06 08 E1 04 00 01 00 00 00 00"))
        #expect(cc.majorVersion == 3 && cc.lengthFieldSize == 4)
        #expect(cc.fileSize == 0x10000)
        #expect(cc.addressableSize == 0x8000 && cc.capacity == 0x8000 - 4)
    }

    @Test(arguments: [
        ("00 0F 20", "3 bytes"),
        ("00 0E 20 00 3B 00 34 04 06 E1 04 08 00 00 00", "CCLEN 14"),
        ("00 0F 20 00 00 00 34 04 06 E1 04 08 00 00 00", "MLe 0"),
        ("00 0F 20 00 0E 00 34 04 06 E1 04 08 00 00 00", "MLe 14"),
        ("00 0F 20 00 3B 00 00 04 06 E1 04 08 00 00 00", "MLc 0"),
        ("00 0F 40 00 3B 00 34 04 06 E1 04 08 00 00 00", "mapping version 4.0"),
        ("00 0F 20 00 3B 00 34 05 06 E1 04 08 00 00 00", "TLV 0506"),
        ("00 0F 20 00 3B 00 34 04 06 E1 03 08 00 00 00", "E103 is reserved"),
        ("00 0F 20 00 3B 00 34 04 06 FF FF 08 00 00 00", "FFFF is reserved"),
        ("00 0F 20 00 3B 00 34 04 06 E1 04 00 04 00 00", "4 bytes cannot hold"),
        ("00 0F 20 00 3B 00 34 04 06 E1 04 80 00 00 00", "beyond 7FFF"),
        ("00 0F 20 00 3B 00 34 04 06 E1 04 FF FF 00 00", "beyond 7FFF"),
        ("00 0F 30 00 3B 00 34 06 08 E1 04 00 00 10 00 00 00", "ENDEF file control TLV needs 17 bytes, CCLEN is 15"),
        ("00 11 30 00 3B 00 34 06 08 E1 04 00 00 10 00", "ENDEF file control TLV needs 17 bytes"),
    ])
    func hostileCCsAreRefusedWithTheReason(_ bytes: String, _ reason: String) {
        #expect {
            try Type4CapabilityContainer(bytes: hex(bytes))
        } throws: { error in
            guard case .invalidCapabilityContainer(let text) = error as? Type4Error else { return false }
            return text.contains(reason)
        }
    }
}
