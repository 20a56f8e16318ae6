import PN532
import JSONText
import ArgumentParser
import Basics
import NFCCore
import NFCTags
import TagProtocols
import Type2

/// `pn532ctl dump`: every page, annotated.
struct DumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Print the tag's memory as hex and ASCII, annotated; --out writes its image (a Type 2 tag's as a libnfc .mfd).",
        discussion: """
            A Type 2 tag: every page, 4 bytes each; --out writes libnfc's .mfd (the pages \
            from page 0). The other families in their own units, --out writing the bytes \
            in memory order: a Topaz (Type 1) its memory from byte 0 in 8-byte blocks (120 \
            bytes on a Topaz 96 by RALL, 512 on a Topaz 512 by RSEG); a FeliCa (Type 3) the \
            16-byte blocks of service 000B, block 0 (the attribute information block) to \
            Nmaxb (at most 2048), or on a Lite-S blocks 00-0E, then in the listing its \
            readable system blocks (ID, D_ID, SYS_C, MC …); a Type 4 card its CC file \
            (E103, CCLEN bytes, at most 512) then its NDEF file (the size the CC gives, at \
            most 32768), in 16-byte rows. A size from the card beyond those bounds, or a \
            file or block the card does not let be read, is left out and named (a warning \
            on standard error; "limit" under --json).

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

    @Flag(help: "Print JSON: product, uid, device and the pages with their notes (other families: nfcForumType, bytes, limit and the blocks).")
    var json = false

    func validate() throws {
        try FlagConflict.refuse(("--json", json), ("--out", out != nil), "--out writes the raw pages, --json prints them annotated")
    }

    func run() throws {
        let session: TagSession
        switch try TagSession.find(options, exclusive: false) {
        case let .type2(found): session = found
        case let .ndef(card):
            defer { card.close() }
            return try dump(card)
        case let .other(card): throw card.refusal
        }
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

extension DumpCommand {
    /// Dumps a Type 1, 3 or 4 tag: its layer's memory image.
    private func dump(_ card: NDEFCardSession) throws(CLIError) {
        try card.refusePassword(credentials)
        guard let tag = card.tag as? any MemoryImageTag else { throw card.refuse("dump") }
        let image: TagMemoryImage
        do throws(TagFailure) { image = try tag.readMemoryImage() } catch { throw .tag(error) }
        if let limit = image.limit, !json { StandardError.write("warning: \(limit)\n") }
        if let out {
            try FileIO.write(image.file, to: out)
            let status = "Wrote \(image.file.count) bytes (the memory image of \(card.name), \(card.typeName)) to \(out)"
            if out == "-" { StandardError.write(status + "\n") } else { print(status) }
            return
        }
        if json {
            let blocks = image.blocks.map { block in
                JSON.object([
                    ("area", .string(block.area)), ("block", .int(block.number)), ("offset", .int(block.offset)),
                    ("hex", .string(Hex.encode(block.bytes))), ("note", .string(block.note)),
                ])
            }
            print(JSON.object(card.header + [
                ("nfcForumType", card.family.nfcForumType.map { .int($0) } ?? .null), ("bytes", .int(image.file.count)),
                ("limit", image.limit.map { .string($0) } ?? .null), ("blocks", .array(blocks)),
            ]).text)
            return
        }
        let width = image.blocks.map(\.bytes.count).max() ?? 0
        for block in image.blocks {
            let hex = Hex.encode(block.bytes).inserting(spaces: 2)
            let ascii = String(block.bytes.map { (0x20...0x7E).contains($0) ? Character(UnicodeScalar($0)) : "." })
            let padding = String(repeating: " ", count: max(0, width * 3 - 1 - hex.count))
            let note = block.note.isEmpty ? "" : String(repeating: " ", count: max(0, width - ascii.count)) + "  " + block.note
            print("\(block.label)  \(hex)\(padding)  \(ascii)\(note)")
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
