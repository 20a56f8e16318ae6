import ArgumentParser
import Crypto
import DoorControl
import NDEF
import Type2

/// `pn532ctl token check`: read the tag's door token and say whether this key accepts it.
struct TokenCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the tag's signed door token against a key.",
        discussion: """
            Prints the token's user, issue time and counter when its MAC is right for this
            tag's UID and the key; exits 1 saying why when it is not (a copy from another tag,
            another key, altered bytes) or when the tag holds no token. Counters are not
            compared: only the door knows the last one it saw.
            """)

    @OptionGroup var options: TagOptions

    @Option(help: ArgumentHelp("The token key; must not be readable by group or others.", valueName: "FILE"))
    var key: String

    func run() throws {
        let verifyingKey = SymmetricKey(data: try PasswordOptions.readSecret(key))
        let session = try TagSession.open(options, exclusive: false)
        defer { session.close() }
        let uid = session.target.uid
        let records: [NDEFRecord]
        do throws(Type2Error) { records = try session.tag.readNDEF().tokenRecords } catch { throw CLIError.tag(error) }
        print("Tag       \(session.tag.product.rawValue) \(Hex.encode(uid))")
        guard !records.isEmpty else {
            throw CLIError(message: "the tag holds no \(SignedToken.recordType) record (`pn532ctl token issue` writes one)", exitCode: .failure)
        }
        var refusals: [String] = []
        for record in records {
            do throws(TokenError) {
                let token = try SignedToken(record: record, uid: uid, key: verifyingKey)
                print("Token     \(TokenText.describe(token)): valid for this tag and key")
            } catch {
                refusals.append(error.description)
            }
        }
        guard refusals.isEmpty else {
            throw CLIError(message: "token refused: " + refusals.joined(separator: "; "), exitCode: .failure)
        }
    }
}
