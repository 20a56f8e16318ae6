import PN532
import JSONText
import ArgumentParser
import Basics
import NFCCore
import Type2

/// `pn532ctl protect`: password-protect an NTAG21x or Ultralight EV1.
struct ProtectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "protect",
        abstract: "Password-protect the tag (PWD and PACK first, AUTH0 last).",
        discussion: """
            Examples:
              pn532ctl protect --password 01020304 --from 4 --attempt-limit 8
              pn532ctl protect --secret-file tag.secret --protect-reads
            """)

    @OptionGroup var options: TagOptions
    @OptionGroup var credentials: PasswordOptions

    @Option(help: ArgumentHelp("The first protected page (AUTH0), 0-255.", valueName: "PAGE"))
    var from: Int = 4

    @Flag(help: "Protect reads as well as writes (PROT).")
    var protectReads = false

    @Option(help: PasswordGuess.attemptLimitHelp)
    var attemptLimit: Int = 0

    @Flag(help: "Print JSON: product, uid, device, protectedFrom, protectsReads, attemptLimit.")
    var json = false

    func validate() throws {
        try credentials.require()
        guard (0...255).contains(from) else { throw ValidationError("--from must be a page number 0-255") }
        _ = try PasswordGuess.authenticationLimit(attempts: attemptLimit)
    }

    func run() throws {
        let session = try TagSession.open(options, exclusive: true)
        defer { session.close() }
        let (password, acknowledge) = try credentials.credentials(uid: session.target.uid)
        let protection = PasswordProtection(
            password: password, acknowledge: acknowledge, firstProtectedPage: UInt8(from),
            protectsReads: protectReads, attemptLimit: try PasswordGuess.authenticationLimit(attempts: attemptLimit))
        do throws(Type2Error) { try session.tag.protect(protection) } catch { throw CLIError.tag(error) }
        if json {
            print(JSON.object(TagJSON.header(session) + [
                ("protectedFrom", .int(from)), ("protectsReads", .bool(protectReads)), ("attemptLimit", .int(attemptLimit)),
            ]).text)
        } else {
            print("Protected \(session.tag.product.rawValue) \(Hex.encode(session.target.uid)) from page \(from)"
                + (protectReads ? " (reads and writes)" : " (writes)"))
        }
    }
}

/// `pn532ctl unprotect`: remove the password protection.
struct UnprotectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unprotect", abstract: "Remove the tag's password protection (AUTH0 off).",
        discussion: """
            The configuration pages are read first: an unprotected tag is left alone (exit 0). \
            When AUTHLIM limits the failed attempts (or cannot be read), a wrong password uses \
            one up and the last one disables PWD_AUTH for good: --yes is needed.

            Examples:
              pn532ctl unprotect --password 01020304
              pn532ctl unprotect --secret-file tag.secret --yes
            """)

    @OptionGroup var options: TagOptions
    @OptionGroup var credentials: PasswordOptions

    @Flag(help: PasswordGuess.confirmationHelp)
    var yes = false

    @Flag(help: "Print JSON: product, uid, device, protectedFrom (before; null: it was not protected).")
    var json = false

    func validate() throws {
        try credentials.require()
    }

    func run() throws {
        let session = try TagSession.open(options, exclusive: true)
        defer { session.close() }
        let tag = session.tag
        let name = "\(tag.product.rawValue) \(Hex.encode(session.target.uid))"
        let state: ProtectionState
        do throws(Type2Error) { state = try tag.readProtection() } catch { throw session.failure(error) }
        guard let first = state.firstProtectedPage else {
            print(json ? JSON.object(TagJSON.header(session) + [("protectedFrom", .null)]).text : "\(name) is not password-protected: nothing to do")
            return
        }
        try PasswordGuess.confirm(state, confirmed: yes)
        let (password, acknowledge) = try credentials.credentials(uid: session.target.uid)
        do throws(Type2Error) {
            try tag.unprotect(password: password, expectedAcknowledge: acknowledge)
        } catch .wrongPassword {
            throw PasswordGuess.wrongPassword(state)
        } catch {
            throw session.failure(error)
        }
        print(json ? JSON.object(TagJSON.header(session) + [("protectedFrom", .int(first))]).text : "Unprotected \(name)")
    }
}
