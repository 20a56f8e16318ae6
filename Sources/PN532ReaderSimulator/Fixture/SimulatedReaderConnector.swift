import SystemPackage
import Basics
import NFCCore
import PN532
import PN532Reader
import PN532Simulator

/// The in-process simulator as a reader that a `FieldWatcher` (the door) opens and recovers:
/// one link to `chip` on the simulator's virtual clock, with faults on its bytes and a UART
/// rate. It can be unplugged (opening and resetting then fail as on a device that is gone);
/// `resetChip` resets the chip as RSTPD_N would, and an opening finds a stalled chip powered
/// on again. The one simulated reader of the tests, benchmarks and fuzzers.
public final class SimulatedReaderConnector: ReaderConnector {
    /// The chip.
    public let chip: SimulatedPN532
    /// The link every session runs on; its clock is the test's.
    public let link: SimulatorLink
    /// The UART rate a session is moved to once the chip answers, for the rest of start-up.
    public let rate: BaudRate
    /// False for a reader without a wired RSTPD_N line: `resetChip` then does nothing.
    public let hasResetLine: Bool
    /// True while the reader is unplugged.
    public var unplugged = false
    /// How many times it was opened.
    public private(set) var connects = 0
    /// How many times the chip was reset through RSTPD_N.
    public private(set) var resets = 0
    /// The session of the last opening.
    public private(set) var session: PN532Session?

    /// A reader on `chip` with `faults` on the bytes both ways, moved to `rate` once started.
    public init(chip: SimulatedPN532 = SimulatedPN532(), faults: ByteFaults = .none, rate: BaudRate = .bps115200, hasResetLine: Bool = true) {
        self.chip = chip
        self.rate = rate
        self.hasResetLine = hasResetLine
        link = SimulatorLink(chip: chip, hostToChipFaults: faults, chipToHostFaults: faults)
    }

    /// The link's clock.
    public var now: MonotonicTime { link.now }

    public var name: String { "sim" }

    public func connect() throws(PN532Error) -> PN532Session {
        connects += 1
        guard !unplugged else {
            throw PN532Error(.link(LinkError(.open, device: name, errno: .noSuchFileOrDirectory, operation: "open")), command: nil, device: name)
        }
        if chip.isStalled { chip.reset(at: link.now) }
        let session = PN532Session(link: link)
        _ = try session.start(switchingTo: rate)
        self.session = session
        return session
    }

    public func disconnect(_ session: PN532Session) {}

    public func resetChip() throws(PN532Error) -> Bool {
        guard hasResetLine else { return false }
        guard !unplugged else {
            throw PN532Error(.link(LinkError(.io, device: name, errno: .ioError, operation: "write")), command: nil, device: name)
        }
        resets += 1
        chip.reset(at: link.now)
        return true
    }
}
