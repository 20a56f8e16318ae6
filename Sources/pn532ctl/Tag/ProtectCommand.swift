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
              pn532ctl protect --password 01020304 --from 4 --attempt-limit 3
              pn532ctl protect --secret-file tag.secret --protect-reads
            """)

    @OptionGroup var options: TagOptions
    @OptionGroup var credentials: PasswordOptions

    @Option(help: ArgumentHelp("The first protected page (AUTH0), 0-255.", valueName: "PAGE"))
    var from: Int = 4

    @Flag(help: "Protect reads as well as writes (PROT).")
    var protectReads = false

    @Option(help: ArgumentHelp("Failed attempts allowed, as AUTHLIM 0-7: 2^AUTHLIM attempts (0: unlimited).", valueName: "AUTHLIM"))
    var attemptLimit: Int = 0

    @Flag(help: "Print JSON: product, uid, device, protectedFrom, protectsReads, attemptLimit.")
    var json = false

    func validate() throws {
        try credentials.require()
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

    @Flag(help: "Confirm trying the password when a wrong one can use up the tag's attempt limit (AUTHLIM).")
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
        if state.wrongGuessCounts, !yes {
            throw CLIError.needsConfirmation(Self.limitWarning(state))
        }
        let (password, acknowledge) = try credentials.credentials(uid: session.target.uid)
        do throws(Type2Error) {
            try tag.unprotect(password: password, expectedAcknowledge: acknowledge)
        } catch .wrongPassword {
            throw CLIError.refused("wrong password: the tag refused PWD_AUTH; " + Self.afterFailure(state))
        } catch {
            throw session.failure(error)
        }
        print(json ? JSON.object(TagJSON.header(session) + [("protectedFrom", .int(first))]).text : "Unprotected \(name)")
    }

    /// What a wrong password can cost on a tag in `state`.
    static func limitWarning(_ state: ProtectionState) -> String {
        guard let allowed = state.allowedFailures else {
            return "the tag's attempt limit (AUTHLIM) cannot be read without the password: a wrong password may use up the last attempt and disable PWD_AUTH for good"
        }
        return "the tag allows \(allowed) failed password attempts in all (AUTHLIM \(state.attemptLimit ?? 0)) and does not say how many are used: "
            + "a wrong password may use up the last one and disable PWD_AUTH for good"
    }

    /// What a refused PWD_AUTH means for a tag in `state`.
    static func afterFailure(_ state: ProtectionState) -> String {
        guard state.wrongGuessCounts else { return "the tag has no attempt limit (AUTHLIM 0): try again with the right password" }
        return "this attempt was counted against AUTHLIM"
            + (state.allowedFailures.map { " (\($0) failed attempts in all; once they are used PWD_AUTH is disabled for good)" } ?? "")
            + "; a right password resets the count"
    }
}
