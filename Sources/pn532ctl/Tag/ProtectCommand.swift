import ArgumentParser
import Type2

/// `pn532ctl protect`: password-protect an NTAG21x or Ultralight EV1.
struct ProtectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "protect",
        abstract: "Password-protect the tag (PWD and PACK first, AUTH0 last).")

    @OptionGroup var options: TagOptions
    @OptionGroup var credentials: PasswordOptions

    @Option(help: "The first protected page (AUTH0).")
    var from: Int = 4

    @Flag(help: "Protect reads as well as writes (PROT).")
    var protectReads = false

    @Option(help: "Failed attempts allowed, as AUTHLIM 0-7 (0: unlimited).")
    var attemptLimit: Int = 0

    func validate() throws {
        guard (0...255).contains(from) else { throw ValidationError("--from must be a page number 0-255") }
        guard (0...7).contains(attemptLimit) else { throw ValidationError("--attempt-limit must be 0-7") }
    }

    func run() throws {
        let session = try TagSession.open(options, exclusive: true)
        defer { session.close() }
        let (password, acknowledge) = try credentials.credentials(uid: session.target.uid)
        let protection = PasswordProtection(
            password: password, acknowledge: acknowledge, firstProtectedPage: UInt8(from),
            protectsReads: protectReads, attemptLimit: UInt8(attemptLimit))
        do throws(Type2Error) { try session.tag.protect(protection) } catch { throw CLIError.tag(error) }
        print("Protected \(session.tag.product.rawValue) \(Hex.encode(session.target.uid)) from page \(from)"
            + (protectReads ? " (reads and writes)" : " (writes)"))
    }
}

/// `pn532ctl unprotect`: remove the password protection.
struct UnprotectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unprotect", abstract: "Remove the tag's password protection (AUTH0 off).")

    @OptionGroup var options: TagOptions
    @OptionGroup var credentials: PasswordOptions

    func run() throws {
        let session = try TagSession.open(options, exclusive: true)
        defer { session.close() }
        let (password, acknowledge) = try credentials.credentials(uid: session.target.uid)
        do throws(Type2Error) {
            try session.tag.unprotect(password: password, expectedAcknowledge: acknowledge)
        } catch {
            throw CLIError.tag(error)
        }
        print("Unprotected \(session.tag.product.rawValue) \(Hex.encode(session.target.uid))")
    }
}
