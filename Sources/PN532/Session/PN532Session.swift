import Basics
import NFCCore
/// A conversation with one PN532 over a link.
///
/// `run(_:timeout:)` carries out the host side of the PN532's protocol: it sends a command,
/// waits a short window for the ACK and resends the command when none comes (UM0701 §6.2.3),
/// then waits for the response until a deadline, answering a corrupt response with a NACK so
/// that the chip sends it again, and aborting the command with an ACK when the deadline
/// passes. Every wait has a deadline.
public final class PN532Session {
    /// The link to the chip.
    public let link: any ByteLink
    /// Timeouts and retry counts.
    public var settings: SessionSettings
    /// Called for every frame sent and received, for `--trace`.
    public var trace: ((TraceEvent) -> Void)?
    /// What the session did so far.
    public private(set) var statistics = SessionStatistics()
    /// True once a command that may switch the RF field on has run.
    public internal(set) var fieldMayBeOn = false
    /// The settings start-up sends because no command reads them back.
    public var defaults = ChipDefaults()
    /// What start-up found off and put right, oldest first; empty when the chip was as expected.
    public internal(set) var findings: [ChipFinding] = []
    /// True while the settings `claimSettings()` owns are known to hold.
    public internal(set) var settingsOwned = false
    /// The target InCommunicateThru speaks to, as far as the replies tell: see
    /// `noteCurrentTarget(_:parameters:payload:)`; nil when unknown.
    public internal(set) var currentTarget: UInt8?

    private var scanner = FrameScanner()
    /// The deadline of the last read of the link, for `nextFrame(until:)`.
    private var lastReadDeadline: MonotonicTime?
    private var command: CommandCode?
    private var parameters: [UInt8] = []

    /// The bytes that wake a PN532 from power-down on HSU: `55 55` and zeros (libnfc sends 14).
    public static let wakeUpPreamble: [UInt8] = [0x55, 0x55] + [UInt8](repeating: 0, count: 14)

    /// Creates a session on an open link. Nothing is sent until the first call.
    public init(link: any ByteLink, settings: SessionSettings = SessionSettings(), trace: ((TraceEvent) -> Void)? = nil) {
        self.link = link
        self.settings = settings
        self.trace = trace
    }

    /// Runs `command` and returns the response payload (response code, then data).
    ///
    /// - Parameter timeout: the response deadline after the ACK; `settings.responseTimeout`
    ///   when nil.
    /// - Throws: `PN532Error` with the command and device.
    public func run(_ command: Command, timeout: Duration? = nil) throws(PN532Error) -> [UInt8] {
        try begin(command)
        return try response(within: timeout ?? settings.responseTimeout)
    }

    /// The command sent by `begin(_:)` whose response has not been collected yet.
    public private(set) var pending: CommandCode?

    /// Sends `command` and waits for its ACK, leaving the response to `response(within:)`.
    ///
    /// For commands that wait for the outside world (InListPassiveTarget with MaxRetries FF):
    /// the host can sleep on the link's file descriptor, alongside others, until the chip
    /// answers, and abort with `cancel()` when it has something else to do.
    public func begin(_ command: Command) throws(PN532Error) {
        self.command = command.code
        parameters = command.parameters
        pending = nil
        if Self.targetCommands.contains(command.code) { currentTarget = nil }
        let bytes: [UInt8]
        do throws(FrameEncodingError) {
            bytes = try command.frame.encoded()
        } catch {
            defer { self.command = nil }
            throw failure(.invalidCommand(error.description))
        }
        if Self.fieldCommands.contains(command.code) { fieldMayBeOn = true }
        if Self.changesOwnedSettings(command) { settingsOwned = false }
        do throws(PN532Error) {
            try sendAndAwaitAcknowledgement(bytes, summary: command.code.name)
        } catch {
            self.command = nil
            throw error
        }
        pending = command.code
    }

    /// Waits up to `timeout` for the response to the command `begin(_:)` sent, and returns
    /// its payload (response code, then data). At the deadline the command is aborted.
    public func response(within timeout: Duration) throws(PN532Error) -> [UInt8] {
        guard let code = pending else { throw failure(.invalidCommand("no command is waiting for a response")) }
        defer {
            pending = nil
            command = nil
        }
        guard let payload = try awaitResponse(to: code, within: timeout, abortAtDeadline: true) else {
            throw failure(.timeout(timeout))
        }
        statistics.commands += 1
        noteCurrentTarget(code, parameters: parameters, payload: payload)
        return payload
    }

    /// The response to the command `begin(_:)` sent if it arrives before `deadline`; nil
    /// when it has not, in which case the command stays pending (not aborted).
    public func responseIfReady(until deadline: MonotonicTime) throws(PN532Error) -> [UInt8]? {
        guard let code = pending else { throw failure(.invalidCommand("no command is waiting for a response")) }
        guard let payload = try awaitResponse(to: code, within: max(.zero, deadline - link.now), abortAtDeadline: false) else {
            return nil
        }
        pending = nil
        command = nil
        statistics.commands += 1
        noteCurrentTarget(code, parameters: parameters, payload: payload)
        return payload
    }

    /// Aborts the command `begin(_:)` sent (an ACK frame) and drops what it may have answered.
    public func cancel() throws(PN532Error) {
        pending = nil
        command = nil
        try abort()
        try discardInput()
    }

    /// Sends the wake-up preamble. The chip then needs a SAMConfiguration, which `start()` sends.
    public func sendWakeUp() throws(PN532Error) {
        try send(Self.wakeUpPreamble, summary: "wake-up")
    }

    /// Aborts whatever the chip is doing by sending an ACK frame (UM0701 §6.2.1.3).
    public func abort() throws(PN532Error) {
        try send(Self.acknowledgement, summary: "ACK (abort)")
    }

    /// Sends the ACK that completes an exchange which needs one (SetSerialBaudRate).
    func acknowledge() throws(PN532Error) {
        try send(Self.acknowledgement, summary: "ACK")
    }

    /// Lets `duration` pass on the link's clock, keeping whatever arrives for the next read.
    func idle(_ duration: Duration) throws(PN532Error) {
        let deadline = link.now + duration
        while link.now < deadline {
            let bytes: [UInt8]
            do throws(LinkError) { bytes = try link.read(until: deadline) } catch { throw failure(.link(error)) }
            statistics.bytesReceived += bytes.count
            scanner.append(bytes)
        }
    }

    /// Drops bytes received but not read, and the frame scanner's buffer.
    public func discardInput() throws(PN532Error) {
        do throws(LinkError) { try link.discardInput() } catch { throw failure(.link(error)) }
        scanner.reset()
    }

    /// An error for `command`, by default the running one, on this link.
    func failure(_ kind: PN532Error.Kind, command: CommandCode? = nil) -> PN532Error {
        PN532Error(kind, command: command ?? self.command, device: link.name, link: link.kind, diagnosis: link.diagnosis)
    }

    /// Commands after which the RF field may be on.
    private static let fieldCommands: Set<CommandCode> = [
        .rfConfiguration, .inListPassiveTarget, .inAutoPoll, .inDataExchange, .inCommunicateThru, .inSelect,
    ]

    private static let acknowledgement: [UInt8] = [0x00, 0x00, 0xFF, 0x00, 0xFF, 0x00]
    private static let negativeAcknowledgement: [UInt8] = [0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00]

    private func sendAndAwaitAcknowledgement(_ bytes: [UInt8], summary: String) throws(PN532Error) {
        for attempt in 1...max(1, settings.sendAttempts) {
            if attempt > 1 { statistics.resends += 1 }
            try send(bytes, summary: summary)
            let wire = Duration.uart(bytes: bytes.count + Self.acknowledgement.count, bitsPerSecond: link.bitsPerSecond ?? 0)
            let deadline = link.now + (link.bitsPerSecond == nil ? .zero : wire) + settings.acknowledgementWindow
            while let result = try nextFrame(until: deadline) {
                switch result {
                case .frame(.ack): return
                case .frame(.error): throw failure(.syntaxError)
                case .frame, .corrupt: continue
                }
            }
        }
        throw failure(.noAcknowledgement(attempts: max(1, settings.sendAttempts)))
    }

    private func awaitResponse(to code: CommandCode, within timeout: Duration, abortAtDeadline: Bool) throws(PN532Error) -> [UInt8]? {
        let deadline = link.now + timeout
        var nacks = 0
        var garbageSeen = scanner.garbageByteCount
        var nackUnanswered = false
        while true {
            let quietLimit = min(deadline, link.now + settings.acknowledgementWindow)
            guard let result = try nextFrame(until: quietLimit) else {
                if link.now >= deadline {
                    guard abortAtDeadline else { return nil }
                    try abort()
                    throw failure(.timeout(timeout))
                }
                // A frame whose start was garbled leaves only skipped bytes, and a NACK can be
                // lost itself: ask again in both cases too.
                guard scanner.holdsPartialFrame || scanner.garbageByteCount > garbageSeen || nackUnanswered else { continue }
                garbageSeen = scanner.garbageByteCount
                nackUnanswered = true
                scanner.reset()
                nacks += 1
                guard nacks <= settings.nackAttempts else {
                    try abort()
                    throw failure(.timeout(timeout))
                }
                statistics.nacks += 1
                try send(Self.negativeAcknowledgement, summary: "NACK (incomplete frame, line quiet)")
                continue
            }
            nackUnanswered = false
            switch result {
            case .frame(.information(.chipToHost, let payload)) where payload.first == code.responseCode:
                return payload
            case .frame(.error):
                throw failure(.syntaxError)
            case .frame:
                continue
            case .corrupt(let corrupt):
                nacks += 1
                guard nacks <= settings.nackAttempts else {
                    try abort()
                    throw failure(.corruptResponse(corrupt))
                }
                statistics.nacks += 1
                try send(Self.negativeAcknowledgement, summary: "NACK (resend)")
                nackUnanswered = true
            }
        }
    }

    private func send(_ bytes: [UInt8], summary: String) throws(PN532Error) {
        trace?(TraceEvent(time: link.now, direction: .transmitted, bytes: bytes, summary: summary))
        do throws(LinkError) { try link.write(bytes) } catch { throw failure(.link(error)) }
        statistics.bytesSent += bytes.count
    }

    /// The next frame or corrupt frame, or nil when the deadline passes first. The link is
    /// read at least once, however late the call; but once `deadline` has passed it is not read
    /// again for the same deadline: a line that never stops sending bytes that are no frame (a
    /// stuck MISO, a UART full of noise) cannot keep the caller past its deadline, whichever
    /// loop asks.
    private func nextFrame(until deadline: MonotonicTime) throws(PN532Error) -> ScanResult? {
        while true {
            let skipped = scanner.garbageByteCount
            if let result = scanner.next() {
                traceReceived(result, skipped: scanner.garbageByteCount - skipped)
                return result
            }
            if link.now >= deadline, lastReadDeadline == deadline { return nil }
            lastReadDeadline = deadline
            let bytes: [UInt8]
            do throws(LinkError) { bytes = try link.read(until: deadline) } catch { throw failure(.link(error)) }
            guard !bytes.isEmpty else { return nil }
            statistics.bytesReceived += bytes.count
            scanner.append(bytes)
        }
    }

    private func traceReceived(_ result: ScanResult, skipped: Int) {
        guard let trace else { return }
        let time = link.now
        if skipped > 0 {
            trace(TraceEvent(time: time, direction: .received, bytes: [], summary: "skipped \(skipped) bytes before a frame"))
        }
        switch result {
        case .frame(let frame):
            trace(TraceEvent(time: time, direction: .received, bytes: (try? frame.encoded()) ?? [], summary: frame.summary))
        case .corrupt(let corrupt):
            trace(TraceEvent(time: time, direction: .received, bytes: corrupt.bytes, summary: "corrupt: \(corrupt.reason)"))
        }
    }
}
