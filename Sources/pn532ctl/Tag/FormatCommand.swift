import ArgumentParser
import Type2

/// `pn532ctl format`: make a tag an empty NDEF tag.
struct FormatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "format",
        abstract: "Format the tag for NDEF: its Capability Container and an empty message.")

    @OptionGroup var options: TagOptions

    @Flag(help: "Also zero the rest of the user memory.")
    var wipe = false

    func run() throws {
        let session = try TagSession.open(options, exclusive: true)
        defer { session.close() }
        let result: WriteResult
        do throws(Type2Error) { result = try session.tag.format(wipe: wipe) } catch { throw CLIError.tag(error) }
        print("Formatted \(session.tag.product.rawValue) \(Hex.encode(session.target.uid)): \(result.pagesWritten) pages written")
    }
}
