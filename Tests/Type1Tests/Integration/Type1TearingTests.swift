import NDEF
import NFCCore
import PN532
import PN532Simulator
import Testing
@testable import Type1

/// For every k, the simulated Topaz leaves the field after k tag commands of an NDEF rewrite.
/// Presented again, it holds the old message, reads as invalidated (NMN 00: the write's
/// documented torn state), or holds the new message: never a decode error, never anything else.
@Suite("Tear-safe Type 1 NDEF writes")
struct Type1TearingTests {
    static func message(_ path: String, _ length: Int) -> NDEFMessage {
        NDEFMessage(records: [.uri("https://example.com/\(path)/" + String(repeating: "x", count: length))])
    }

    @Test(arguments: [
        (TagProduct.topaz96, message("old", 20), message("new", 60)),
        (.topaz512, message("old", 40), message("new", 150)),
    ])
    func everyTearLeavesOldInvalidatedOrNew(product: TagProduct, old: NDEFMessage, new: NDEFMessage) throws {
        let start = try holding(old, product)
        let commands = try tagCommandsOfRewrite(start, to: new)
        #expect(commands > 5)
        var outcomes: Set<String> = []
        for k in 0..<commands {
            let field = try SimulatedTopazTests.Field([start])
            let tag = try field.tag()
            field.chip.removeTagAfterCommands = k
            do throws(Type1Error) {
                try tag.writeNDEF(new)
            } catch {
                if case .exchange(.noAnswer, _) = error {} else if case .tornWrite = error {} else {
                    Issue.record("k=\(k): unexpected error \(error)")
                }
            }
            let holder = try #require(field.chip.field.first ?? field.chip.departedTags.last)
            let again = try SimulatedTopazTests.Field([holder]).tag()
            do throws(Type1Error) {
                switch try again.readNDEF() {
                case old: outcomes.insert("old")
                case new: outcomes.insert("new")
                default: Issue.record("k=\(k): the tag holds neither the old nor the new message")
                }
            } catch .invalidated {
                outcomes.insert("invalidated")
            } catch {
                Issue.record("k=\(k): reading again fails: \(error)")
            }
        }
        #expect(outcomes == ["old", "invalidated", "new"])
    }

    private func holding(_ message: NDEFMessage, _ product: TagProduct) throws -> SimulatedTag {
        let field = try SimulatedTopazTests.Field([SimulatedTag(product: product)])
        try field.tag().writeNDEF(message)
        return try #require(field.chip.field.first)
    }

    private func tagCommandsOfRewrite(_ start: SimulatedTag, to new: NDEFMessage) throws -> Int {
        let field = try SimulatedTopazTests.Field([start])
        let tag = try field.tag()
        let before = field.chip.tagCommandCount
        try tag.writeNDEF(new)
        let commands = field.chip.tagCommandCount - before
        #expect(try tag.readNDEF() == new)
        return commands
    }
}
