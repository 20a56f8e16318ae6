import PN532
import JSONText
import ArgumentParser
import Basics
import NFCCore
import Type2

/// `pn532ctl format`: make a tag an empty NDEF tag.
struct FormatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "format",
        abstract: "Format the tag for NDEF: its Capability Container and an empty message.",
        discussion: """
            A tag holding a message is erased only with --yes. The Capability Container is \
            one-time programmable: a CC that cannot become the product's is refused before \
            anything is written (exit 65). A blank MIFARE DESFire EV1 or later gets the NDEF \
            application (000001, mapping 2.0) when its PICC lets anyone create one; a DESFire \
            that holds it already, or whose PICC needs the master key, is refused (exit 1). \
            Another Type 1, 3 or 4 tag gets an empty NDEF message (a message is erased only \
            with --yes; a read-only tag is refused).

            Examples:
              pn532ctl format
              pn532ctl format --wipe --yes
            """)

    @OptionGroup var options: TagOptions
    @OptionGroup var credentials: PasswordOptions

    @Flag(help: "Also zero the rest of the user memory.")
    var wipe = false

    @Flag(help: "Confirm erasing the message the tag holds, and trying a password when a wrong one can use up the tag's attempt limit.")
    var yes = false

    @Flag(help: "Print JSON: product, uid, device, pagesWritten (a DESFire: application, ndefFileSize, capacity, resumed).")
    var json = false

    func run() throws {
        let session: TagSession
        switch try TagSession.find(options, exclusive: true) {
        case let .type2(found): session = found
        case let .ndef(card):
            defer { card.close() }
            return try FamilyFormat(card: card, json: json).run(credentials: credentials, wipe: wipe, yes: yes)
        case let .other(card): throw card.refusal
        }
        defer { session.close() }
        try session.authenticate(credentials, confirmed: yes, quiet: json)
        let result: WriteResult
        do throws(Type2Error) { result = try session.tag.format(wipe: wipe, erasing: yes) } catch { throw session.failure(error) }
        if json {
            print(JSON.object(TagJSON.header(session) + [("pagesWritten", .int(result.pagesWritten))]).text)
        } else {
            print("Formatted \(session.tag.product.rawValue) \(Hex.encode(session.target.uid)): \(result.pagesWritten) pages written")
        }
    }
}
