import NDEF
import PN532Simulator
import Testing
import TestSupport
@testable import Type2

/// Writing a `.mfd` dump back (issue 21, item 8): user pages by default, the UID and the
/// password protection never, one-time-programmable pages only when they can be reached.
@Suite("Restoring a dump onto a Type 2 tag")
struct RestoreTests {
    /// A tag's memory, read with the tag layer.
    private func dump(_ field: SimulatedField) throws -> Type2Image {
        let tag = try field.tag()
        return try Type2Image(mfd: tag.read(pages: 0..<tag.product.pageCount), product: tag.product)
    }

    @Test func sizesNameTheProducts() {
        #expect(Type2Image.products(ofSize: 540) == [.ntag215])
        #expect(Type2Image.products(ofSize: 240) == [.ultralightAES])
        #expect(Type2Image.products(ofSize: 80) == [.ntag210, .ultralightEV1MF0UL11])
        let wrong = #expect(throws: Type2ImageError.wrongSize(actual: 540, product: .ntag213)) {
            try Type2Image(mfd: [UInt8](repeating: 0, count: 540), product: .ntag213)
        }
        #expect(wrong?.description == "the dump is 540 bytes, a dump of NTAG215; this tag is NTAG213, whose dumps are 180 bytes (45 pages of 4)")
        let unknown = #expect(throws: Type2ImageError.unknownSize(actual: 181)) { try Type2Image.checkSize(181) }
        #expect(unknown?.description.contains("dumps are 64, 80, 164, 180, 240, 540 or 924 bytes") == true)
        #expect(throws: Never.self) { try Type2Image.checkSize(924) }
    }

    /// Dump, change, restore: the user pages come back, only the changed ones are written, and
    /// the read-back counts them.
    @Test func roundTripWritesOnlyTheChangedPages() throws {
        let field = try SimulatedField(.ntag215)
        try field.tag().writeNDEF(NDEFMessage(records: [.uri("https://before.example")]))
        let saved = try dump(field)
        try field.tag().writeNDEF(NDEFMessage(records: [.uri("https://after.example/a/longer/path")]))
        let tag = try field.tag()
        let plan = try tag.restorePlan(saved, scope: .userPages)
        #expect(!plan.writes.isEmpty && plan.writes.allSatisfy { (4..<130).contains($0.page) && !$0.isIrreversible })
        #expect(plan.notRestored.isEmpty)
        let result = try tag.restore(plan)
        #expect(result.pagesWritten == plan.writes.count && result.pagesVerified == plan.writes.count)
        #expect(try dump(field) == saved)
        #expect(try field.tag().restore(field.tag().restorePlan(saved, scope: .all)).pagesWritten == 0)
    }

    /// Another tag's dump: its UID pages differ and are reported, never written.
    @Test func theUIDIsReportedNotWritten() throws {
        let source = try SimulatedField([SimulatedTag(product: .ntag213, uid: [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66])])
        try source.tag().writeNDEF(NDEFMessage(records: [.uri("https://a.example")]))
        let saved = try dump(source)
        let target = try SimulatedField([SimulatedTag(product: .ntag213, uid: [0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0xF6])])
        let plan = try target.tag().restorePlan(saved, scope: .all)
        #expect(plan.notRestored.map(\.page) == [0, 1, 2])
        #expect(plan.writes.allSatisfy { $0.page >= 3 })
        try target.tag().restore(plan)
        #expect(try target.tag().readNDEF().records.first?.wellKnownTypeURIPayload() == "https://a.example")
        #expect(Array(target.memory[0..<3]) == [0x04, 0xA1, 0xB2])
    }

    /// Lock bits and the CC only with `.all`, as irreversible writes, last; a bit the tag has
    /// set and the dump has not is refused before anything is written.
    @Test func oneTimeProgrammablePagesAreIrreversibleAndReachable() throws {
        let field = try SimulatedField(.ntag213)
        var locked = try dump(field).bytes
        locked.replaceSubrange(10..<12, with: [0xF0, 0x00])
        let image = try Type2Image(mfd: locked, product: .ntag213)
        let userOnly = try field.tag().restorePlan(image, scope: .userPages)
        #expect(userOnly.writes.isEmpty && userOnly.notRestored.map(\.page) == [2])
        let all = try field.tag().restorePlan(image, scope: .all)
        #expect(all.irreversibleWrites.map(\.page) == [2])
        #expect(all.writes.last?.bytes == Array(field.memory[8..<10]) + [0xF0, 0x00])
        try field.tag().restore(all)
        #expect(Array(field.memory[10..<12]) == [0xF0, 0x00])

        let back = try Type2Image(mfd: try dump(field).bytes.enumerated().map { $0.offset == 10 ? 0x00 : $0.element }, product: .ntag213)
        let before = field.memory
        #expect(throws: Type2Error.oneTimeProgrammable(page: 2, holds: Array(before[8..<12]), wanted: Array(before[8..<10]) + [0x00, 0x00])) {
            try field.tag().restorePlan(back, scope: .all)
        }
        #expect(field.memory == before)
    }

    /// The password protection stays the tag's: a dump of a protected tag does not turn it on,
    /// and PWD/PACK are never written.
    @Test func passwordProtectionIsNeverRestored() throws {
        let field = try SimulatedField(.ntag213)
        let configuration = try #require(Type2Product.ntag213.configurationPage)
        var bytes = try dump(field).bytes
        bytes[configuration * 4 + 3] = 0x04
        bytes[(configuration + 1) * 4] = 0x83
        bytes.replaceSubrange((configuration + 2) * 4..<(configuration + 2) * 4 + 4, with: [1, 2, 3, 4])
        let plan = try field.tag().restorePlan(Type2Image(mfd: bytes, product: .ntag213), scope: .all)
        #expect(plan.writes.isEmpty)
        #expect(plan.notRestored.map(\.what) == ["CFG0 AUTH0", "CFG1 PROT, AUTHLIM", "PWD"])
        #expect(try field.tag().readProtection().firstProtectedPage == nil)
    }
}
