import PN532
import JSONText
import ArgumentParser
import Basics
import NFCCore
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
        let session = try TagSession.open(options, exclusive: true)
        defer { session.close() }
        let name = "\(session.tag.product.rawValue) \(Hex.encode(session.target.uid))"
        var alreadyLocked = false
        do throws(Type2Error) { try session.tag.lock() } catch .alreadyLocked {
            alreadyLocked = true
        } catch {
            throw session.failure(error)
        }
        if json {
            print(JSON.object(TagJSON.header(session) + [("alreadyLocked", .bool(alreadyLocked))]).text)
        } else {
            print(alreadyLocked ? "\(name) is already locked (read-only for good): nothing written" : "Locked \(name): read-only for good")
        }
    }
}
