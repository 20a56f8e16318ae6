import ArgumentParser
import NFCCore
import Type2

/// `pn532ctl lock --yes`: make the tag read-only, for good.
struct LockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lock",
        abstract: "Make the tag read-only. Irreversible: needs --yes.")

    @OptionGroup var options: TagOptions

    @Flag(help: "Confirm: the lock bits are one-time programmable and cannot be undone.")
    var yes = false

    func validate() throws {
        guard yes else { throw ValidationError("locking is irreversible: add --yes to confirm") }
    }

    func run() throws {
        let session = try TagSession.open(options, exclusive: true)
        defer { session.close() }
        do throws(Type2Error) { try session.tag.lock() } catch .alreadyLocked {
            print("\(session.tag.product.rawValue) \(Hex.encode(session.target.uid)) is already locked (read-only for good): nothing written")
            return
        } catch {
            throw session.failure(error)
        }
        print("Locked \(session.tag.product.rawValue) \(Hex.encode(session.target.uid)): read-only for good")
    }
}
