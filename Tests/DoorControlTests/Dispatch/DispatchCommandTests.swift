import DoorControl
import NDEF
import Testing

@Suite("Dispatch rules")
struct DispatchCommandTests {
    static let uid: [UInt8] = [0x00, 0x11, 0x22, 0x33]

    static func tag(_ records: NDEFRecord...) -> Presentation {
        Presentation(uid: uid, message: NDEFMessage(records: records))
    }

    @Test func aURIPrefixRuleGetsTheMatchingURI() throws {
        let rules = [DispatchRule(match: .uriPrefix("https://hook.example/"), command: ["/usr/bin/notify", "--uri={uri}", "{uid}", "{text}"], timeout: .seconds(2))]
        let commands = DispatchCommand.commands(
            for: Self.tag(.uri("https://other.example/"), .uri("https://hook.example/ring?x={uid}"), try .text(TextPayload(text: "hello"))),
            rules: rules)
        #expect(commands == [DispatchCommand(rule: 0, arguments: ["/usr/bin/notify", "--uri=https://hook.example/ring?x={uid}", "00112233", "hello"], timeout: .seconds(2))])
    }

    @Test func aTextPrefixRuleGetsTheMatchingText() throws {
        let rules = [
            DispatchRule(match: .uriPrefix("tel:"), command: ["dial", "{uri}"]),
            DispatchRule(match: .textPrefix("cmd:"), command: ["run", "{text}", "{uri}", "{unknown}", "{", "}{uid"]),
        ]
        let commands = DispatchCommand.commands(for: Self.tag(try .text(TextPayload(text: "note")), try .text(TextPayload(text: "cmd:a b; rm -rf /"))), rules: rules)
        #expect(commands == [DispatchCommand(rule: 1, arguments: ["run", "cmd:a b; rm -rf /", "", "{unknown}", "{", "}{uid"], timeout: .seconds(5))])
    }

    @Test func everyMatchingRuleRunsOnce() {
        let rules = [
            DispatchRule(match: .uriPrefix("https://"), command: ["a", "{uri}"]),
            DispatchRule(match: .uriPrefix("https://x/"), command: ["b"]),
            DispatchRule(match: .textPrefix(""), command: ["c"]),
        ]
        let commands = DispatchCommand.commands(for: Self.tag(.uri("https://x/1"), .uri("https://x/2")), rules: rules)
        #expect(commands.map(\.rule) == [0, 1])
        #expect(commands.first?.arguments == ["a", "https://x/1"])
    }

    @Test func nothingForNoMessageOrTwoTags() {
        let rules = [DispatchRule(match: .uriPrefix(""), command: ["a"])]
        #expect(DispatchCommand.commands(for: Presentation(uid: Self.uid), rules: rules).isEmpty)
        var two = Self.tag(.uri("https://x"))
        two.multipleTags = true
        #expect(DispatchCommand.commands(for: two, rules: rules).isEmpty)
        #expect(DispatchCommand.commands(for: Self.tag(.uri("https://x")), rules: rules).count == 1)
    }
}
