import PN532
import JSONText
import ArgumentParser
import Basics
import Credentials
import Crypto
import DoorControl
import NDEF
import NFCCore
import TagProtocols
import Type2

/// `pn532ctl token issue`: sign a door token for the tag in the field and write it.
struct TokenIssueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "issue",
        abstract: "Write a signed door token for one user to the tag (tear-safe, verified).",
        discussion: """
            The token (an external record pn532ctl.org:token, version 2) holds the user, the \
            site, the door groups it opens, the key id, the issue time, an expiry and a \
            counter, with HMAC-SHA256(key, label ‖ UID length ‖ UID ‖ fields) truncated to 16 \
            bytes: it is bound to this tag's UID (a copy on another UID is refused) and to the \
            door's security.site and security.key_id. It is written twice, as the two slots a \
            door with rolling counters needs. The tag's other records are kept and an earlier \
            token is replaced; a tag whose data is not valid NDEF is refused. The key file holds at least 16 bytes (pn532ctl key new \
            door.key makes one), the same file as the door's \
            security.key_file. Two tags in the field: nothing is written. Any tag family \
            pn532ctl writes NDEF on takes a token (Type 1 bound to its UID0-3, Type 3 to its \
            IDm, Type 4 to its UID); a card with a random UID (4 bytes starting 08: a \
            phone) is refused, since it shows a new UID at each presentation.

            Examples:
              pn532ctl token issue --user alice --key door.key --site hq --group main
            """)

    @OptionGroup var options: TagOptions

    @Option(help: ArgumentHelp("The user the token opens the door for (1-64 bytes of UTF-8).", valueName: "NAME"))
    var user: String

    @Option(help: ArgumentHelp("The token key; must not be readable by group or others.", valueName: "FILE"), completion: .file())
    var key: String

    @Option(help: ArgumentHelp("The starting counter, 0-4294967295 (default 0).", valueName: "N"))
    var counter: UInt32 = 0

    @Option(help: ArgumentHelp("The issue time in seconds since 1970 (default: now).", valueName: "EPOCH"))
    var issued: UInt32?

    @Option(help: ArgumentHelp("The site, as the doors' security.site (at most 32 bytes; default empty).", valueName: "NAME"))
    var site = ""

    @Option(name: .customLong("group"), help: ArgumentHelp("A door group the token opens (repeat, at most 8; none: every door of the site).", valueName: "NAME"))
    var groups: [String] = []

    @Option(help: ArgumentHelp("The last second the token opens, in seconds since 1970 (default: no expiry).", valueName: "EPOCH"))
    var expires: UInt32?

    @Option(help: ArgumentHelp("The key id of --key, as the doors' security.key_id (0-255, default 0).", valueName: "N"))
    var keyID: UInt8 = 0

    @Flag(help: "Print JSON: product, uid, device, token, record, bytes, records, pagesWritten, pagesVerified.")
    var json = false

    func validate() throws {
        if let problem = UserName.problem(user) { throw ValidationError("--user \(user.debugDescription) \(problem), as a user's name in the door configuration") }
        guard site.utf8.count <= SignedToken.maximumNameLength else { throw ValidationError("--site must be at most \(SignedToken.maximumNameLength) bytes") }
        guard groups.count <= SignedToken.maximumGroups else { throw ValidationError("at most \(SignedToken.maximumGroups) --group options") }
        for group in groups where !(1...SignedToken.maximumNameLength).contains(group.utf8.count) {
            throw ValidationError("--group \(group.debugDescription) must be 1-\(SignedToken.maximumNameLength) bytes")
        }
        guard expires != 0 else { throw ValidationError("--expires 0 is no time; leave it out for no expiry") }
    }

    func run() throws {
        let signingKey = SymmetricKey(data: try SecretFile.commandLineRead(key))
        let token = SignedToken(
            user: user, issued: try issued ?? Self.now(), counter: counter, site: site, keyID: keyID,
            groups: groups, expires: expires ?? 0)
        switch try TagSession.find(options, exclusive: true) {
        case let .type2(session):
            defer { session.close() }
            try issue(token, key: signingKey, on: session)
        case let .ndef(card):
            defer { card.close() }
            try issue(token, key: signingKey, on: card)
        case let .other(card): throw card.refusal
        }
    }

    /// Issues the token on a Type 2 tag.
    private func issue(_ token: SignedToken, key: SymmetricKey, on session: TagSession) throws(CLIError) {
        let record = try Self.record(token, uid: session.target.uid, key: key)
        let message: NDEFMessage
        do throws(Type2Error) { message = try session.tag.readNDEF().replacingToken(with: record) } catch {
            throw Self.unreadable(CLIError.tag(error))
        }
        let result: WriteResult
        do throws(Type2Error) { result = try session.tag.writeNDEF(message, verify: true) } catch { throw CLIError.tag(error) }
        report(token, record: record, message: message, header: TagJSON.header(session), counts: TagJSON.counts(result, verified: true),
               tag: "\(session.tag.product.rawValue) \(Hex.encode(session.target.uid))",
               written: "\(result.pagesWritten) pages written, \(result.pagesVerified) verified")
    }

    /// Issues the token on a Type 1, 3 or 4 tag, bound to the identifier it was activated with
    /// (the UID, the FeliCa IDm, the Topaz's UID0–3), as the door reads it.
    private func issue(_ token: SignedToken, key: SymmetricKey, on card: NDEFCardSession) throws(CLIError) {
        let record = try Self.record(token, uid: card.info.identifier, key: key)
        let message: NDEFMessage
        do throws(TagFailure) { message = try card.tag.readNDEFMessage().replacingToken(with: record) } catch {
            throw Self.unreadable(CLIError.tag(error))
        }
        do throws(TagFailure) { try card.tag.writeNDEFMessage(message, verify: true) } catch { throw CLIError.tag(error) }
        report(token, record: record, message: message, header: card.header, counts: [("pagesWritten", .null), ("pagesVerified", .null)],
               tag: "\(card.name) (\(card.typeName))", written: "read back and verified")
    }

    /// The token's record for the tag with `uid`; a random UID (a phone's) is refused, exit 1.
    private static func record(_ token: SignedToken, uid: [UInt8], key: SymmetricKey) throws(CLIError) -> NDEFRecord {
        do throws(TokenError) { return try token.record(uid: uid, key: key) } catch {
            if case .randomUID = error { throw .refused("\(error) (UID \(Hex.encode(uid))): nothing was written") }
            throw .usage(error.description)
        }
    }

    /// A tag whose message could not be read: nothing is written.
    private static func unreadable(_ failure: CLIError) -> CLIError {
        CLIError(message: "reading the tag's message: \(failure.message) (nothing was written; `pn532ctl format --wipe` clears a tag)", exitCode: failure.exitCode)
    }

    private func report(_ token: SignedToken, record: NDEFRecord, message: NDEFMessage, header: [(String, JSON)], counts: [(String, JSON)], tag: String, written: String) {
        if json {
            print(JSON.object(header + [
                ("token", TagJSON.token(token)), ("record", .string(Hex.encode(record.payload))),
                ("bytes", .int(message.length)), ("records", .int(message.records.count)),
            ] + counts).text)
            return
        }
        print("Token     \(TokenText.describe(token))")
        print("Tag       \(tag)")
        print("Record    \(SignedToken.recordType) \(Hex.encode(record.payload))")
        print("Wrote     \(message.length) bytes, \(message.records.count) records: \(written)")
    }

    /// Seconds since 1970 now.
    private static func now() throws(CLIError) -> UInt32 {
        guard let seconds = UInt32(exactly: AuditTime.now().epochSeconds) else { throw .usage("the clock is outside 1970-2106: give --issued EPOCH") }
        return seconds
    }
}
