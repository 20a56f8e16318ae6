import ArgumentParser
import PN532Simulator
import PN532ReaderSimulator
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// `pn532ctl sim`: a simulated PN532 on a pseudo-terminal, for libnfc, nfcpy or this tool.
struct SimCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sim",
        abstract: "Serve a simulated PN532 with tags on a pseudo-terminal.",
        discussion: """
            Prints `pty PATH` and serves until SIGINT (exit 130) or SIGTERM (143), in real time (UART time at \
            the chip's rate, air time, EEPROM write time). Other programs open PATH as a PN532 \
            on a serial port, e.g. LIBNFC_DEVICE=pn532_uart:PATH nfc-list. \
            Tags: ntag213, ntag215, ntag216, ntag210, ntag212, ultralight, ultralight-ev1-11, \
            ultralight-ev1-21, blank (Type 2); ultralight-aes (MIFARE Ultralight AES, Type 2: all-zero AES keys, \
            3-pass AES authentication, a published real card's UID and NXP signature; :keys=test keys it with \
            DataProtKey 11..11, UIDRetrKey 22..22 and pages 4 on protected, :master=HEX instead diversifies \
            its DataProtKey from that site master key and its UID (AN10922), :keys=clone is a perfect copy \
            without its keys); classic1k, classic4k, classic-mini (MIFARE Classic, \
            default keys FFFFFFFFFFFF); desfire (DESFire EV1, no applications: format gives it the \
            NDEF application), desfire-ndef (DESFire EV1 with the NDEF application, Type 4), desfire-keyed (a \
            blank DESFire whose PICC needs the master key to create an application), ntag424 (NTAG 424 DNA: all-zero keys, \
            EV2 authentication and secure messaging, SDM/SUN, Random ID, Type 4; :keys=test keys it with the test keys \
            11..11 to 55..55 and SUN on, :keys=clone is a perfect copy of that card without its keys), desfire-ev2, desfire-ev3 \
            (DESFire EV2/EV3: AES applications, EV2 authentication and secure messaging, a genuine NXP signature for the \
            default UID; :keys=test gives it application F54201 with keys diversified (AN10922) from the test keys \
            11..11 to 55..55 over UID+AID, :keys=clone a perfect copy without its keys), phone (ISO-DEP; the phone's UID is random), \
            phone-ndef (a phone emulating a read-only Type 4 tag); \
            topaz512, topaz96 (Type 1, hold an NDEF message); felica-lite-s and felica-12fc (Type 3, hold an NDEF message); typeb (ISO/IEC \
            14443-4 Type B, no NDEF). \
            Options :uid=HEX (7 bytes; 4 for Classic, the 4-byte PUPI for typeb, the 8-byte IDm \
            for FeliCa) :sig=HEX (32 bytes; 56 for ntag424, desfire-ev2, desfire-ev3; 48 for ultralight-aes) \
            :image=FILE.mfd (Type 2 and Classic, as nfc-mfultralight/nfc-mfclassic write it). \
            Control (standard input or --control FIFO): \(SimulatorServer.controlHelp).

            Examples:
              pn532ctl sim --link /tmp/pn532 --tag ntag213:uid=04A1B2C3D4E5F6
              pn532ctl sim --empty --control /tmp/pn532.fifo
            """)

    @Option(name: .long, help: ArgumentHelp("Create a symlink at PATH to the pty.", valueName: "PATH"), completion: .file())
    var link: String?

    @Option(name: .customLong("tag"), help: ArgumentHelp("A tag in the field (repeatable); default: an NTAG215 with a URI.", valueName: "SPEC"))
    var tags: [String] = []

    @Flag(help: "Start with an empty field.")
    var empty = false

    @Option(name: .customLong("fault"), help: ArgumentHelp("Inject faults: \(FaultOptions.help).", valueName: "NAME=VALUE"))
    var faults: [String] = []

    @Option(help: ArgumentHelp("Read control commands from this FIFO instead of standard input.", valueName: "FIFO"))
    var control: String?

    @Option(help: ArgumentHelp("Trace every frame both ways, wake-ups, rate changes and injected faults to FILE ('-': standard error).", valueName: "FILE"), completion: .file())
    var trace: String?

    func validate() throws {
        if empty, !tags.isEmpty { throw ValidationError("--empty and --tag contradict each other") }
    }

    func run() throws {
        let faultOptions = try FaultOptions.parse(faults)
        let chip = SimulatedPN532(tags: try initialTags())
        chip.removeTagAfterCommands = faultOptions.tagRemoveAfter
        let traceDescriptor = try openTrace()
        defer { if traceDescriptor > STDERR_FILENO { close(traceDescriptor) } }
        if traceDescriptor >= 0 { chip.trace = SimTracePrinter(descriptor: traceDescriptor).print }
        let server: SimulatorServer
        do throws(SimulatorServerError) {
            server = try SimulatorServer(
                chip: chip, hostToChipFaults: faultOptions.byteFaults(direction: 1), chipToHostFaults: faultOptions.byteFaults(direction: 2),
                control: control, reply: Self.reply)
        } catch {
            throw Self.cliError(error)
        }
        if let link { try makeLink(link, to: server.path) }
        defer { if let link { unlink(link) } }
        print("pty \(server.path)")
        fflush(nil)
        let signal: Int32
        do throws(SimulatorServerError) { signal = try server.serve() } catch { throw Self.cliError(error) }
        throw ExitCode(128 + signal)
    }

    /// Prints a control command's answer at once.
    private static func reply(_ text: String) {
        print(text)
        fflush(nil)
    }

    /// The command line's error for the server's: 66 for a control FIFO that cannot be opened, else 74.
    private static func cliError(_ error: SimulatorServerError) -> CLIError {
        if case .control = error { return .noInput(error.description) }
        return .io(error.description)
    }

    /// The descriptor `--trace` writes to: standard error for `-`, the file (created or
    /// appended to) otherwise, -1 without `--trace`.
    private func openTrace() throws(CLIError) -> Int32 {
        guard let trace else { return -1 }
        if trace == "-" { return STDERR_FILENO }
        do throws(Errno) {
            return try FileDescriptor.opening(trace, .writeOnly, options: [.create, .append], permissions: [.ownerReadWrite, .groupRead, .otherRead]).rawValue
        } catch {
            throw .io("--trace \(trace): \(error)")
        }
    }

    private func initialTags() throws(CLIError) -> [SimulatedTag] {
        if empty { return [] }
        if tags.isEmpty { return [SimulatorTags.defaultTag()] }
        var made: [SimulatedTag] = []
        for text in tags {
            do {
                made.append(try TagSpec.parse(text).makeTag())
            } catch let error as TagImageError {
                throw CLIError(tagImage: error, context: "--tag \(text)")
            } catch {
                throw .usage("--tag \(text): \(error)")
            }
        }
        return made
    }

    /// Points `path` at the pty, replacing an old symlink but never another kind of file.
    private func makeLink(_ path: String, to target: String) throws(CLIError) {
        var status = stat()
        if lstat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFLNK else { throw .usage("--link \(path) exists and is not a symlink: not replacing it") }
            unlink(path)
        }
        guard symlink(target, path) == 0 else { throw .io("--link \(path): \(Errno.latest)") }
    }
}
