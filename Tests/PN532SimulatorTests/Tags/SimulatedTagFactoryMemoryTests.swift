import TestSupport
import PN532Simulator
import Testing

struct SimulatedTagFactoryMemoryTests {
    @Test(arguments: TagProduct.type2Products)
    func headerPages(product: TagProduct) {
        let tag = SimulatedTag(product: product)
        let uid = tag.uid
        #expect(tag.memory.count == product.mfdSize)
        #expect(uid.count == 7)
        #expect(uid[0] == 0x04)
        #expect(tag.storedPage(0) == [uid[0], uid[1], uid[2], 0x88 ^ uid[0] ^ uid[1] ^ uid[2]])
        #expect(tag.storedPage(1) == Array(uid[3...]))
        #expect(tag.storedPage(2) == [uid[3] ^ uid[4] ^ uid[5] ^ uid[6], 0x48, 0x00, 0x00])
        #expect(tag.storedPage(3) == product.capabilityContainer)
        #expect(tag.atqa == [0x00, 0x44])
        #expect(tag.sak == 0x00)
    }

    @Test func checkBytesForAGivenUID() {
        let tag = SimulatedTag(product: .ntag213, uid: hex("04A1B2C3D4E5F6"))
        #expect(tag.storedPage(0) == hex("04A1B29F"))
        #expect(tag.storedPage(1) == hex("C3D4E5F6"))
        #expect(tag.storedPage(2) == hex("04480000"))
        #expect(tag.uid == hex("04A1B2C3D4E5F6"))
    }

    @Test func ntag213ShipsWithALockControlTLV() {
        let tag = SimulatedTag(product: .ntag213)
        #expect(Array(tag.memory[16..<24]) == hex("0103A00C 340300FE"))
        #expect(tag.memory[24..<0x28 * 4].allSatisfy { $0 == 0 })
    }

    @Test(arguments: [TagProduct.ntag215, .ntag216, .ntag210, .ntag212, .ultralight])
    func othersShipWithAnEmptyNDEFMessage(product: TagProduct) {
        let tag = SimulatedTag(product: product)
        #expect(tag.storedPage(4) == hex("0300FE00"))
        #expect(tag.storedPage(5) == [0, 0, 0, 0])
    }

    @Test func ntag215ConfigurationPages() {
        let tag = SimulatedTag(product: .ntag215)
        #expect(tag.storedPage(0x81) == [0, 0, 0, 0])
        #expect(tag.storedPage(0x82) == hex("000000BD"))
        #expect(tag.storedPage(0x83) == hex("040000FF"))
        #expect(tag.storedPage(0x84) == hex("00050000"))
        #expect(tag.storedPage(0x85) == hex("FFFFFFFF"))
        #expect(tag.storedPage(0x86) == hex("00000000"))
    }

    @Test func ev1ConfigurationHasNoStrongModulation() {
        let tag = SimulatedTag(product: .ultralightEV1MF0UL11)
        #expect(tag.storedPage(0x10) == hex("000000FF"))
        #expect(tag.storedPage(0x11) == hex("00050000"))
        #expect(tag.storedPage(0x12) == hex("FFFFFFFF"))
    }

    @Test func defaultNTAG215CarriesTheTestKeySignature() {
        let tag = SimulatedTag(product: .ntag215)
        #expect(tag.uid == hex("04112233445566"))
        #expect(tag.signature == hex("7AA03F5E437B434C2547B1DEBA0FCAE831D4DEAAFF9B29FDEED7375BFD8D5FD4"))
    }

    @Test func defaultNTAG213And216CarryTestKeySignatures() {
        let ntag213 = SimulatedTag(product: .ntag213)
        #expect(ntag213.uid == hex("04A1B2C3D4E5F6"))
        #expect(ntag213.signature == hex("00659AE5D4FB2BE0B2F00A19044EBB2E9129ED965D8B4EA7A284FD677BF9B449"))
        let ntag216 = SimulatedTag(product: .ntag216)
        #expect(ntag216.uid == hex("04000000000001"))
        #expect(ntag216.signature == hex("162E1AE7CC280C9D78A417AE7730FE53F3A6D5BD44E9AF9CCA1BC18DDBF1CAF7"))
    }

    @Test func aTestUIDOnAnotherProductGetsItsSignature() {
        let tag = SimulatedTag(product: .ntag213, uid: hex("04112233445566"))
        #expect(tag.signature == hex("7AA03F5E437B434C2547B1DEBA0FCAE831D4DEAAFF9B29FDEED7375BFD8D5FD4"))
    }

    @Test func otherUIDsGetAnAllZeroSignature() {
        let tag = SimulatedTag(product: .ntag215, uid: hex("04112233445567"))
        #expect(tag.signature == [UInt8](repeating: 0, count: 32))
    }

    @Test func defaultUIDsAreDistinctPerProduct() {
        let uids = TagProduct.type2Products.map { SimulatedTag(product: $0).uid } + [SimulatedTag.blank().uid]
        #expect(Set(uids).count == uids.count)
    }

    @Test func defaultUIDsAreDeterministic() {
        #expect(SimulatedTag(product: .ntag212) == SimulatedTag(product: .ntag212))
    }

    @Test func uidOfTheWrongLengthIsPaddedOrCut() {
        #expect(SimulatedTag(product: .ntag213, uid: [0x04, 0x01]).uid == hex("04010000000000"))
        let long = SimulatedTag(product: .ntag213, uid: hex("0401020304050607"))
        #expect(long.uid == hex("04010203040506"))
    }

    @Test func blankHasNoCapabilityContainerAndNoData() {
        let tag = SimulatedTag.blank(uid: hex("04010203040506"))
        #expect(tag.product == .ultralight)
        #expect(tag.uid == hex("04010203040506"))
        #expect(tag.storedPage(2) == [0x03 ^ 0x04 ^ 0x05 ^ 0x06, 0x48, 0, 0])
        #expect(tag.memory[12...].allSatisfy { $0 == 0 })
        #expect(tag.memory.count == 64)
    }
}
