import ArgumentParser
import Credentials
import PN532Reader
import Provisioning

/// `pn532ctl ntag424 provision`: key a stack of NTAG 424 DNA cards, one after another, on one
/// open reader, as `flash` writes tags (the same loop, report and output).
struct NTAG424ProvisionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "provision",
        abstract: "Key NTAG 424 DNA cards: per-card keys, SUN URL, verified (one card after another).",
        discussion: """
            Each card gets, in a session of its factory key 0: the NDEF file with the URL \
            (--url, with {picc} and {mac}, and {enc} with --file-data TEXT, each the value \
            of a query parameter: ?e={picc}&c={mac}), the CC file's \
            write access (key 3), the NDEF file's settings (read free, write with key 3, \
            change with key 0; SUN: encrypted PICCData under key 2, SDMMAC and {enc} under \
            key 1), keys 1-4 and then key 0, all at --key-version. Key K of a card is \
            AN10922(master key, UID || K || system id) (pn532ctl key derive --uid UID \
            --key-number K), except key 2, the PICCData key, which is --picc-key-file's on \
            every card: a verifier learns the UID only by decrypting PICCData. Then it is \
            checked: a SUN read through the card verifies (as sun verify checks it), and \
            every key authenticates. \
            --random-id --yes turns random ID on last (for good).

            A card pulled away is found again where it stopped (its key versions, read \
            without a key, and the key 0 that authenticates tell): present it again and \
            the run resumes it or checks it. A card that is not an NTAG 424 DNA, or whose \
            keys or settings are another site's, is refused with nothing changed. Report, \
            --json, --count, --resume and Ctrl-C as in flash.

            Examples:
              pn532ctl ntag424 provision --master-key-file site.key --picc-key-file picc.key --url 'https://example.com/sun?e={picc}&c={mac}'
              pn532ctl ntag424 provision --master-key-file site.key --picc-key-file picc.key --url 'https://example.com/?picc_data={picc}&enc={enc}&cmac={mac}' --file-data 'room 12' --report cards.csv
            """)

    @OptionGroup var device: DeviceOptions
    @OptionGroup var site: NTAG424SiteOptions

    @Option(help: ArgumentHelp("The site's PICCData key (key 2 of every card; 16 raw bytes or 32 hex digits, mode 600).", valueName: "FILE"), completion: .file())
    var piccKeyFile: String

    @Option(help: ArgumentHelp("The URL template: {picc} (encrypted UID and counter), {mac} (SDMMAC), optionally {enc}.", valueName: "TEMPLATE"))
    var url: String

    @Option(help: ArgumentHelp("With {enc}: the text (1-16 bytes) the card encrypts into it.", valueName: "TEXT"))
    var fileData: String?

    @Flag(help: "Turn random ID on, last (irreversible: needs --yes).")
    var randomId = false

    @Flag(help: "Confirm --random-id.")
    var yes = false

    @Option(help: ArgumentHelp("Append one CSV row per card to FILE.", valueName: "FILE"), completion: .file())
    var report: String?

    @Flag(help: "Skip cards the report already lists as ok (and count them as done).")
    var resume = false

    @Option(help: ArgumentHelp("Stop when N cards are done (at least 1).", valueName: "N"))
    var count: Int?

    @Flag(help: "Print one JSON event per line (as flash).")
    var json = false

    func validate() throws {
        if resume, report == nil { throw ValidationError("--resume needs --report FILE") }
        if let count, count < 1 { throw ValidationError("--count must be at least 1") }
    }

    func run() throws {
        if randomId, !yes { throw CLIError.needsConfirmation("--random-id is irreversible (the card shows a random UID for good)") }
        let template: NTAG424SUNTemplate
        do throws(NTAG424SUNTemplate.Problem) { template = try NTAG424SUNTemplate(url, fileData: fileData.map { Array($0.utf8) }) } catch {
            throw CLIError.usage("--url: \(error)")
        }
        let systemIdentifier = try site.systemIdentifier()
        let version = try site.version()
        let master = try site.master(warn: !json)
        let picc = try AESKeyFile.commandLineRead(piccKeyFile, noun: "PICCData key file")
        guard let keys = NTAG424Keys(master: master, piccKey: picc, systemIdentifier: systemIdentifier, version: version) else {
            throw CLIError.usage("--system-id and --key-version do not make a key plan")
        }
        let flashReport = try report.map { path throws(CLIError) in
            do throws(ProvisioningError) { return try FlashReport(path: path) } catch { throw CLIError(error) }
        }
        let alreadyDone = resume ? flashReport?.doneUIDs ?? [] : []
        let interrupt = try FlashInterrupt()
        let progress = FlashProgress(style: FlashProgress.style(json: json), total: count)
        if let count, alreadyDone.count >= count {
            progress.summary(failed: 0, skipped: 0, interrupted: false)
            return
        }
        let reader = try Reader.open(device)
        defer { reader.close() }
        progress.device = reader.spec.description
        let run = FlashRun(
            session: reader.session, writer: NTAG424Provisioner(keys: keys, template: template, randomID: randomId), report: flashReport,
            progress: progress, isInterrupted: { interrupt.isInterrupted }, goal: count, alreadyDone: alreadyDone)
        progress.ready(done: alreadyDone.count)
        let finished: Bool
        do throws(ProvisioningError) { finished = try run.run() } catch { throw CLIError(error) }
        progress.summary(failed: run.failed, skipped: run.skipped, interrupted: !finished)
        if !finished { throw ExitCode(interrupt.exitCode) }
    }
}
