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

/// `pn532ctl token check`: read the tag's door token and say whether this key accepts it.
struct TokenCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the tag's signed door token against a key.",
        discussion: """
            Prints each token slot's user, issue time, counter, site, key id, groups and \
            expiry when its MAC is right for this tag's UID and the key; exits 1 saying why \
            when no slot is (a copy from another tag, another key, altered bytes) or when the \
            tag holds no token. A single bad slot is a warning (a torn write-back). Counters \
            are not compared: only the door knows the last one it confirmed.

            Examples:
              pn532ctl token check --key door.key --json
            """)

    @OptionGroup var options: TagOptions

    @Option(help: ArgumentHelp("The token key; must not be readable by group or others.", valueName: "FILE"), completion: .file())
    var key: String

    @Flag(help: "Print JSON: product, uid, device, valid, and each slot's slot, valid, token and error.")
    var json = false

    func run() throws {
        let verifyingKey = SymmetricKey(data: try SecretFile.commandLineRead(key))
        let uid: [UInt8], name: String, header: [(String, JSON)], message: NDEFMessage
        switch try TagSession.find(options, exclusive: false) {
        case let .type2(session):
            defer { session.close() }
            (uid, name, header) = (session.target.uid, "\(session.tag.product.rawValue) \(Hex.encode(session.target.uid))", TagJSON.header(session))
            do throws(Type2Error) { message = try session.tag.readNDEF() } catch { throw CLIError.tag(error) }
        case let .ndef(card):
            defer { card.close() }
            (uid, name, header) = (card.info.identifier, "\(card.name) (\(card.typeName))", card.header)
            do throws(TagFailure) { message = try card.tag.readNDEFMessage() } catch { throw CLIError.tag(error) }
        case let .other(card): throw card.refusal
        }
        let records = message.tokenRecords
        guard !records.isEmpty else {
            throw CLIError(message: "the tag holds no \(SignedToken.recordType) record (`pn532ctl token issue` writes one)", exitCode: .failure)
        }
        if !json { print("Tag       \(name)") }
        var refusals: [(slot: Int, error: TokenError)] = []
        var slots: [JSON] = []
        for (index, record) in records.enumerated() {
            let label = records.count == 1 ? "Token     " : "Slot \(index + 1)    "
            do throws(TokenError) {
                let token = try SignedToken(record: record, uid: uid, key: verifyingKey)
                slots.append(.object([("slot", .int(index + 1)), ("valid", .bool(true)), ("token", TagJSON.token(token)), ("error", .null)]))
                if !json { print("\(label)\(TokenText.describe(token)): valid for this tag and key") }
            } catch {
                refusals.append((index + 1, error))
                slots.append(.object([("slot", .int(index + 1)), ("valid", .bool(false)), ("token", .null), ("error", .string(error.description))]))
            }
        }
        if json {
            print(JSON.object(header + [("valid", .bool(refusals.count < records.count)), ("slots", .array(slots))]).text)
            if refusals.count == records.count { throw ExitCode.failure }
            return
        }
        guard refusals.count < records.count else {
            let reasons = Set(refusals.map(\.error)).count == 1 ? [refusals[0].error.description] : refusals.map { "slot \($0.slot): \($0.error)" }
            throw CLIError(message: "token refused: " + reasons.joined(separator: "; "), exitCode: .failure)
        }
        for refusal in refusals {
            StandardError.write("warning: slot \(refusal.slot): \(refusal.error) (a torn write-back: the door uses the other slot and rewrites this one)\n")
        }
    }
}
