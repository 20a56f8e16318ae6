import PN532
import PN532Simulator

/// The least time and bytes any host needs for the commands an operation sent, against the
/// simulator's chip model: the operation's floor.
///
/// Each command that got a response counts once (a resend or a NACKed repeat does not):
///
///     wire(command) + ackDelay + max(wire(ACK), processing + RF) + wire(response)
///
/// wire(n) is the UART time of the actual frame sizes at the operation's rate (8N1, 10 bits a
/// byte, `Duration.uart`). ackDelay, processing and RF (the activation time of each tag an
/// InListPassiveTarget found) are the chip's fixed costs from `ChipTiming`. The chip sends its
/// ACK while it processes the command, so the ACK's wire time only counts where it is longer.
/// SetSerialBaudRate adds wire(host ACK), which the protocol requires before both sides switch.
/// Not in the floor, so in measured / floor: the wake-up preamble, resends, NACKs, aborts and
/// any time the host waits beyond the chip. `addCommand` also builds floors from commands no
/// host sent, such as the fewest tag commands a Type 2 operation needs (`Floor+Type2.swift`).
struct Floor {
    /// The floor's time.
    private(set) var time: Duration = .zero
    /// Round trips: commands with a response.
    private(set) var commands = 0
    /// Bytes the host must send: command frames and required ACKs.
    private(set) var bytesSent = 0
    /// Bytes the host must receive: an ACK and a response frame per command.
    private(set) var bytesReceived = 0
    /// The UART rate of every exchange.
    let bitsPerSecond: Int
    /// The chip's fixed costs.
    let timing: ChipTiming

    private static let acknowledgementCount = 6

    /// A floor with no commands yet, at `bitsPerSecond` against a chip with `timing`.
    init(bitsPerSecond: Int, timing: ChipTiming) {
        self.bitsPerSecond = bitsPerSecond
        self.timing = timing
    }

    /// The floor of the exchanges in `trace`, all at `bitsPerSecond`, against a chip with `timing`.
    init(trace: [TraceEvent], bitsPerSecond: Int, timing: ChipTiming) {
        self.init(bitsPerSecond: bitsPerSecond, timing: timing)
        var commandCount: Int?
        var lastResponseCode: UInt8?
        for event in trace {
            guard let frame = Self.frame(in: event.bytes) else { continue }
            switch (event.direction, frame) {
            case (.transmitted, .information):
                commandCount = event.bytes.count
                lastResponseCode = nil
            case (.received, .information(_, let payload)):
                guard let sent = commandCount, let code = payload.first else { continue }
                addCommand(frameBytes: sent, responseFrameBytes: event.bytes.count,
                           radio: Self.radioTime(responseCode: code, payload: payload, timing: timing))
                commandCount = nil
                lastResponseCode = code
            case (.transmitted, .ack) where lastResponseCode == CommandCode.setSerialBaudRate.responseCode:
                addHostAcknowledgement()
                lastResponseCode = nil
            default:
                continue
            }
        }
    }

    /// Adds one command: a frame of `frameBytes` answered by an ACK and a response frame of
    /// `responseFrameBytes`, with `radio` of RF work (air time, EEPROM writes) after the chip's
    /// processing.
    mutating func addCommand(frameBytes: Int, responseFrameBytes: Int, radio: Duration) {
        let acknowledgement = Duration.uart(bytes: Self.acknowledgementCount, bitsPerSecond: bitsPerSecond)
        time += .uart(bytes: frameBytes, bitsPerSecond: bitsPerSecond) + timing.acknowledgementDelay
            + max(acknowledgement, timing.processing + radio) + .uart(bytes: responseFrameBytes, bitsPerSecond: bitsPerSecond)
        commands += 1
        bytesSent += frameBytes
        bytesReceived += Self.acknowledgementCount + responseFrameBytes
    }

    /// Adds the host's ACK that SetSerialBaudRate requires before both sides switch.
    mutating func addHostAcknowledgement() {
        time += .uart(bytes: Self.acknowledgementCount, bitsPerSecond: bitsPerSecond)
        bytesSent += Self.acknowledgementCount
    }

    /// The RF time no host avoids: activating each tag InListPassiveTarget reports.
    private static func radioTime(responseCode: UInt8, payload: [UInt8], timing: ChipTiming) -> Duration {
        guard responseCode == CommandCode.inListPassiveTarget.responseCode, payload.count > 1 else { return .zero }
        return timing.activation * Int(payload[1])
    }

    /// The frame a trace event carries; nil for bytes that are not one (the wake-up preamble).
    private static func frame(in bytes: [UInt8]) -> Frame? {
        var scanner = FrameScanner()
        scanner.append(bytes)
        guard case .frame(let frame) = scanner.next() else { return nil }
        return frame
    }
}
