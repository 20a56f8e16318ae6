import Basics
import TestSupport
import Testing
@testable import DoorRecords

/// The keyed, forward-secure chain: the door's key evolves after every line and the old one
/// is overwritten, so holding the door's key later cannot rewrite the past unseen by a
/// verifier holding the initial key.
@Suite("The audit log's forward-secure key")
struct AuditKeyTests {
    /// A keyed log of `count` lines; returns the initial key.
    static func keyedLog(_ count: Int, in directory: ScratchDirectory) throws -> AuditKey {
        let first = try AuditKeySetup.create(initial: directory.file("initial.key"), logPath: directory.file("audit.jsonl"))
        #expect(first == 1)
        let log = try AuditLog(path: directory.file("audit.jsonl"), maxBytes: 1 << 20, keep: 3)
        for number in 1...count { try log.append(AuditLogTests.entry(number)) }
        return try AuditKeySetup.read(directory.file("initial.key"))
    }

    @Test func everyLineIsMACdAndTheDoorsKeyFileHoldsOnlyTheNextLinesKey() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let initial = try Self.keyedLog(4, in: directory)
        let report = try AuditChainVerifier.verify(path: directory.file("audit.jsonl"), key: initial, doorKey: AuditKeySetup.read(directory.file("audit.jsonl.key")))
        #expect(report.broken == nil)
        #expect(report.checkedMACs == 4)
        var expected = initial
        expected.advance(to: 5)
        let doorKey = try AuditKeySetup.read(directory.file("audit.jsonl.key"))
        #expect(doorKey == expected, "the key of line 5, evolved from the initial one")
        #expect(!(try #require(directory.read("audit.jsonl.key"))).contains(Hex.encode(initial.bytes)), "the initial key is overwritten")
    }

    /// Someone holding the door's account and its current key rewrites every line, chain and
    /// MACs included: without the initial key the chain looks intact; with it, line 1 fails.
    @Test func aFullRewriteWithTheDoorsCurrentKeyIsSeenWithTheInitialKey() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let initial = try Self.keyedLog(4, in: directory)
        let stolen = try AuditKeySetup.read(directory.file("audit.jsonl.key"))
        var previous = AuditChain.genesis
        var text = ""
        for number in 1...4 {
            var entry = AuditLogTests.entry(number)
            entry.user = "mallory"
            let linked = AuditChain.linked(entry.jsonLine, previous: previous, at: AuditChain.Position(sequence: 1, line: number))
            let line = AuditChain.sealed(linked, mac: stolen.mac(Array(linked.utf8)))
            previous = AuditChain.digest(Array(line.utf8))
            text += line + "\n"
        }
        try directory.write("audit.jsonl", text)
        let unkeyed = try AuditChainVerifier.verify(path: directory.file("audit.jsonl"))
        #expect(unkeyed.broken == nil && unkeyed.uncheckedMACs == 4, "without the initial key a consistent rewrite passes")
        let keyed = try AuditChainVerifier.verify(path: directory.file("audit.jsonl"), key: initial)
        #expect(keyed.broken?.line == 1)
        #expect(keyed.broken?.reason.contains("MAC does not match") == true, "\(String(describing: keyed.broken))")
    }

    @Test func linesCutFromTheEndOfTheNewestFileShowAgainstTheDoorsKey() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let initial = try Self.keyedLog(4, in: directory)
        let lines = try #require(directory.read("audit.jsonl")).split(separator: "\n")
        try directory.write("audit.jsonl", lines[0..<2].joined(separator: "\n") + "\n")
        let doorKey = try AuditKeySetup.read(directory.file("audit.jsonl.key"))
        #expect(try AuditChainVerifier.verify(path: directory.file("audit.jsonl"), key: initial).broken == nil, "the cut log alone looks whole")
        let report = try AuditChainVerifier.verify(path: directory.file("audit.jsonl"), key: initial, doorKey: doorKey)
        #expect(report.broken?.reason.hasPrefix("lines 3…4 are missing: the door's key is at line 5") == true, "\(String(describing: report.broken))")

        let reopened = try AuditLog(path: directory.file("audit.jsonl"), maxBytes: 1 << 20, keep: 3)
        #expect(reopened.missingLines == 3...4, "the door sees the cut when it starts")
        try reopened.append(AuditLogTests.entry(5))
        let after = try AuditChainVerifier.verify(path: directory.file("audit.jsonl"), key: initial)
        #expect(after.broken?.reason.hasPrefix("lines 3…4 (2) are missing") == true, "the gap stays in the log: \(String(describing: after.broken))")
    }

    @Test func aDoorKeyFileThatDoesNotFollowFromTheInitialKeyIsABreak() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let initial = try Self.keyedLog(2, in: directory)
        let forged = AuditKey.random(line: 3)
        let report = try AuditChainVerifier.verify(path: directory.file("audit.jsonl"), key: initial, doorKey: forged)
        #expect(report.broken?.reason.contains("does not follow from the initial key") == true)
    }

    @Test func anExistingKeyIsNeverReplaced() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        _ = try Self.keyedLog(1, in: directory)
        let before = directory.read("audit.jsonl.key")
        #expect(throws: (any Error).self) {
            try AuditKeySetup.create(initial: directory.file("other.key"), logPath: directory.file("audit.jsonl"))
        }
        #expect(directory.read("audit.jsonl.key") == before)
        #expect(directory.read("other.key") == nil)
    }

    @Test func keyFileTextRoundTripsAndJunkIsRefused() {
        let key = AuditKey.random(line: 42)
        #expect(AuditKey(fileText: key.fileText) == key)
        #expect(AuditKey(fileText: "pn532ctl-audit-key 1 0 " + String(repeating: "00", count: 32)) == nil)
        #expect(AuditKey(fileText: "pn532ctl-audit-key 1 7 00") == nil)
        #expect(AuditKey(fileText: "junk") == nil)
    }
}

@Suite("Making the audit key")
struct AuditKeySetupTests {
    @Test func aDoorKeyThatCannotBeMadeLeavesNoInitialKeyBehind() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        #expect(throws: (any Error).self) {
            try AuditKeySetup.create(initial: directory.file("initial.key"), logPath: directory.file("missing/audit.jsonl"))
        }
        #expect(directory.names().isEmpty, "no initial key without the door's: \(directory.names())")
    }
}
