import NDEF
import PN532
import PN532Simulator
import Testing
@testable import Type2

/// For every k, the tag leaves the field after k tag commands of an NDEF rewrite. Presented
/// again, it must hold the old message, an empty one, or the new one: never a decode error and
/// never anything else.
@Suite("Tear-safe NDEF writes")
struct TearingTests {
    static let short = NDEFMessage(records: [.uri("https://example.com/old/" + String(repeating: "o", count: 70))])
    static let long = NDEFMessage(records: [.uri("https://example.com/new/" + String(repeating: "n", count: 300))])

    @Test(arguments: [(short, long), (long, short)])
    func everyTearLeavesOldEmptyOrNew(_ pair: (NDEFMessage, NDEFMessage)) throws {
        let (old, new) = pair
        let commands = try tagCommandsOfRewrite(from: old, to: new)
        #expect(commands > 5)
        var outcomes: Set<String> = []
        for k in 0..<commands {
            let field = try SimulatedField([tagHolding(old)])
            let tag = try field.tag()
            field.chip.removeTagAfterCommands = k
            do throws(Type2Error) {
                try tag.writeNDEF(new)
            } catch {
                if case .exchange(.noAnswer, _) = error {} else if case .tornWrite = error {} else {
                    Issue.record("k=\(k): unexpected error \(error)")
                }
            }
            let holder = try #require(field.chip.field.first ?? field.chip.departedTags.last)
            let reread = try SimulatedField([holder]).tag().readNDEF()
            switch reread {
            case old: outcomes.insert("old")
            case .empty: outcomes.insert("empty")
            case new: outcomes.insert("new")
            default: Issue.record("k=\(k): the tag holds neither the old, an empty nor the new message")
            }
        }
        #expect(outcomes == ["old", "empty", "new"])
    }

    /// An NTAG215 holding `message` at an unaligned TLV offset (after a NULL TLV), so that a
    /// 3-byte length straddles two pages.
    private func tagHolding(_ message: NDEFMessage) throws -> SimulatedTag {
        var tag = SimulatedTag(product: .ntag215)
        let tlv = [0x00, 0x00, 0x00] + (try Type2DataArea.ndefTLV(for: message.encoded()))
        tag.memory.replaceSubrange(16..<16 + tlv.count, with: tlv)
        return tag
    }

    private func tagCommandsOfRewrite(from old: NDEFMessage, to new: NDEFMessage) throws -> Int {
        let field = try SimulatedField([tagHolding(old)])
        let tag = try field.tag()
        let before = field.chip.tagCommandCount
        try tag.writeNDEF(new)
        #expect(try tag.readNDEF() == new)
        return field.chip.tagCommandCount - before
    }
}
