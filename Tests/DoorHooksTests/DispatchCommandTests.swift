import DoorHooks
import DoorRecords
import Testing

@Suite("Hook rules: which hooks an event runs, and with what")
struct DispatchCommandTests {
    static func event(granted: Bool = true, uri: String? = nil, text: String? = nil, lockout: Bool = false, tagLockout: Bool = false) -> HookEvent {
        HookEvent(uid: "00112233", granted: granted, user: granted ? "alice" : nil, rule: "r", reason: "why", uri: uri, text: text, lockout: lockout, tagLockout: tagLockout)
    }

    @Test func valuesTravelInTheEnvironmentAndOnStandardInputNeverInArguments() throws {
        let rules = [DispatchRule(match: .uriPrefix("https://hook.example/"), command: ["/usr/bin/notify", "--quiet"], timeout: .seconds(2))]
        let event = Self.event(uri: "https://hook.example/ring --config=/tmp/evil\n$(reboot)")
        let commands = DispatchCommand.commands(for: event, rules: rules)
        #expect(commands.map(\.arguments) == [["/usr/bin/notify", "--quiet"]])
        let environment = try #require(commands.first?.environment)
        #expect(environment.contains("PN532_URI=https://hook.example/ring --config=/tmp/evil\n$(reboot)"))
        #expect(environment.contains("PN532_UID=00112233"))
        #expect(environment.contains("PN532_DECISION=granted"))
        #expect(environment.contains("PN532_USER=alice"))
        #expect(environment.contains("PATH=\(DispatchCommand.path)"))
        #expect(!environment.contains { $0.hasPrefix("HOME=") || $0.hasPrefix("NOTIFY_SOCKET=") }, "nothing is inherited")
        #expect(HookEvent(json: String(decoding: try #require(commands.first?.input.dropLast()), as: UTF8.self)) == event)
    }

    @Test func aDeniedTagRunsOnlyRulesThatOptInAndALockoutRunsNone() {
        let rules = [
            DispatchRule(match: .textPrefix("door:"), command: ["/bin/granted-only"]),
            DispatchRule(match: .textPrefix("door:"), command: ["/bin/anyone"], anyone: true),
        ]
        #expect(DispatchCommand.commands(for: Self.event(text: "door:1"), rules: rules).map(\.rule) == [0, 1])
        #expect(DispatchCommand.commands(for: Self.event(granted: false, text: "door:1"), rules: rules).map(\.rule) == [1])
        #expect(DispatchCommand.commands(for: Self.event(granted: false, text: "door:1", lockout: true), rules: rules).isEmpty)
        #expect(DispatchCommand.commands(for: Self.event(text: "door:1", lockout: true), rules: rules).isEmpty)
    }

    @Test func aStrangersTagLockoutRunsNoHookNotEvenAnAnyoneHook() throws {
        let rules = [DispatchRule(match: .textPrefix("door:"), command: ["/bin/anyone"], anyone: true)]
        let lockedOut = Self.event(granted: false, text: "door:1", tagLockout: true)
        #expect(DispatchCommand.commands(for: lockedOut, rules: rules).isEmpty)
        #expect(DispatchCommand.commands(for: Self.event(granted: false, text: "door:1"), rules: rules).map(\.rule) == [0])
        #expect(HookEvent(json: lockedOut.json) == lockedOut, "the tag's lockout travels in the datagram")
        #expect(lockedOut.json.contains("\"tag_lockout\":true"))
        #expect(HookEvent(json: #"{"uid":"01","granted":false,"rule":"r","reason":"x","lockout":false}"#) == nil, "an event without tag_lockout is not an event")
    }

    @Test func prefixesMatchTheFirstURIOrText() {
        let rules = [DispatchRule(match: .uriPrefix("https://x/"), command: ["/a"]), DispatchRule(match: .textPrefix(""), command: ["/c"])]
        #expect(DispatchCommand.commands(for: Self.event(uri: "https://x/1"), rules: rules).map(\.rule) == [0])
        #expect(DispatchCommand.commands(for: Self.event(uri: "https://y/1", text: "t"), rules: rules).map(\.rule) == [1])
        #expect(DispatchCommand.commands(for: Self.event(), rules: rules).isEmpty)
    }

    @Test func longValuesAreCutAndNULsReplaced() {
        let event = HookEvent(uid: "01", granted: true, user: "a", rule: "r", reason: "x", uri: String(repeating: "é", count: 2000), text: "a\u{0}b", lockout: false)
        #expect(event.uri?.utf8.count == HookEvent.valueLimit)
        #expect(event.json.utf8.count < HookEvent.messageLimit)
        let command = DispatchCommand.commands(for: event, rules: [DispatchRule(match: .textPrefix("a"), command: ["/x"])]).first
        #expect(command?.environment.contains("PN532_TEXT=a\u{FFFD}b") == true)
    }
}
