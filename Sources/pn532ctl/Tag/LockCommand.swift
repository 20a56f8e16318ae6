import PN532
import JSONText
import ArgumentParser
import Basics
import NFCCore
import TagProtocols
import Type2

/// `pn532ctl lock --yes`: make the tag read-only, for good.
struct LockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lock",
        abstract: "Make the tag read-only. Irreversible: needs --yes.",
        discussion: """
            Examples:
              pn532ctl lock --yes
              pn532ctl lock --yes --json
            """)

    @OptionGroup var options: TagOptions

    @Flag(help: "Confirm: the lock bits are one-time programmable and cannot be undone.")
    var yes = false

    @Flag(help: "Print JSON: product, uid, device, alreadyLocked.")
    var json = false

    func run() throws {
        guard yes else { throw CLIError.needsConfirmation("locking is irreversible") }
        let session: TagSession
        switch try TagSession.find(options, exclusive: true) {
        case let .type2(found): session = found
        case let .ndef(card):
            defer { card.close() }
            return try lock(card)
        case let .other(card): throw card.refusal
        }
        defer { session.close() }
        let name = "\(session.tag.product.rawValue) \(Hex.encode(session.target.uid))"
        var alreadyLocked = false
        do throws(Type2Error) { try session.tag.lock() } catch .alreadyLocked {
            alreadyLocked = true
        } catch {
            throw session.failure(error)
        }
        report(name: name, header: TagJSON.header(session), alreadyLocked: alreadyLocked)
    }

    /// Locks a Type 1, 3 or 4 tag through its tag layer (Type 1: lock bits; Type 3: a Lite-S's
    /// MC block; Type 4: refused with the card's reason).
    private func lock(_ card: NDEFCardSession) throws(CLIError) {
        var alreadyLocked = false
        do throws(TagFailure) { try card.tag.writeLock() } catch {
            guard case .alreadyLocked = error.kind else { throw .tag(error) }
            alreadyLocked = true
        }
        report(name: card.name, header: card.header, alreadyLocked: alreadyLocked)
    }

    private func report(name: String, header: [(String, JSON)], alreadyLocked: Bool) {
        if json {
            print(JSON.object(header + [("alreadyLocked", .bool(alreadyLocked))]).text)
        } else {
            print(alreadyLocked ? "\(name) is already locked (read-only for good): nothing written" : "Locked \(name): read-only for good")
        }
    }
}
