import PN532
import JSONText
import ArgumentParser
import Basics
import NFCCore
import Type2

/// `pn532ctl dump`: every page, annotated.
struct DumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Print every page of the tag as hex and ASCII, annotated; --out writes a libnfc .mfd.",
        discussion: """
            Examples:
              pn532ctl dump
              pn532ctl dump --out tag.mfd
              pn532ctl dump --json
            """)

    @OptionGroup var options: TagOptions
    @OptionGroup var credentials: PasswordOptions

    @Flag(help: PasswordGuess.confirmationHelp)
    var yes = false

    @Option(help: ArgumentHelp("Write the pages to FILE in libnfc's .mfd format (raw pages from page 0).", valueName: "FILE"), completion: .file())
    var out: String?

    @Flag(help: "Print JSON: product, uid, device and the pages with their notes.")
    var json = false

    func validate() throws {
        try FlagConflict.refuse(("--json", json), ("--out", out != nil), "--out writes the raw pages, --json prints them annotated")
    }

    func run() throws {
        let session = try TagSession.open(options, exclusive: false)
        defer { session.close() }
        try session.authenticate(credentials, confirmed: yes, quiet: json)
        let tag = session.tag
        let bytes: [UInt8]
        do throws(Type2Error) { bytes = try tag.read(pages: 0..<tag.product.pageCount) } catch { throw session.failure(error) }
        if let out {
            try FileIO.write(bytes, to: out)
            let status = "Wrote \(bytes.count) bytes (\(tag.product.pageCount) pages of \(tag.product.rawValue)) to \(out)"
            // The pages alone on standard output: the status goes to standard error then.
            if out == "-" { StandardError.write(status + "\n") } else { print(status) }
            return
        }
        let notes = PageNotes(product: tag.product, bytes: bytes)
        if json {
            let pages = (0..<tag.product.pageCount).map { page in
                JSON.object([("page", .int(page)), ("hex", .string(Hex.encode(bytes[page * 4..<page * 4 + 4]))), ("note", .string(notes.note(for: page)))])
            }
            print(JSON.object(TagJSON.header(session) + [("pages", .array(pages))]).text)
            return
        }
        for page in 0..<tag.product.pageCount {
            let data = Array(bytes[page * 4..<page * 4 + 4])
            let ascii = String(data.map { (0x20...0x7E).contains($0) ? Character(UnicodeScalar($0)) : "." })
            let number = Hex.encode([UInt8(page)])
            print("\(number) (\(String(repeating: " ", count: 3 - String(page).count))\(page))  \(Hex.encode(data).inserting(spaces: 2))  \(ascii)  \(notes.note(for: page))")
        }
    }
}

extension String {
    /// The string with a space every `width` characters: "D1010A55" → "D1 01 0A 55".
    func inserting(spaces width: Int) -> String {
        var out = ""
        for (index, character) in enumerated() {
            if index > 0, index % width == 0 { out.append(" ") }
            out.append(character)
        }
        return out
    }
}
