// Provisioning time per NTAG 424 DNA card (`pn532ctl ntag424 provision`): the whole keying and
// check of a factory card on the in-process simulator, the serial link modelled at 115200 on
// its virtual clock, and at 921600 (wire bytes × 10 / baud, air time at 106 kbit/s, the chip's delays; no
// card-side EEPROM or AES time, which the simulator does not model for ISO-DEP cards), with
// the PN532 commands, bytes and card commands it took; then the host's CPU time per card in
// this build (the simulated chip and card included).
import Basics
import BenchTiming
import Credentials
import EV2SecureMessaging
import PN532
import PN532Simulator
import Provisioning

let quick = CommandLine.arguments.contains("--quick")

let keys = NTAG424Keys(
    master: AESKey((0..<16).map { UInt8($0) })!, piccKey: AESKey((0..<16).map { UInt8(0xF0 - $0) })!, systemIdentifier: [0x53, 0x49, 0x54, 0x45])!

/// One case: its name, its provisioner and the card presented.
struct Case {
    var name: String
    var provisioner: NTAG424Provisioner
    var card: () throws -> SimulatedTag
}

func provisioner(_ url: String, fileData: String? = nil, randomID: Bool = false) throws -> NTAG424Provisioner {
    NTAG424Provisioner(keys: keys, template: try NTAG424SUNTemplate(url, fileData: fileData.map { Array($0.utf8) }), randomID: randomID)
}

/// A session on a fresh chip holding `tag`, started (the link raised to `rate` when given), and
/// the tag listed.
func field(_ tag: SimulatedTag, rate: BaudRate? = nil) throws -> (SimulatedPN532, SimulatorLink, PN532Session, ListedTarget) {
    let chip = SimulatedPN532(tags: [tag])
    let link = SimulatorLink(chip: chip)
    let session = PN532Session(link: link)
    try session.start()
    if let rate { try session.changeBaudRate(to: rate) }
    try session.setPassiveActivationRetries(0x01)
    guard let listed = try session.listTargets(.typeA106, maxTargets: 1).first else { throw BenchFailure("no card listed") }
    return (chip, link, session, listed)
}

struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A factory card left after `commands` card commands of a first attempt (the card pulled away).
func interrupted(after commands: Int, _ provisioner: NTAG424Provisioner) throws -> SimulatedTag {
    let (chip, _, session, listed) = try field(SimulatedTag(product: .ntag424))
    chip.removeTagAfterCommands = commands
    _ = provisioner.provision(listed, session: session, seq: 1)
    guard let tag = chip.field.first ?? chip.departedTags.last else { throw BenchFailure("the card is gone") }
    return tag
}

let sun = try provisioner("https://example.com/sun?e={picc}&c={mac}")
let cases: [Case] = [
    Case(name: "factory card, e/c", provisioner: sun) { SimulatedTag(product: .ntag424) },
    Case(name: "factory card, picc_data/enc/cmac", provisioner: try provisioner(
        "https://example.com/?picc_data={picc}&enc={enc}&cmac={mac}", fileData: "room 12")) { SimulatedTag(product: .ntag424) },
    Case(name: "factory card, e/c + random ID", provisioner: try provisioner("https://example.com/sun?e={picc}&c={mac}", randomID: true)) {
        SimulatedTag(product: .ntag424)
    },
    Case(name: "resumed (pulled after key 2)", provisioner: sun) { try interrupted(after: 16, sun) },
    Case(name: "already keyed (check only)", provisioner: sun) { try interrupted(after: 1000, sun) },
]

/// Prints the table of `cases` with the link at `rate`.
func table(_ rate: BaudRate, _ cases: [Case]) throws {
    print("NTAG 424 DNA provisioning per card, in-process simulator, link modelled at \(rate.bitsPerSecond) baud")
    print("case                                 modelled ms  PN532 cmds  bytes out  bytes in  card cmds  result")
    for entry in cases {
        let (chip, link, session, listed) = try field(try entry.card(), rate: rate == .bps115200 ? nil : rate)
        let start = link.now
        let before = session.statistics
        let commandsBefore = chip.tagCommandCount
        let outcome = entry.provisioner.provision(listed, session: session, seq: 1)
        let elapsed = link.now - start
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        let stats = session.statistics
        func pad(_ text: String, _ width: Int) -> String { text.count >= width ? text : text + String(repeating: " ", count: width - text.count) }
        func left(_ text: String, _ width: Int) -> String { text.count >= width ? text : String(repeating: " ", count: width - text.count) + text }
        print(
            pad(entry.name, 36) + left(String(format1(milliseconds)), 12) + left(String(stats.commands - before.commands), 12)
                + left(String(stats.bytesSent - before.bytesSent), 11) + left(String(stats.bytesReceived - before.bytesReceived), 10)
                + left(String(chip.tagCommandCount - commandsBefore), 11) + "  " + (outcome.error ?? "ok"))
    }
}

for rate in [BaudRate.bps115200, .bps921600] {
    try table(rate, cases)
    print()
}

func format1(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
}

let (perSecond, sink) = throughput(for: .seconds(quick ? 1 : 3), batch: 1) {
    guard let (_, _, session, listed) = try? field(SimulatedTag(product: .ntag424)) else { return 0 }
    return sun.provision(listed, session: session, seq: 1).error == nil ? 1 : 0
}
print("host CPU per card (simulator included, e/c): \(format1(1000 / perSecond)) ms (\(sink) cards)")
