import Basics
import NFCCore
import PN532
import PN532Simulator

/// A driver session on an in-process simulated PN532: the chip, the link on its virtual clock,
/// and the session under test.
struct SimulatedReader {
    let chip: SimulatedPN532
    let link: SimulatorLink
    let session: PN532Session

    /// A session on a new link to `chip`; nothing is sent yet.
    init(chip: SimulatedPN532, settings: SessionSettings = SessionSettings()) {
        self.chip = chip
        link = SimulatorLink(chip: chip)
        session = PN532Session(link: link, settings: settings)
    }

    /// A session on a new chip with `tags` in its field, still asleep.
    init(tags: [SimulatedTag] = [], settings: SessionSettings = SessionSettings()) {
        self.init(chip: SimulatedPN532(tags: tags), settings: settings)
    }

    /// A reader whose session has started (woken and configured) the chip.
    static func started(tags: [SimulatedTag] = [], settings: SessionSettings = SessionSettings()) throws -> SimulatedReader {
        let reader = SimulatedReader(tags: tags, settings: settings)
        try reader.session.start()
        return reader
    }

    /// Activates the tags in the field and returns an exchange with the first target.
    func selectFirstTarget() throws -> TargetExchange {
        let targets = try session.listPassiveTargets(maxTargets: 1)
        guard let target = targets.first else { throw NoTargetFound() }
        return TargetExchange(session: session, target: target)
    }

    /// The virtual time `body` takes on the link's clock.
    func elapsed(_ body: () throws -> Void) rethrows -> Duration {
        let before = link.now
        try body()
        return link.now - before
    }
}

/// InListPassiveTarget found no tag where a test put one.
struct NoTargetFound: Error {}

/// The firmware the simulated chip reports: PN532 v1.6, ISO 14443-A, ISO 14443-B and ISO 18092.
let simulatedFirmware = FirmwareVersion(ic: 0x32, version: 0x01, revision: 0x06, support: [.iso14443TypeA, .iso14443TypeB, .iso18092])

/// A target as InListPassiveTarget reports a simulated NTAG: ATQA 0044, SAK 00.
func simulatedTarget(number: UInt8, uid: [UInt8]) -> PassiveTarget {
    PassiveTarget(number: number, atqa: 0x0044, sak: 0x00, uid: uid)
}

/// An NTAG215 whose user pages hold a known pattern that differs from page to page.
func patternedTag(uid: [UInt8]? = nil) -> SimulatedTag {
    var tag = SimulatedTag(product: .ntag215, uid: uid)
    for index in 16..<(0x82 * 4) {
        tag.memory[index] = UInt8(truncatingIfNeeded: index &* 151 &+ 7)
    }
    return tag
}

/// The 16 bytes READ returns for `page` of `tag`, for pages 0 … last − 3 outside PWD and PACK.
func readAnswer(_ tag: SimulatedTag, page: Int) -> [UInt8] {
    Array(tag.memory[(page * 4)..<(page * 4 + 16)])
}

/// The time `command`'s frame and the ACK take on the wire at `bitsPerSecond`: the wire part
/// of the session's ACK window.
func commandAndAcknowledgementWireTime(_ command: Command, bitsPerSecond: Int = 115_200) throws -> Duration {
    .uart(bytes: try command.frame.encoded().count + 6, bitsPerSecond: bitsPerSecond)
}
