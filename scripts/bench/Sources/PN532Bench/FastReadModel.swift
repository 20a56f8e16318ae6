import Basics
import NDEF
import PN532
import PN532Simulator
import Type2

/// Part H's model: `pn532ctl read --device uart:PATH:921600` replayed on the in-process
/// simulator (virtual clock), and the floor of the frames any read must exchange, each frame
/// costed at the rate it travels at.
struct FastReadModel {
    /// The rate the read runs at after the switch.
    static let rate = BaudRate.bps921600

    /// The replay's time on the virtual clock, wake-up to the end of the exit's restore.
    let modelled: Duration
    /// Round trips of the replay.
    let commands: Int
    /// The frames a read must exchange: the wake-up preamble, SAMConfiguration and
    /// SetSerialBaudRate with its ACK at 115200; then at 921600 one InListPassiveTarget, the
    /// Type 2 read floor (GET_VERSION and FAST_READs of the TLV and message,
    /// `Floor.addType2Read`), the field off, and SetSerialBaudRate back with its ACK.
    let mustFloor: Duration
    /// `mustFloor` plus, at 921600, the commands with which start-up takes the chip's state
    /// over from whatever program used it last (GetFirmwareVersion, the ReadRegister of the
    /// owned registers, SetParameters, the RF timings and MaxRtyCOM) and MaxRetries before the
    /// poll: the floor of a read that keeps those checks.
    let ownedFloor: Duration

    /// Replays the read of `message` from an NTAG215 and builds the floor.
    init(message: NDEFMessage) throws {
        var tag = SimulatedTag(product: .ntag215)
        tag.memory = try BenchTag.image(of: tag.memory, holding: message)
        let link = SimulatorLink(chip: SimulatedPN532(tags: [tag]))
        let session = PN532Session(link: link)
        let start = link.now
        try session.start(switchingTo: Self.rate)
        guard let target = try Operations.scan(session).first else { throw BenchError("the NTAG215 was not found") }
        let read = try Type2Tag.identify(TargetExchange(session: session, target: target)).readNDEF()
        guard read.encoded() == message.encoded() else { throw BenchError("the model read another message") }
        try session.finish()
        modelled = link.now - start
        commands = session.statistics.commands
        let timing = link.chip.timing
        let preamble = Duration.uart(bytes: PN532Session.wakeUpPreamble.count, bitsPerSecond: BaudRate.bps115200.bitsPerSecond)
        mustFloor = preamble + Self.mustFloor(messageLength: message.encoded().count, timing: timing)
        ownedFloor = mustFloor + Self.ownershipFloor(timing: timing)
    }

    /// The start-up's ownership checks and MaxRetries, each answered as a chip left as found answers, at `rate`.
    private static func ownershipFloor(timing: ChipTiming) -> Duration {
        var fast = Floor(bitsPerSecond: rate.bitsPerSecond, timing: timing)
        let defaults = ChipDefaults()
        let registers = OwnedRegister.all.map(\.address) + [OwnedRegister.transmitControl]
        fast.add(.getFirmwareVersion, response: [0x03, 0x32, 0x01, 0x06, 0x07])
        fast.add(.readRegisters(registers), response: [0x07] + [UInt8](repeating: 0, count: registers.count))
        fast.add(.setParameters(defaults.parameters), response: [0x13])
        fast.add(.rfConfiguration(.timings(atrResponse: defaults.atrResponseTimeout, communication: defaults.communicationTimeout)), response: [0x33])
        fast.add(.rfConfiguration(.maxRetryCOM(defaults.communicationRetries)), response: [0x33])
        fast.add(.rfConfiguration(.maxRetries(atr: 0xFF, psl: 0x01, passiveActivation: 0x02)), response: [0x33])
        return fast.time
    }

    /// The frames any read must exchange, from SAMConfiguration to the restore (`mustFloor`).
    private static func mustFloor(messageLength: Int, timing: ChipTiming) -> Duration {
        var slow = Floor(bitsPerSecond: BaudRate.bps115200.bitsPerSecond, timing: timing)
        slow.add(.samConfiguration(mode: .normal), response: [0x15])
        slow.add(.setSerialBaudRate(rate), response: [0x11], closingAcknowledgement: true)
        var fast = Floor(bitsPerSecond: rate.bitsPerSecond, timing: timing)
        let target: [UInt8] = [0x4B, 0x01, 0x01, 0x00, 0x44, 0x00, 0x07, 0x04, 0xC9, 0x10, 0xAA, 0x84, 0x49, 0x80]
        fast.add(.inListPassiveTarget(maxTargets: 1), response: target, radio: timing.activation)
        fast.addType2Read(messageLength: messageLength)
        fast.add(.rfConfiguration(.field(on: false)), response: [0x33])
        fast.add(.setSerialBaudRate(.bps115200), response: [0x11], closingAcknowledgement: true)
        return slow.time + fast.time
    }
}

extension Floor {
    /// Adds `command` answered by `response` (response code and data), with `radio` of RF
    /// work, and the host's ACK that closes SetSerialBaudRate when asked.
    mutating func add(_ command: Command, response: [UInt8], radio: Duration = .zero, closingAcknowledgement: Bool = false) {
        let answer = Frame.information(direction: .chipToHost, payload: response)
        addCommand(frameBytes: (try? command.frame.encoded().count) ?? 0, responseFrameBytes: (try? answer.encoded().count) ?? 0, radio: radio)
        if closingAcknowledgement { addHostAcknowledgement() }
    }
}
