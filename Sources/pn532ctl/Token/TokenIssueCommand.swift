import ArgumentParser
import Crypto
import DoorControl
import NDEF
import Type2

#if canImport(Glibc)
import Glibc
#endif

/// `pn532ctl token issue`: sign a door token for the tag in the field and write it.
struct TokenIssueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "issue",
        abstract: "Write a signed door token for one user to the tag (tear-safe, verified).",
        discussion: """
            The token (an external record pn532ctl.org:token) holds the user, the issue time
            and a counter, with HMAC-SHA256(key, UID ‖ fields) truncated to 16 bytes: it is
            bound to this tag's UID, so a copy on another tag is refused. The tag's other
            records are kept and an earlier token is replaced; a tag whose data is not valid
            NDEF is refused. The key file holds at least 16 bytes (e.g. `head -c 32
            /dev/urandom > door.key; chmod 600 door.key`), the same file as the door's
            security.key_file. Two tags in the field: nothing is written.
            """)

    @OptionGroup var options: TagOptions

    @Option(help: ArgumentHelp("The user the token opens the door for (1-64 bytes of UTF-8).", valueName: "NAME"))
    var user: String

    @Option(help: ArgumentHelp("The token key; must not be readable by group or others.", valueName: "FILE"))
    var key: String

    @Option(help: ArgumentHelp("The starting counter (default 0).", valueName: "N"))
    var counter: UInt32 = 0

    @Option(help: ArgumentHelp("The issue time in seconds since 1970 (default: now).", valueName: "EPOCH"))
    var issued: UInt32?

    func validate() throws {
        guard (1...64).contains(user.utf8.count) else { throw ValidationError("--user must be 1-64 bytes of UTF-8, not \(user.utf8.count)") }
    }

    func run() throws {
        let signingKey = SymmetricKey(data: try PasswordOptions.readSecret(key))
        let token = SignedToken(user: user, issued: try issued ?? Self.now(), counter: counter)
        let session = try TagSession.open(options, exclusive: true)
        defer { session.close() }
        let uid = session.target.uid
        let record: NDEFRecord
        do throws(TokenError) { record = try token.record(uid: uid, key: signingKey) } catch { throw CLIError.usage(error.description) }
        let message: NDEFMessage
        do throws(Type2Error) { message = try session.tag.readNDEF().replacingToken(with: record) } catch {
            let failure = CLIError.tag(error)
            throw CLIError(message: "reading the tag's message: \(failure.message) (nothing was written; `pn532ctl format --wipe` clears a tag)", exitCode: failure.exitCode)
        }
        let result: WriteResult
        do throws(Type2Error) { result = try session.tag.writeNDEF(message, verify: true) } catch { throw CLIError.tag(error) }
        print("Token     \(TokenText.describe(token))")
        print("Tag       \(session.tag.product.rawValue) \(Hex.encode(uid))")
        print("Record    \(SignedToken.recordType) \(Hex.encode(record.payload))")
        print("Wrote     \(message.length) bytes, \(message.records.count) records: \(result.pagesWritten) pages written, \(result.pagesVerified) verified")
    }

    /// Seconds since 1970 now.
    private static func now() throws(CLIError) -> UInt32 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        guard let seconds = UInt32(exactly: spec.tv_sec) else { throw .usage("the clock is outside 1970-2106: give --issued EPOCH") }
        return seconds
    }
}
