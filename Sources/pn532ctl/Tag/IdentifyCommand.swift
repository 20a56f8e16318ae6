import ArgumentParser
import Type2

/// `pn532ctl identify`: what the tag is and its NDEF status.
struct IdentifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "identify", abstract: "Identify the tag: product, UID, memory, NDEF status and capacity, originality signature.")

    @OptionGroup var options: TagOptions

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        let session = try TagSession.open(options, exclusive: false)
        defer { session.close() }
        let tag = session.tag
        let report: NDEFStatusReport
        let signature: [UInt8]?
        do throws(Type2Error) {
            report = try tag.queryNDEFStatus()
            signature = tag.product.hasExtendedCommands ? try tag.readSignature() : nil
        } catch {
            throw CLIError.tag(error)
        }
        if json {
            print(JSON.object([
                ("product", .string(tag.product.rawValue)),
                ("uid", .string(Hex.encode(session.target.uid))),
                ("version", tag.version.map { .string(Hex.encode($0)) } ?? .null),
                ("pages", .int(tag.product.pageCount)),
                ("ndefStatus", .string(report.status.rawValue)),
                ("capacity", .int(report.capacity)),
                ("signature", signature.map { .string(Hex.encode($0)) } ?? .null),
            ]).text)
        } else {
            print("Product   \(tag.product.rawValue)")
            print("UID       \(Hex.encode(session.target.uid))")
            print("Version   " + (tag.version.map { Hex.encode($0) } ?? "(no GET_VERSION)"))
            print("Memory    \(tag.product.pageCount) pages of 4 bytes")
            print("NDEF      \(report.status.rawValue), capacity \(report.capacity) bytes")
            print("Signature " + (signature.map { Hex.encode($0) } ?? "(none: no READ_SIG)"))
        }
    }
}
