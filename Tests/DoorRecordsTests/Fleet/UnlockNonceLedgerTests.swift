import Basics
import DoorRecords
import Foundation
import Testing
import TestSupport

@Suite("The unlock nonce ledger: a command opens a door once, across restarts")
struct UnlockNonceLedgerTests {
    static let key = FleetSigningKey()
    static let issued: UInt64 = 1_764_205_200
    static let now = Int64(issued) + 1

    static func payload(nonce: UInt8 = 0xA5, expires: UInt64 = issued + 60) throws -> [UInt8] {
        let command = try UnlockCommand(door: "front", nonce: [UInt8](repeating: nonce, count: 16), issued: issued, expires: expires)
        return Array(try key.sign(command).json.utf8)
    }

    static func admit(_ payload: [UInt8], in directory: ScratchDirectory, now: Int64 = now) throws(UnlockCommandError) -> UnlockCommand {
        try UnlockGate.admit(payload, key: key.publicKey, door: "front", now: now, clockSynchronised: true, stateDirectory: directory.path)
    }

    /// Why the door refuses `payload`, or nil when it admits it.
    static func refusal(_ payload: [UInt8], in directory: ScratchDirectory) -> UnlockCommandError? {
        do throws(UnlockCommandError) {
            _ = try admit(payload, in: directory)
            return nil
        } catch {
            return error
        }
    }

    @Test func aCommandOpensOnceAndItsReplayIsRefusedAfterARestart() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let payload = try Self.payload()
        #expect(try Self.admit(payload, in: directory).nonce == [UInt8](repeating: 0xA5, count: 16))
        #expect(directory.read(UnlockNonceLedger.fileName) == "A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5 1764205260\n")
        #expect(throws: UnlockCommandError.replayed) { try Self.admit(payload, in: directory, now: Self.now + 30) }
        #expect(throws: UnlockCommandError.expired(expires: Self.issued + 60, now: Self.now + 59)) { try Self.admit(payload, in: directory, now: Self.now + 59) }
    }

    @Test func aRefusedCommandLeavesTheLedgerAsItWas() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        #expect(throws: UnlockCommandError.badSignature) {
            try UnlockGate.admit(try Self.payload(), key: FleetSigningKey().publicKey, door: "front", now: Self.now, clockSynchronised: true, stateDirectory: directory.path)
        }
        #expect(throws: UnlockCommandError.clockUnsynchronised) {
            try UnlockGate.admit(try Self.payload(), key: Self.key.publicKey, door: "front", now: Self.now, clockSynchronised: false, stateDirectory: directory.path)
        }
        #expect(directory.names().isEmpty)
    }

    @Test func expiredNoncesAreDroppedAndAFullLedgerRefusesRatherThanForget() throws {
        var ledger = UnlockNonceLedger()
        for index in 0..<UnlockNonceLedger.capacity {
            let nonce = withUnsafeBytes(of: UInt64(index).bigEndian) { Array($0) } + [UInt8](repeating: 0, count: 8)
            try ledger.admit(try UnlockCommand(door: "front", nonce: nonce, issued: Self.issued, expires: Self.issued + (index == 0 ? 10 : 60)), now: Self.now)
        }
        let next = try UnlockCommand(door: "front", nonce: [UInt8](repeating: 0xEE, count: 16), issued: Self.issued, expires: Self.issued + 60)
        #expect(throws: UnlockCommandError.ledgerFull(UnlockNonceLedger.capacity)) { try ledger.admit(next, now: Self.now) }
        #expect(ledger.entries.count == UnlockNonceLedger.capacity)
        try ledger.admit(next, now: Int64(Self.issued) + 10)
        #expect(ledger.entries.count == UnlockNonceLedger.capacity)
        #expect(ledger.entries.last?.nonce == next.nonce)
        #expect(UnlockNonceLedger(fileText: Array(ledger.fileText.utf8)) == ledger)
    }

    @Test(arguments: [
        "A5A5\n",
        "A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5 12",
        "A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5  12\n",
        "A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5 -12\n",
        "A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5 9223372036854775808\n",
        "A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5 12\nA5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5 13\n",
        "A5 12\n",
        "\n",
    ])
    func aFileThatIsNotALedgerIsRefused(text: String) {
        #expect(UnlockNonceLedger(fileText: Array(text.utf8)) == nil)
    }

    @Test func anUnreadableLedgerRefusesEveryUnlock() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write(UnlockNonceLedger.fileName, "not a ledger\n")
        let refusal = try #require(Self.refusal(try Self.payload(), in: directory))
        #expect(refusal.code == "ledger-unavailable")
        #expect(refusal.description.contains("not a ledger of unlock nonces"), "\(refusal)")
        #expect(directory.read(UnlockNonceLedger.fileName) == "not a ledger\n")
        let huge = String(repeating: "A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5 12\n", count: 2000)
        try directory.write(UnlockNonceLedger.fileName, huge)
        #expect(Self.refusal(try Self.payload(), in: directory)?.code == "ledger-unavailable")
    }

    @Test func aLedgerThatIsASymlinkIsRefusedNotFollowed() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write("elsewhere", "")
        #expect(symlink(directory.file("elsewhere"), directory.file(UnlockNonceLedger.fileName)) == 0)
        #expect(Self.refusal(try Self.payload(), in: directory)?.code == "ledger-unavailable")
        #expect(directory.read("elsewhere") == "")
    }
}
