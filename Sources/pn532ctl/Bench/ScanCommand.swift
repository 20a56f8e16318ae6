import JSONText
import ArgumentParser
import NFCCore
import PN532Reader
import PN532

/// `pn532ctl scan`: the tags in the field, once or as presentation and removal events.
struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "List the tags in the reader's field: type A, then FeliCa 212/424, type B, Jewel.",
        discussion: """
            Prints each tag's UID (fixed width, leading zeros kept), ATQA and SAK, and its card \
            family (MIFARE Classic 1K, MIFARE DESFire, FeliCa Lite-S …); a FeliCa card's IDm and \
            PMm, a type B card's PUPI and ATQB, a Jewel's JEWELID. Type A is polled first; the \
            other families only when no type A tag answered (one activation attempt each). \
            With --wait, rounds follow until a tag answers: the chip waits for a type A tag \
            for up to 0.25 s, then the other families are polled. With two tags, says "More \
            than one tag detected". Exit status 1 when no tag was found. \
            --watch prints one line per presentation and one per removal, of every family, \
            until --count presentations or --timeout seconds: the chip cycles through every \
            family itself (InAutoPoll: type A within 0.15 s, the others within 1.05 s), and \
            while tags are in the field every family is listed again every 0.1 s.

            Examples:
              pn532ctl scan --wait 10
              pn532ctl scan --watch --count 3 --json
            """)

    @OptionGroup var device: DeviceOptions

    @Flag(help: "Print JSON (one object; with --watch one object per line).")
    var json = false

    @Option(help: ArgumentHelp("Seconds to wait for a tag, more than 0 and at most 86400 (default: one short poll).", valueName: "SECONDS"))
    var wait: Double?

    @Flag(help: "Report presentations and removals until stopped.")
    var watch = false

    @Option(help: ArgumentHelp("With --watch: stop after N presentations (at least 1).", valueName: "N"))
    var count: Int?

    @Option(help: ArgumentHelp("With --watch: stop after this many seconds, more than 0 and at most 86400.", valueName: "SECONDS"))
    var timeout: Double?

    func validate() throws {
        for (name, value) in [("--wait", wait), ("--timeout", timeout)] {
            if let value, !(value > 0 && value <= 86_400) { throw ValidationError("\(name) must be between 0 and 86400 seconds") }
        }
        if let count, count < 1 { throw ValidationError("--count must be at least 1") }
        if !watch, count != nil || timeout != nil { throw ValidationError("--count and --timeout go with --watch") }
    }

    func run() throws {
        let reader = try Reader.open(device)
        defer { reader.close() }
        var found = true
        do throws(PN532Error) {
            if watch {
                try TagWatcher(session: reader.session, device: reader.spec.description, json: json, count: count, timeout: timeout.map(Self.duration)).run()
            } else {
                found = try scanOnce(reader.session, device: reader.spec.description)
            }
        } catch {
            throw CLIError.reader(error)
        }
        if !found { throw ExitCode.failure }
    }

    /// Lists the targets once; false when there was none.
    private func scanOnce(_ session: PN532Session, device: String) throws(PN532Error) -> Bool {
        let targets = try session.pollEveryFamily(wait: wait.map(Self.duration))
        if json {
            print(JSON.object([
                ("device", .string(device)),
                ("count", .int(targets.count)),
                ("moreThanOneTag", .bool(targets.count > 1)),
                ("tags", .array(targets.map { CardText.json($0, device: device) })),
            ]).text)
        } else {
            if targets.isEmpty { print("No tag in the field.") }
            targets.forEach { print(CardText.line($0)) }
            if targets.count > 1 { print("More than one tag detected.") }
        }
        return !targets.isEmpty
    }

    static func duration(_ seconds: Double) -> Duration {
        .milliseconds(Int64(seconds * 1000))
    }
}
