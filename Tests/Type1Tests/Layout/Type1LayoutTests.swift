import ForumTLV
import NDEF
import Testing
@testable import Type1

/// The CC and TLV-area decoder on crafted images, the hostile ones included.
struct Type1LayoutTests {
    @Test func aFactoryTopaz512HasItsControlAreasAnd462Bytes() throws {
        let layout = try Type1Layout(image: TopazImage.dynamic512(), isStatic: false)
        #expect(layout.memorySize == 512)
        #expect(layout.controlAreas.map(\.range) == [0x7A..<0x80, 0x78..<0x7A])
        #expect(layout.lockAreas.first?.kind == .lock(bitCount: 48, bytesPerBit: 8))
        #expect(layout.lockAreas.first?.lockedValues == [UInt8](repeating: 0xFF, count: 6))
        #expect(layout.dataAddresses.count == 476)
        #expect(!layout.dataAddresses.contains { (0x68..<0x80).contains($0) })
        #expect(layout.capacity == 462)
        #expect(layout.messageBytes == [])
    }

    @Test func aTopaz96Holds90Bytes() throws {
        let layout = try Type1Layout(image: TopazImage.static96(tlvs: [0x03, 0x00, 0xFE]), isStatic: true)
        #expect(layout.capacity == 90)
        #expect(layout.ndefTLVIndex == 0)
        #expect(layout.messageBytes == [])
    }

    @Test func aMessageIsReadAcrossTheReservedBlocks() throws {
        let message = (0..<300).map { UInt8(truncatingIfNeeded: $0) }
        var image = TopazImage.dynamic512(tlvs: [])
        let layout = try Type1Layout(image: image, isStatic: false)
        let tlv = try layout.ndefTLV(for: message)
        #expect(Array(tlv.prefix(4)) == [0x03, 0xFF, 0x01, 0x2C])
        for (address, byte) in zip(layout.dataAddresses.dropFirst(layout.ndefTLVIndex), tlv) { image[address] = byte }
        #expect(image[0x68] == 0 && image[0x7A] == 0)
        #expect(try Type1Layout(image: image, isStatic: false).messageBytes == message)
    }

    @Test func noNDEFTLVBeforeTheTerminatorPlacesItThere() throws {
        let layout = try Type1Layout(image: TopazImage.dynamic512(tlvs: [0xFE]), isStatic: false)
        #expect(layout.messageBytes == nil)
        #expect(layout.capacity == 462)
    }

    @Test func aCCWithABadMagicIsNotFormatted() {
        #expect(throws: Type1Error.notFormatted(Type1CapabilityContainer([0xE2, 0x10, 0x0E, 0x00]))) {
            try Type1Layout(image: TopazImage.static96(cc: [0xE2, 0x10, 0x0E, 0x00], tlvs: [0x03, 0x00]), isStatic: true)
        }
        #expect(throws: Type1Error.notFormatted(Type1CapabilityContainer([0xE1, 0x20, 0x0E, 0x00]))) {
            try Type1Layout(image: TopazImage.static96(cc: [0xE1, 0x20, 0x0E, 0x00], tlvs: [0x03, 0x00]), isStatic: true)
        }
    }

    @Test func aSizeTheMemoryCannotHaveIsRefused() {
        #expect(throws: Type1Error.invalidMemorySize(declared: 512, isStatic: true)) {
            try Type1Layout(image: TopazImage.static96(cc: [0xE1, 0x10, 0x3F, 0x00], tlvs: [0x03, 0x00]), isStatic: true)
        }
        #expect(throws: Type1Error.invalidMemorySize(declared: 2048, isStatic: false)) {
            try Type1Layout(image: TopazImage.dynamic512(cc: [0xE1, 0x10, 0xFF, 0x00]), isStatic: false)
        }
    }

    @Test func aLockControlTLVPointingOutsideMemoryIsRefused() {
        #expect(throws: Type1Error.controlAreaOutsideMemory(tlvAddress: 12, area: 1920..<1926, memorySize: 512)) {
            try Type1Layout(image: TopazImage.dynamic512(controls: [0x01, 0x03, 0xF0, 0x30, 0x37]), isStatic: false)
        }
        #expect(throws: Type1Error.controlAreaOutsideMemory(tlvAddress: 12, area: 0x7A..<0x80, memorySize: 120)) {
            try Type1Layout(image: TopazImage.static96(tlvs: [0x01, 0x03, 0xF2, 0x30, 0x33, 0x03, 0x00]), isStatic: true)
        }
        #expect(throws: Type1Error.controlAreaOutsideMemory(tlvAddress: 12, area: 2..<4, memorySize: 512)) {
            try Type1Layout(image: TopazImage.dynamic512(controls: [0x02, 0x03, 0x02, 0x02, 0x03]), isStatic: false)
        }
    }

    @Test func aControlTLVThatIsNotThreeBytesIsRefused() {
        #expect(throws: Type1Error.invalidTLV(NDEFError(offset: 12, reason: .invalidTLVLength(2)))) {
            try Type1Layout(image: TopazImage.dynamic512(controls: [0x01, 0x02, 0xF2, 0x30]), isStatic: false)
        }
    }

    @Test func anNDEFLengthBeyondTheDataAreaIsRefused() {
        #expect(throws: Type1Error.ndefLengthBeyondDataArea(length: 254, available: 90)) {
            try Type1Layout(image: TopazImage.static96(tlvs: [0x03, 0xFE]), isStatic: true)
        }
        #expect(throws: Type1Error.ndefLengthBeyondDataArea(length: 0x1000, available: 462)) {
            try Type1Layout(image: TopazImage.dynamic512(tlvs: [0x03, 0xFF, 0x10, 0x00]), isStatic: false)
        }
    }

    @Test func anInvalidThreeByteLengthAndAnUnknownTLVAreRefused() {
        #expect(throws: Type1Error.invalidTLV(NDEFError(offset: 22, reason: .invalidTLVLength(0x10)))) {
            try Type1Layout(image: TopazImage.dynamic512(tlvs: [0x03, 0xFF, 0x00, 0x10]), isStatic: false)
        }
        #expect(throws: Type1Error.invalidTLV(NDEFError(offset: 12, reason: .unknownTLV(0x42)))) {
            try Type1Layout(image: TopazImage.static96(tlvs: [0x42, 0x00]), isStatic: true)
        }
    }

    @Test func aTruncatedTLVAtTheEndOfMemoryIsRefused() {
        var image = TopazImage.static96(tlvs: [])
        image.replaceSubrange(12..<0x68, with: repeatElement(0, count: 0x68 - 12))
        image[0x67] = 0x03
        #expect(throws: Type1Error.invalidTLV(NDEFError(offset: 0x67, reason: .truncated(.tlvLength, needed: 1, available: 0)))) {
            try Type1Layout(image: image, isStatic: true)
        }
    }

    @Test func aTornWriteLeavesACCThatStillDecodes() throws {
        let layout = try Type1Layout(image: TopazImage.static96(cc: [0x00, 0x10, 0x0E, 0x00], tlvs: [0x03, 0x00]), isStatic: true)
        #expect(layout.capabilityContainer.isInvalidated)
    }
}
