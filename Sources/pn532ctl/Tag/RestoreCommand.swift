import ArgumentParser
import Basics
import FileInput
import JSONText
import PN532
import Type2

/// `pn532ctl restore`: write a `.mfd` dump back to a tag of the same product, verified.
struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Write a .mfd dump (dump --out, nfc-mfultralight r) back to a tag of the same product, verified.",
        discussion: """
            The dump must be of the tag's product (its size says which). Only the user pages \
            are written, and only those that differ; --all adds the CC, the lock bytes and the \
            configuration bits (MIRROR, CFGLCK, the NFC counter). The CC and lock bits are \
            one-time programmable: a dump that would set any of them, or CFGLCK, needs --yes, \
            and one that would need a bit cleared is refused (exit 65). The UID pages are never \
            written, nor the password protection (AUTH0, PROT, AUTHLIM, PWD, PACK: a dump holds \
            PWD and PACK as 00); where they differ the command says so. The written pages are \
            read back and compared.

            Examples:
              pn532ctl restore --in tag.mfd
              pn532ctl restore --in tag.mfd --all --yes --json
            """)

    @OptionGroup var options: TagOptions
    @OptionGroup var credentials: PasswordOptions

    @Option(
        name: .customLong("in"), help: ArgumentHelp("The dump: libnfc's .mfd, every page from page 0, 4 bytes each.", valueName: "FILE"),
        completion: .file(extensions: ["mfd"]))
    var input: String

    @Flag(help: "Also restore the CC, the lock bytes and the configuration bits (never the password protection).")
    var all = false

    @Flag(help: "Confirm writes that cannot be undone (lock bits, the CC, CFGLCK), and trying a password when a wrong one can use up the tag's attempt limit.")
    var yes = false

    @Flag(help: "Print JSON: product, uid, file, pagesWritten, pagesVerified, notRestored.")
    var json = false

    /// The most bytes a dump file may have: the largest tag's memory.
    static let fileLimit = InputLimit(bytes: Type2Image.largestSize, for: "a tag dump (the memory of the largest tag, an NTAG216)")

    func run() throws {
        let bytes = try FileIO.read(input, limit: Self.fileLimit)
        do throws(Type2ImageError) { try Type2Image.checkSize(bytes.count) } catch { throw badDump(error) }
        let session = try TagSession.open(options, exclusive: true)
        defer { session.close() }
        let image: Type2Image
        do throws(Type2ImageError) { image = try Type2Image(mfd: bytes, product: session.tag.product) } catch { throw badDump(error) }
        try session.authenticate(credentials, confirmed: yes, quiet: json)
        let plan: RestorePlan
        do throws(Type2Error) { plan = try session.tag.restorePlan(image, scope: all ? .all : .userPages) } catch { throw session.failure(error) }
        let irreversible = plan.irreversibleWrites
        if !irreversible.isEmpty, !yes {
            let pages = irreversible.map { "page \($0.page) (\($0.what))" }.joined(separator: ", ")
            throw CLIError.usage("the dump changes \(pages), which can never change back: add --yes to write them; nothing was written")
        }
        let result: WriteResult
        do throws(Type2Error) { result = try session.tag.restore(plan) } catch { throw session.failure(error) }
        if json {
            let differences = plan.notRestored.map { difference in
                JSON.object([
                    ("page", .int(difference.page)), ("what", .string(difference.what)), ("reason", .string(difference.reason)),
                    ("tag", .string(Hex.encode(difference.tag))), ("dump", .string(Hex.encode(difference.image))),
                ])
            }
            print(JSON.object(TagJSON.header(session) + [("file", .string(input))] + TagJSON.counts(result, verified: true)
                + [("notRestored", .array(differences))]).text)
            return
        }
        plan.notRestored.forEach { print("Not restored: \($0)") }
        print("Restored \(input) to \(session.tag.product.rawValue) \(Hex.encode(session.target.uid)): "
            + "\(result.pagesWritten) pages written, \(result.pagesVerified) read back and verified")
    }

    /// A dump that is not one of the tag's product: 65, naming the file.
    private func badDump(_ error: Type2ImageError) -> CLIError {
        .data("\(input == "-" ? "standard input" : input): \(error); nothing was written")
    }
}
